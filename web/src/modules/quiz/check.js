// The entry's check question as a native radio group (fieldset + legend): native radios give
// arrow-key movement, one tab stop and screen-reader roles for free. The engine shuffles the
// options with the learner's seed and grades the answer; this file draws and wires.
import { $, h, replaceChildren } from '../../dom.js';
import { isError } from '../../engine.js';

const LETTERS = 'ABCDEFGHIJ';

/** @typedef {import('../../views.js').Views} Views */
/** @typedef {import('../../answers').Answer<'quiz'>} Graded */
/**
 * A "Show me" hook as the check question uses it (planner/show-me.js offers one). Methods, so
 * a hook may take its own richer demonstration type.
 * @typedef {{id: string, says: string}} Demo
 * @typedef {{demoFor(text: string): Demo | null, available(views: Views): boolean,
 *   show(views: Views, demo: Demo): string, place: {href: string, name: string, where: string}}} ShowMeHook
 */

/**
 * A link to the part a "Show me" would use, where this page does not show it: an embed of one
 * part (`?embed=quiz`) links to the whole page, in a new tab so the course page stays.
 * @param {{href: string, name: string}} place
 * @param {string} demo
 */
function placeLink(place, demo) {
  const url = new URL(location.href);
  const elsewhere = url.search !== '';
  url.search = '';
  url.hash = place.href;
  return h(
    'a',
    {
      href: elsewhere ? url.href : place.href,
      class: 'quiz-show-me-link',
      dataset: { demo },
      ...(elsewhere ? { target: '_blank', rel: 'noopener' } : {}),
    },
    place.name,
  );
}

/**
 * `showMe` holds the "Show me" hooks other modules on this page offer (none: no "Show me").
 * @param {{engine: import('../../engine.js').Engine, entry: import('../define.js').Entry, views: Views,
 *   root: HTMLElement, orderSeed: number, restore: {choice: number, correct: boolean} | null,
 *   showMe: ShowMeHook[], onGraded: (graded: Graded, startedAt: number) => void, onReset: () => void}} options
 */
