// The learner's progress (check answer, practice seed, answers, score) in localStorage under a
// versioned key per entry: the entries of one atlas share a site, so one origin. Storage is a
// convenience, never a requirement: when access throws (disabled, sandboxed frame, quota) the
// page keeps working with in-memory progress, and anything stored that is corrupt, from another
// entry or from a newer version is dropped without a word.

export const PROGRESS_VERSION = 1;
// Before entries had their own pages, one key held the only entry's progress; it is still read
// (parseProgress keeps it only for the entry it names) and the entry's own key written.
const LEGACY_KEY = `parallelism-atlas:quiz:v${PROGRESS_VERSION}`;

/**
 * The storage key of an entry's progress.
 * @param {string} entryId
 */
export function storageKey(entryId) {
  return `parallelism-atlas:${entryId}:quiz:v${PROGRESS_VERSION}`;
}

const MAX_ANSWERS = 500; // bounds what a long session can put in storage
const MAX_SEED = 2 ** 53 - 1;

/**
 * @typedef {{response: string, correct: boolean}} PracticeAnswer
 * @typedef {{version: number, entry: string, orderSeed: number,
 *   check: {choice: number, correct: boolean} | null,
 *   practice: {seed: number, index: number, answers: Record<string, PracticeAnswer>}}} Progress
 */

const isSeed = (/** @type {number} */ n) => Number.isInteger(n) && n >= 0 && n <= MAX_SEED;
const isIndex = (/** @type {number} */ n) => Number.isInteger(n) && n >= 0 && n <= 1e9;

/** A random 32-bit seed; Math.random is enough here (nothing depends on it being secret). */
export function randomSeed() {
  return Math.floor(Math.random() * 2 ** 32);
}

/**
 * @param {string} entryId
 * @returns {Progress}
 */
export function freshProgress(entryId, seed = randomSeed()) {
  return {
    version: PROGRESS_VERSION,
    entry: entryId,
    orderSeed: seed,
    check: null,
    practice: { seed, index: 0, answers: {} },
  };
}

/**
 * Checks stored data field by field; returns null for anything that is not exactly ours.
 * @param {string} text
 * @param {string} entryId
 * @returns {Progress | null}
 */
export function parseProgress(text, entryId) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  if (data.version !== PROGRESS_VERSION || data.entry !== entryId || !isSeed(data.orderSeed)) return null;
  const p = data.practice;
  if (!p || typeof p !== 'object' || !isSeed(p.seed) || !isIndex(p.index)) return null;
  if (!p.answers || typeof p.answers !== 'object' || Array.isArray(p.answers)) return null;
  /** @type {Record<string, PracticeAnswer>} */
  const answers = {};
  for (const [key, a] of Object.entries(p.answers).slice(0, MAX_ANSWERS)) {
    if (!/^\d+-\d+$/.test(key) || !a || typeof a.response !== 'string' || typeof a.correct !== 'boolean') return null;
    answers[key] = { response: a.response.slice(0, 100), correct: a.correct };
  }
  let check = null;
  if (data.check !== null && data.check !== undefined) {
    const c = data.check;
    if (!c || !Number.isInteger(c.choice) || c.choice < 0 || c.choice > 100 || typeof c.correct !== 'boolean')
      return null;
    check = { choice: c.choice, correct: c.correct };
  }
  return {
    version: PROGRESS_VERSION,
    entry: entryId,
    orderSeed: data.orderSeed,
    check,
    practice: { seed: p.seed, index: p.index, answers },
  };
}

/**
 * Reads progress; a missing, unreadable or foreign value gives fresh progress.
 * @param {string} entryId
 * @param {Storage | null} [storage]
 */
export function loadProgress(entryId, storage = safeStorage()) {
  if (!storage) return freshProgress(entryId);
  const read = (/** @type {string} */ key) => {
    const text = storage.getItem(key);
    return text !== null ? parseProgress(text, entryId) : null;
  };
  try {
    return read(storageKey(entryId)) ?? read(LEGACY_KEY) ?? freshProgress(entryId);
  } catch {
    return freshProgress(entryId);
  }
}

/**
 * Writes progress; failures (disabled storage, quota) are ignored on purpose.
 * @param {Progress} progress
 * @param {Storage | null} [storage]
 */
export function saveProgress(progress, storage = safeStorage()) {
  if (!storage) return;
  const answers = Object.entries(progress.practice.answers);
  const kept =
    answers.length > MAX_ANSWERS ? Object.fromEntries(answers.slice(-MAX_ANSWERS)) : progress.practice.answers;
  try {
    storage.setItem(
      storageKey(progress.entry),
      JSON.stringify({ ...progress, practice: { ...progress.practice, answers: kept } }),
    );
  } catch {
    // Storage full or blocked: the session goes on in memory.
  }
}

/**
 * Practice score: one answer per exercise (first attempt), over every set answered.
 * @param {Progress} progress
 */
export function practiceScore(progress) {
  let correct = 0;
  let attempted = 0;
  for (const a of Object.values(progress.practice.answers)) {
    attempted += 1;
    if (a.correct) correct += 1;
  }
  return { correct, attempted };
}

// Merely reading window.localStorage throws in some sandboxed frames and with cookies blocked.
function safeStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
