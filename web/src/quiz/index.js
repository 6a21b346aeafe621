// Placeholder until the quiz view lands: the static section explains what will be there.
/** @param {any} ctx */
export function initQuiz(ctx) {
  void ctx;
}
