// The check question and batch-accounting practice in #check. The static page lists the
// question and options; with the engine loaded that list gives way to a graded radio group and
// the practice panel. Progress survives reloads (progress.js); graded answers go to an
// embedding course page as xAPI-shaped messages (statement.js, docs/quiz-messages.md).
import { mountCheck } from './check.js';
import { mountPractice } from './practice.js';
import { loadProgress, saveProgress, practiceScore } from './progress.js';
import { CHECK_GRADED, choiceStatement, numericStatement } from './statement.js';

const MAX_SEED = 2 ** 53 - 1;
const DEFAULTS = Object.freeze({ seed: 1, index: 0 });

/**
 * @param {unknown} value a link's text, or a number from a caller
 * @param {number} max
 */
function parseWhole(value, max) {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,16}$/.test(value.trim())
        ? Number(value)
        : NaN;
  return Number.isInteger(n) && n >= 0 && n <= max ? n : null;
}

/** @param {import('../define.js').ModuleContext} ctx */
export function start(ctx) {
  const { engine, entry, views, channel } = ctx;
  const section = document.getElementById('check');
  const root = document.getElementById('quiz-app');
  if (!section || !root || !entry?.check) return;

  const progress = loadProgress(entry.id);
  const save = () => saveProgress(progress);

  const check = mountCheck({
    engine,
    entry,
    views,
    root,
    orderSeed: progress.orderSeed,
    restore: progress.check,
    showMe: ctx.offers('showMe'),
    onGraded: (graded, startedAt) => {
      progress.check = { choice: graded.original_answer, correct: graded.correct };
      save();
      channel.post('answered', choiceStatement({ entry, graded, startedAt }));
      // The engine's grading as it is, for a course package's LMS adapter (web/src/scorm12.js).
      channel.announce(CHECK_GRADED, { entry: entry.id, correct: graded.correct, score: graded.score });
    },
    onReset: () => {
      progress.check = null;
      save();
    },
  });

  const practice = mountPractice({
    engine,
    root,
    progress,
    score: () => practiceScore(progress),
    onGraded: (graded, startedAt) => {
      save();
      channel.post('answered', numericStatement({ entry, graded, startedAt }));
    },
    onMove: () => {
      save();
      views.changed('quiz');
    },
  });

  views.register({
    id: 'quiz',
    root,
    defaults: DEFAULTS,
    getState: () => ({ seed: progress.practice.seed, index: progress.practice.index }),
    setState: (partial) => {
      /** @type {string[]} */
      const rejected = [];
      let seed = progress.practice.seed;
      let index = progress.practice.index;
      if (partial && 'seed' in partial) {
        const n = parseWhole(partial.seed, MAX_SEED);
        if (n === null) rejected.push('seed');
        else seed = n;
      }
      if (partial && 'index' in partial) {
        const n = parseWhole(partial.index, 1e9);
        if (n === null) rejected.push('index');
        else index = n;
      }
      // A new set without an index starts at its first exercise.
      if (partial && 'seed' in partial && !('index' in partial) && seed !== progress.practice.seed) index = 0;
      practice.go(seed, index);
      save();
      return rejected;
    },
  });

  // Swap the static list for the interactive version only once everything above worked.
  section.querySelector('.check-static')?.classList.add('enhanced');
  root.hidden = false;
  void check;
}
