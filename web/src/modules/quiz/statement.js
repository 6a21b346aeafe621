// Graded answers as xAPI-shaped "answered" statements, posted to an embedding course page.
// The host adds the actor (it knows who is logged in) and forwards the rest to its LRS.
// Scores and accepted ranges come from the engine's grading; this file only arranges them.
// docs/quiz-messages.md documents the message.

const VERB_ANSWERED = { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } };
const INTERACTION = 'http://adlnet.gov/expapi/activities/cmi.interaction';

/** @typedef {import('../define.js').Entry} Entry */

/**
 * The in-page event (channel.announce) a graded check answer raises, once per answer the learner
 * gives (not for one restored from storage): detail `{entry, correct, score}`, with `correct`
 * and `score` ({raw, min, max, scaled}) as the engine's quiz grading returned them. A course
 * package's LMS adapter (web/src/scorm12.js) listens for it.
 */
export const CHECK_GRADED = 'check-graded';

/**
 * A URN the host can use as an xAPI activity id; stable across hosting locations.
 * @param {string} entryId
 * @param {...string} parts
 */
export function activityId(entryId, ...parts) {
  return ['urn:parallelism-atlas', entryId, ...parts].join(':');
}

/**
 * ISO 8601 duration ("PT1M4.25S") of an interval in milliseconds.
 * @param {number} ms
 */
export function isoDuration(ms) {
  const total = Math.max(0, Math.round(ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = Math.round((total % 60) * 100) / 100;
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds}S`;
}

/**
 * Choice ids from option text ("Tensor parallelism" → "tensor-parallelism"), unique per question.
 * @param {string[]} options
 */
export function choiceIds(options) {
  /** @type {Set<string>} */
  const seen = new Set();
  return options.map((text, i) => {
    let id =
      String(text)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 60) || `option-${i}`;
    if (seen.has(id)) id = `${id}-${i}`;
    seen.add(id);
    return id;
  });
}

/** @param {string} entryId */
function parent(entryId) {
  return { contextActivities: { parent: [{ id: activityId(entryId), objectType: 'Activity' }] } };
}

/**
 * The statement for the check question. `graded` is the engine's `quiz` response; options
 * are the entry's, in the entry's order (ids do not depend on the learner's shuffle).
 * @param {{entry: Entry, graded: import('../../answers').Answer<'quiz'>, startedAt: number, now?: number}} answered
 */
export function choiceStatement({ entry, graded, startedAt, now = Date.now() }) {
  const ids = choiceIds(entry.check.options);
  return {
    verb: VERB_ANSWERED,
    object: {
      objectType: 'Activity',
      id: activityId(entry.id, 'check'),
      definition: {
        type: INTERACTION,
        name: { 'en-US': `${entry.shortName}: check question` },
        description: { 'en-US': entry.check.question },
        interactionType: 'choice',
        correctResponsesPattern: [ids[graded.original_correct_answer]],
        choices: entry.check.options.map((text, i) => ({ id: ids[i], description: { 'en-US': text } })),
      },
    },
    result: {
      response: ids[graded.original_answer],
      success: graded.correct,
      score: graded.score,
      duration: isoDuration(now - startedAt),
    },
    context: parent(entry.id),
    timestamp: new Date(now).toISOString(),
  };
}

/**
 * The statement for a practice exercise; `graded` is the engine's `practice` grading response.
 * @param {{entry: Entry, graded: import('../../answers').Answer<'practice'>, startedAt: number, now?: number}} answered
 */
export function numericStatement({ entry, graded, startedAt, now = Date.now() }) {
  const e = graded.exercise;
  const { min, max } = e.accepted;
  return {
    verb: VERB_ANSWERED,
    object: {
      objectType: 'Activity',
      id: activityId(entry.id, 'practice', e.id),
      definition: {
        type: INTERACTION,
        name: { 'en-US': `${entry.shortName}: batch accounting practice ${e.id}` },
        description: { 'en-US': e.question },
        interactionType: 'numeric',
        // xAPI numeric patterns: an exact value, or "min[:]max" for a range.
        correctResponsesPattern: [min === max ? String(min) : `${min}[:]${max}`],
      },
    },
    result: {
      response: String(graded.response),
      success: graded.correct,
      score: graded.score,
      duration: isoDuration(now - startedAt),
    },
    context: parent(entry.id),
    timestamp: new Date(now).toISOString(),
  };
}
