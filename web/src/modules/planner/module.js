// The split explorer (engine commands presets, plan, search, batch, import, export, fidelity).
// It offers "Show me" to the check question: a wrong option about a split is shown as that split.
import { defineModule } from '../define.js';
import { showMe } from './show-me.js';

export default defineModule({
  name: 'planner',
  label: 'Split explorer',
  section: { id: 'planner', title: 'Split explorer', toc: 'Split explorer' },
  offers: { showMe },
});
