// The split explorer (engine commands presets, plan, search, batch, import, export, fidelity).
// It offers "Show me" to the check question: a wrong option about a split is shown as that split.
import { defineModule } from '../define.js';
import { showMe } from './show-me.js';

export default defineModule({
  name: 'planner',
  label: 'Split explorer',
  section: { id: 'planner', title: 'Split explorer', toc: 'Split explorer' },
  offers: { showMe },
  // Its commands are the engine's planner module (about 350 KB compressed): fetched with the
  // explorer's code when it comes near, or near the check question, whose "Show me" opens it.
  engine: 'planner',
  waitsUntilNear: true,
  alsoNear: ['check'],
});