export function mountCheck({ engine, entry, views, root, orderSeed, restore, showMe, onGraded, onReset }) {
  const form = /** @type {HTMLFormElement} */ (root.querySelector('#quiz-check'));
  const legend = $('#quiz-legend', root);
  const choices = $('#quiz-choices', root);
  const submit = /** @type {HTMLButtonElement} */ (root.querySelector('#quiz-submit'));
  const retry = /** @type {HTMLButtonElement} */ (root.querySelector('#quiz-retry'));
  const feedback = /** @type {HTMLElement} */ (root.querySelector('#quiz-feedback'));
  const error = /** @type {HTMLElement} */ (root.querySelector('#quiz-error'));

  const answer = engine.run('quiz', { check: entry.check, seed: orderSeed });
  if (isError(answer)) throw new Error(`quiz layout: ${answer.error.message}`);
  /** @type {Graded} */
  const layout = answer;
  legend.textContent = layout.question;
  let startedAt = Date.now();

  const radios = layout.options.map((text, k) => {
    const id = `quiz-choice-${k}`;
    const input = h('input', { type: 'radio', name: 'quiz-choice', id, value: String(k) });
    const row = h(
      'div',
      { class: 'quiz-choice', dataset: { original: String(layout.order[k]) } },
      input,
      h(
        'label',
        { for: id },
        h('span', { class: 'quiz-letter', 'aria-hidden': 'true', text: LETTERS[k] }),
        h('span', { text }),
      ),
      h('span', { class: 'quiz-mark', dataset: { mark: '' } }),
    );
    choices.append(row);
    input.addEventListener('change', () => {
      error.hidden = true;
    });
    return input;
  });

  const selected = () => radios.findIndex((r) => r.checked);
  // A first wrong answer says why that option is wrong and leaves the right one to find: the
  // answer shows after a right answer, a second wrong one, or when the learner asks for it.
  let wrongTries = 0;
  let revealed = false;
  // Every radio sits in its row (built above).
  const rowOf = (/** @type {number} */ k) => /** @type {HTMLElement} */ (radios[k].closest('.quiz-choice'));

  /**
   * @param {number} position
   * @param {{announce: boolean}} options
   * @returns {Graded | null}
   */
  function grade(position, { announce }) {
    const graded = engine.run('quiz', { check: entry.check, seed: orderSeed, answer: position });
    if (isError(graded)) {
      error.textContent = graded.error.message;
      error.hidden = false;
      return null;
    }
    if (!graded.correct) wrongTries += 1;
    if (graded.correct || revealed || wrongTries >= 2) showResult(graded);
    else showHint(graded);
    if (announce) onGraded(graded, startedAt);
    return graded;
  }

  /**
   * A wrong answer before the answer is shown: the chosen option marked, why it is wrong, and the
   * choice of trying again or seeing the answer.
   * @param {Graded} graded
   */
  function showHint(graded) {
    for (const [k, r] of radios.entries()) {
      r.disabled = true;
      const row = rowOf(k);
      row.dataset.state = k === graded.answer ? 'wrong' : '';
      $('.quiz-mark', row).textContent = k === graded.answer ? '✗ your answer' : '';
    }
    const reveal = h('button', {
      type: 'button',
      class: 'secondary quiz-reveal',
      text: 'Show the answer',
      on: {
        click: () => {
          revealed = true;
          showResult(graded);
          retry.focus();
        },
      },
    });
    replaceChildren(
      feedback,
      h('p', { class: 'quiz-verdict is-wrong', text: 'Not quite. Try again, or show the answer.' }),
      whyNot([{ text: layout.options[graded.answer], k: graded.answer }]),
      h('p', {}, reveal),
    );
    feedback.hidden = false;
    submit.hidden = true;
    retry.hidden = false;
  }

  /** @param {Graded} graded */
  function showResult(graded) {
    for (const [k, r] of radios.entries()) {
      r.disabled = true;
      const row = rowOf(k);
      const mark = $('.quiz-mark', row);
      row.dataset.state = k === graded.correct_answer ? 'correct' : k === graded.answer ? 'wrong' : '';
      mark.textContent = k === graded.correct_answer ? '✓ correct answer' : k === graded.answer ? '✗ your answer' : '';
    }
    const verdict = graded.correct ? 'Right.' : `Not quite: the answer is “${graded.correct_option}”.`;
    const wrongOnes = layout.options.map((text, k) => ({ text, k })).filter(({ k }) => k !== graded.correct_answer);
    replaceChildren(
      feedback,
      h('p', { class: `quiz-verdict ${graded.correct ? 'is-right' : 'is-wrong'}`, text: verdict }),
      h('p', { class: 'quiz-explanation', text: graded.explanation }),
      whyNot(wrongOnes),
    );
    feedback.hidden = false;
    submit.hidden = true;
    retry.hidden = false;
  }

  /**
   * One "Show me" per wrong option that a hook has a demonstration for.
   * @param {{text: string, k: number}[]} wrongOnes
   */
  function whyNot(wrongOnes) {
    const items = wrongOnes.flatMap(({ text }) => {
      const hook = showMe.find((x) => x.demoFor(text));
      const demo = hook?.demoFor(text);
      return hook && demo ? [{ text, hook, demo }] : [];
    });
    if (items.length === 0) return null;
    const live = h('p', { class: 'quiz-demo-note', role: 'status' });
    const list = h(
      'ul',
      { class: 'quiz-why-not' },
      ...items.map(({ text, hook, demo }) =>
        h(
          'li',
          {},
          h('span', { class: 'quiz-why-text' }, h('strong', { text: `Why not “${text}”? ` }), demo.says, ' '),
          hook.available(views)
            ? h(
                'button',
                {
                  type: 'button',
                  class: 'secondary quiz-show-me',
                  dataset: { demo: demo.id },
                  on: {
                    click: () => {
                      live.textContent = hook.show(views, demo);
                    },
                  },
                },
                'Show me',
                h('span', { class: 'visually-hidden', text: ` why not “${text}” ${hook.place.where}` }),
              )
            : placeLink(hook.place, demo.id),
        ),
      ),
    );
    return h('div', { class: 'quiz-why' }, list, live);
  }

  function reset() {
    for (const [k, r] of radios.entries()) {
      r.disabled = false;
      r.checked = false;
      const row = rowOf(k);
      row.dataset.state = '';
      $('.quiz-mark', row).textContent = '';
    }
    replaceChildren(feedback);
    feedback.hidden = true;
    submit.hidden = false;
    retry.hidden = true;
    error.hidden = true;
    startedAt = Date.now();
    respectLock();
    radios[0].focus();
    onReset();
  }

  // An instructor's lock (embed flag) must survive our own enabling and disabling.
  function respectLock() {
    if (root.querySelector('[data-param="check"][data-locked]')) for (const r of radios) r.disabled = true;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const k = selected();
    if (k < 0) {
      error.textContent = 'Choose one of the options first.';
      error.hidden = false;
      radios[0].focus();
      return;
    }
    if (grade(k, { announce: true })) retry.focus();
  });
  retry.addEventListener('click', reset);

  // Restore a stored answer (given as the entry's option index) without announcing it again.
  if (restore) {
    const k = layout.order.indexOf(restore.choice);
    if (k >= 0) {
      radios[k].checked = true;
      grade(k, { announce: false });
    }
  }
  return { original: (/** @type {number} */ position) => layout.order[position] };
}
