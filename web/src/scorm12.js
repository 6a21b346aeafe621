// The course package's own SCORM 1.2 adapter: the page, launched by an LMS as a SCO, reports the
// check question's score and status to the LMS's API object. It runs only in the package (the
// package build adds its script, scorm12-start.js, to the packaged pages; the site never loads
// it) and does nothing, without a throw, when no LMS is there. It talks to nothing but the API
// object the LMS put in a window above this one: no requests of its own.
// Data model and calls: ADL, SCORM Version 1.2, The SCORM Run-Time Environment (2001), “RTE” below.
import { CHECK_GRADED } from './modules/quiz/statement.js';

/**
 * The LMS's side of the SCORM 1.2 run-time API (RTE, the API); LMSs return "true"/"false" as strings
 * (some as booleans), and values as strings.
 * @typedef {{LMSInitialize(arg: string): unknown, LMSFinish(arg: string): unknown,
 *   LMSGetValue(element: string): unknown, LMSSetValue(element: string, value: string): unknown,
 *   LMSCommit(arg: string): unknown, LMSGetLastError(): unknown}} Scorm12Api
 */

// How many windows up the chain the search goes: an assumption, well beyond the frames any LMS
// player nests a SCO in (ADL's own 1.2 sample wrapper also gives up after 7 parents).
const MAX_PARENTS = 7;

/**
 * The API object in `win` itself; null when absent, not an API, or across origins (reading a
 * property of a cross-origin window throws).
 * @param {Window | null | undefined} win
 * @returns {Scorm12Api | null}
 */
function apiIn(win) {
  try {
    const api = /** @type {any} */ (win)?.API;
    return api && typeof api.LMSInitialize === 'function' && typeof api.LMSSetValue === 'function' ? api : null;
  } catch {
    return null;
  }
}

/**
 * Walks `win` and its parents, then its opener and the opener's parents (RTE: the LMS
 * puts the API in the chain of the SCO's window's parents or of its opener), for the LMS's API object.
 * @param {Window} win
 * @returns {Scorm12Api | null}
 */
export function findLmsApi(win) {
  /** @param {Window | null | undefined} start */
  const inChain = (start) => {
    let w = start;
    for (let hops = 0; w && hops <= MAX_PARENTS; hops += 1) {
      const api = apiIn(w);
      if (api) return api;
      /** @type {Window | null} */
      let up = null;
      try {
        up = w.parent;
      } catch {
        return null;
      }
      if (!up || up === w) return null;
      w = up;
    }
    return null;
  };
  let opener = null;
  try {
    opener = win.opener;
  } catch {
    opener = null;
  }
  return inChain(win) ?? inChain(opener);
}

/**
 * CMITimespan (RTE data types: HHHH:MM:SS.SS, hours of 2 to 4 digits) of an interval in milliseconds.
 * @param {number} ms
 */
export function scormTimespan(ms) {
  const centis = Math.min(Math.max(0, Math.round(ms / 10)), 9999 * 360000 + 359999);
  const hours = Math.floor(centis / 360000);
  const minutes = Math.floor((centis % 360000) / 6000);
  const seconds = (centis % 6000) / 100;
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${two(hours)}:${two(minutes)}:${seconds.toFixed(2).padStart(5, '0')}`;
}

/**
 * The engine's score as SCORM 1.2 wants it: cmi.core.score.raw "must be a normalized value between
 * 0 and 100" (RTE, cmi.core.score.raw), so the engine's scaled score (0..1) becomes a percentage of 0..100;
 * null for anything that is not a finite score in range.
 * @param {unknown} score the `score` of the engine's quiz grading ({raw, min, max, scaled})
 */
export function scormScore(score) {
  const scaled = /** @type {any} */ (score)?.scaled;
  if (typeof scaled !== 'number' || !Number.isFinite(scaled) || scaled < 0 || scaled > 1) return null;
  return { raw: String(Math.round(scaled * 10000) / 100), min: '0', max: '100' };
}

/**
 * Connects this page to the LMS, if there is one: LMSInitialize(""), marks a first attempt
 * "incomplete", then for each graded check answer sets cmi.core.score.raw/min/max and
 * cmi.core.lesson_status (passed or failed, as the engine graded it) and commits; on page hide
 * it sets the session time and calls LMSFinish once. Returns null when no LMS answers; never
 * throws (an LMS whose calls throw is treated as one that said "false").
 * @param {Window} win
 * @param {{now?: () => number}} [options]
 * @returns {{api: Scorm12Api, finish: () => void} | null}
 */
export function connectScorm12(win, { now = () => Date.now() } = {}) {
  const api = findLmsApi(win);
  if (!api) return null;
  /**
   * @param {'LMSInitialize' | 'LMSFinish' | 'LMSGetValue' | 'LMSSetValue' | 'LMSCommit'} name
   * @param {string[]} args
   */
  const call = (name, ...args) => {
    try {
      return String(/** @type {any} */ (api)[name](...args));
    } catch {
      return 'false';
    }
  };
  if (call('LMSInitialize', '') !== 'true') return null;
  const startedAt = now();
  // "not attempted" is the LMS's value until the SCO says otherwise (RTE, cmi.core.lesson_status); a learner who
  // passed before keeps that status until a new answer changes it.
  const status = call('LMSGetValue', 'cmi.core.lesson_status');
  if (status === 'not attempted' || status === '') {
    call('LMSSetValue', 'cmi.core.lesson_status', 'incomplete');
    call('LMSCommit', '');
  }
  let finished = false;
  /** @param {Event} event */
  const onGraded = (event) => {
    if (finished) return;
    const detail = /** @type {CustomEvent} */ (event).detail;
    const score = scormScore(detail?.score);
    if (!score || typeof detail.correct !== 'boolean') return;
    call('LMSSetValue', 'cmi.core.score.min', score.min);
    call('LMSSetValue', 'cmi.core.score.max', score.max);
    call('LMSSetValue', 'cmi.core.score.raw', score.raw);
    call('LMSSetValue', 'cmi.core.lesson_status', detail.correct ? 'passed' : 'failed');
    call('LMSCommit', '');
  };
  const finish = () => {
    if (finished) return;
    finished = true;
    win.document.removeEventListener(`atlas:${CHECK_GRADED}`, onGraded);
    call('LMSSetValue', 'cmi.core.session_time', scormTimespan(now() - startedAt));
    // No suspend data: a new launch is a new attempt (docs/course-package.md).
    call('LMSSetValue', 'cmi.core.exit', '');
    call('LMSCommit', '');
    call('LMSFinish', '');
  };
  win.document.addEventListener(`atlas:${CHECK_GRADED}`, onGraded);
  // pagehide fires when the LMS closes or navigates the SCO's frame, and on tab close.
  win.addEventListener('pagehide', finish);
  return { api, finish };
}
