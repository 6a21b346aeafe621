// Placeholder until the lab view lands: the static section explains what will be there.
/** @param {any} ctx */
export function initLab(ctx) {
  void ctx;
}
