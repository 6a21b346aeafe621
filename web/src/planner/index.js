// Placeholder until the planner view lands: the static section explains what will be there.
/** @param {any} ctx */
export function initPlanner(ctx) {
  void ctx;
}
