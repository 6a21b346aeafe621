// The check question graded by the engine, with progress kept per entry and xAPI-shaped
// messages to a course page, and generated batch-accounting practice (engine commands quiz,
// practice). It fills the entry's own check section rather than adding one.
import { defineModule } from '../define.js';

export default defineModule({
  name: 'quiz',
  label: 'Check question and practice',
  into: 'check',
  // The check sits far down the page: its code and its engine module (quiz, practice) are
  // fetched when it comes near, or at once for a #check link or a quiz embed.
  engine: 'quiz',
  waitsUntilNear: true,
  // The practice exercise in the hash is the learner's own place, not an instructor's setting.
  snippetKeepsState: false,
});
