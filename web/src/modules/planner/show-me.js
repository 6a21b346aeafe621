// "Show me", the hook the split explorer offers the check question (module.js): for a wrong
// option that claims a split, the explorer is put into a layout that makes the difference
// visible. The check question knows only the hook; the explorer is reached through the views
// registry, with words and a link instead when it is not running or hidden (for instance when
// only the quiz is embedded). This file is in the boot script, so it works without the
// explorer's own script.
import { byId, h } from '../../dom.js';

/** @typedef {import('../../views.js').Views} Views */
/** @typedef {typeof DEMOS[number]} Demo */

/** Small dense model: its 32 layers divide evenly over 4 stages, so stages hold whole layers. */
const MODEL = 'llama-3.1-8b';

/**
 * Demonstrations keyed by what a wrong option claims. `match` reads the option text, so an edited
 * entry still gets the right picture; an option nothing matches simply has no "Show me".
 */
export const DEMOS = [
  {
    id: 'pipeline',
    match: /pipeline/i,
    // Eight micro-batches of one sequence (two per stage): a schedule the Gantt chart draws block
    // by block, with the fill and drain bubbles as wide as the blocks beside them.
    planner: {
      model: MODEL,
      gpus: 4,
      dp_auto: false,
      dp: 1,
      tp: 1,
      pp: 4,
      cp: 1,
      ep: 1,
      virtual_stages: 1,
      schedule: '1f1b',
      micro: 1,
      global: 8,
    },
    says: 'Pipeline parallelism gives each device a group of whole layers (a stage) and passes activations from stage to stage; nothing inside a layer is split.',
    shown:
      'The split explorer now shows 4 pipeline stages (tp 1, pp 4): each device holds whole layers, and its pipeline schedule draws 8 micro-batches passing through them.',
  },
  {
    id: 'data',
    match: /data|replica/i,
    planner: { model: MODEL, gpus: 4, dp_auto: false, dp: 4, tp: 1, pp: 1, cp: 1, ep: 1 },
    says: 'Data parallelism gives every device a full copy of every layer; the replicas differ only in the samples they process.',
    shown: 'The split explorer now shows 4 data-parallel replicas (dp 4): each device holds every whole layer.',
  },
];

/**
 * The demonstration for an option's text, or null.
 * @param {string} optionText
 */
function demoFor(optionText) {
  return DEMOS.find((d) => d.match.test(optionText)) ?? null;
}

/**
 * True when the planner is registered and its section is on screen in this layout.
 * @param {Views} views
 */
function plannerAvailable(views) {
  const section = document.getElementById('planner');
  return Boolean(views?.get?.('planner')) && section !== null && section.getClientRects().length > 0;
}

/**
 * Applies the demo to the planner and takes the reader there. Returns a sentence for the quiz's
 * live region: what the planner now shows, or why it could not.
 * @param {Views} views
 * @param {Demo} demo
 */
function showInPlanner(views, demo) {
  if (!plannerAvailable(views)) return `${demo.says} (The split explorer is not available here.)`;
  const rejected = views.apply('planner', demo.planner);
  const section = byId('planner'); // there: plannerAvailable found it
  if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
  addWayBack(section, demo.shown);
  if (rejected.length > 0) return `${demo.says} (The split explorer did not accept: ${rejected.join(', ')}.)`;
  return demo.shown;
}

/**
 * A note at the top of the explorer that says what it shows and leads back to the question.
 * @param {HTMLElement} section
 * @param {string} text
 */
function addWayBack(section, text) {
  section.querySelector('.quiz-way-back')?.remove();
  const back = h('a', { href: '#check', text: 'Back to the question' });
  back.addEventListener('click', (event) => {
    event.preventDefault();
    note.remove();
    const check = document.getElementById('check');
    if (!check) return;
    check.scrollIntoView({ block: 'start' });
    // The answered radios may be disabled until "Try again"; then the section itself takes focus.
    const target = /** @type {HTMLElement | undefined} */ (
      [...check.querySelectorAll('input:checked:enabled, button:enabled')].find((el) => el.getClientRects().length > 0)
    );
    if (target) target.focus({ preventScroll: true });
    else {
      if (!check.hasAttribute('tabindex')) check.setAttribute('tabindex', '-1');
      check.focus({ preventScroll: true });
    }
  });
  const note = h('p', { class: 'notice quiz-way-back' }, `${text} `, back);
  const heading = section.querySelector('h2');
  if (heading) heading.after(note);
  else section.prepend(note);
}

/**
 * The hook: `demoFor(text)` finds a demonstration; `available(views)` says whether it can be
 * shown here; `show(views, demo)` shows it and returns a sentence for a live region; `place`
 * is where to send the reader otherwise.
 */
export const showMe = Object.freeze({
  demoFor,
  available: plannerAvailable,
  show: showInPlanner,
  place: { href: '#planner', name: 'Split explorer', where: 'in the split explorer' },
});
