// Practice panel: one generated exercise at a time (engine `practice` with seed and index),
// graded by the engine from the text the learner typed, with the worked solution afterwards.
import { h, replaceChildren } from '../../dom.js';
import { isError } from '../../engine.js';
import { formatCount } from '../../format.js';

/** @typedef {import('../../answers').Answer<'practice'>} Graded */
/** @typedef {Graded['exercise']} Exercise */

/**
 * @param {{engine: import('../../engine.js').Engine, root: HTMLElement,
 *   progress: import('./progress.js').Progress, onGraded: (graded: Graded, startedAt: number) => void,
 *   onMove: () => void, score: () => {correct: number, attempted: number}}} options
 */
export function mountPractice({ engine, root, progress, onGraded, onMove, score }) {
  const q = (/** @type {string} */ sel) => /** @type {HTMLElement} */ (root.querySelector(sel));
  const question = q('#practice-question');
  const givens = q('#practice-givens');
  const form = /** @type {HTMLFormElement} */ (q('#practice-form'));
  const input = /** @type {HTMLInputElement} */ (q('#practice-answer'));
  const label = q('#practice-answer-label');
  const hint = q('#practice-hint');
  const error = q('#practice-error');
  const submit = /** @type {HTMLButtonElement} */ (q('#practice-submit'));
  const feedback = q('#practice-feedback');
  const next = /** @type {HTMLButtonElement} */ (q('#practice-next'));
  const seedInput = /** @type {HTMLInputElement} */ (q('#practice-seed'));
  const scoreOut = q('#practice-score');
  const meta = q('#practice-meta');

  /** @type {Exercise | null} */
  let exercise = null;
  let startedAt = Date.now();
  const key = () => `${progress.practice.seed}-${progress.practice.index}`;
  const locked = (/** @type {string} */ name) => Boolean(root.querySelector(`[data-param="${name}"][data-locked]`));

  function showScore() {
    const s = score();
    scoreOut.textContent =
      s.attempted === 0
        ? 'Score: no exercises answered yet.'
        : `Score: ${s.correct} of ${s.attempted} correct on the first try.`;
  }

  /** @param {string | null} message */
  function setError(message) {
    error.textContent = message ?? '';
    error.hidden = !message;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  /** Draws exercise (seed, index) from the engine; restores its stored answer if any. */
  function load() {
    const r = engine.run('practice', { seed: progress.practice.seed, index: progress.practice.index });
    if (isError(r)) {
      replaceChildren(question, h('span', { class: 'notice notice-error', text: r.error.message }));
      return;
    }
    const shown = /** @type {Graded} */ (r).exercise;
    exercise = shown;
    seedInput.value = String(progress.practice.seed);
    meta.textContent = `Set ${progress.practice.seed}, exercise ${progress.practice.index + 1}`;
    question.textContent = shown.question;
    replaceChildren(
      givens,
      ...shown.givens.map((g) =>
        h(
          'div',
          { class: 'practice-given' },
          h('dt', {}, g.label, ' ', h('var', { text: g.symbol })),
          h('dd', { text: `${formatCount(g.value)} ${g.unit}` }),
        ),
      ),
    );
    label.textContent = shown.unknown.label;
    // How to write the answer, without example numbers that could be read as the answer.
    hint.textContent =
      shown.tolerance_text === 'exact'
        ? `Answer in ${shown.unknown.unit}, exactly. Commas between thousands are fine.`
        : `Answer in ${shown.unknown.unit}; accepted ${shown.tolerance_text}. Commas between thousands, or k and M for thousands and millions, are fine.`;
    input.value = '';
    input.disabled = locked('response');
    submit.hidden = false;
    submit.disabled = locked('response');
    setError(null);
    replaceChildren(feedback);
    startedAt = Date.now();
    const stored = progress.practice.answers[key()];
    if (stored) {
      input.value = stored.response;
      grade(stored.response, { announce: false });
    }
  }

  /**
   * @param {string} text
   * @param {{announce: boolean}} options
   */
  function grade(text, { announce }) {
    const r = engine.run('practice', { seed: progress.practice.seed, index: progress.practice.index, response: text });
    if (isError(r)) {
      setError(r.error.path === '/response' ? r.error.message : `The engine could not grade this: ${r.error.message}`);
      return;
    }
    setError(null);
    input.disabled = true;
    submit.hidden = true;
    // Graded only once load() has shown an exercise (the form and a stored answer come after it).
    const shown = /** @type {Exercise} */ (exercise);
    const unit = shown.unknown.unit;
    replaceChildren(
      feedback,
      h('p', { class: `practice-verdict ${r.correct ? 'is-right' : 'is-wrong'}` }, r.correct ? '✓ ' : '✗ ', r.feedback),
      r.correct ? null : h('p', { text: `Expected: ${formatCount(r.expected)} ${unit} (${shown.tolerance_text}).` }),
      h('h4', { text: 'Worked solution' }),
      h('ol', { class: 'practice-solution' }, ...shown.solution.map((step) => h('li', { text: step }))),
    );
    if (announce) {
      progress.practice.answers[key()] ??= { response: text, correct: r.correct };
      onGraded(r, startedAt);
      showScore();
      next.focus();
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (input.disabled) return;
    const text = input.value.trim();
    if (text === '') {
      setError('Type a number first.');
      input.focus();
      return;
    }
    grade(text, { announce: true });
  });
  next.addEventListener('click', () => {
    progress.practice.index += 1;
    load();
    onMove();
    input.focus();
  });
  // A value that is not an exercise set is named at the field (an empty field is not set 0).
  const seedError = h('p', { class: 'field-error', id: 'practice-seed-error', 'aria-live': 'polite' });
  seedInput.closest('.field')?.append(seedError);
  seedInput.setAttribute('aria-describedby', seedError.id);
  seedInput.addEventListener('change', () => {
    const text = seedInput.value.trim();
    const n = /^\d{1,16}$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(n) || n > 2 ** 53 - 1) {
      seedError.textContent = `Exercise sets are numbered with whole numbers from 0; still showing set ${progress.practice.seed}.`;
      seedInput.setAttribute('aria-invalid', 'true');
      return;
    }
    seedError.textContent = '';
    seedInput.removeAttribute('aria-invalid');
    progress.practice.seed = n;
    progress.practice.index = 0;
    load();
    onMove();
  });

  load();
  showScore();
  return {
    /**
     * Moves to (seed, index) from a link.
     * @param {number} seed
     * @param {number} index
     */
    go(seed, index) {
      progress.practice.seed = seed;
      progress.practice.index = index;
      load();
    },
    refreshScore: showScore,
  };
}
