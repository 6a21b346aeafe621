// The ideal ring all-reduce lab (engine commands allreduce, nccl-tests).
import { defineModule } from '../define.js';

export default defineModule({
  name: 'lab',
  label: 'Ring all-reduce lab',
  section: { id: 'lab', title: 'Lab: ideal ring all-reduce', toc: 'Lab' },
  // The lab states the entry's labScope above its controls.
  showsLabScope: true,
  // The first links carried the lab's values unprefixed: #ranks=8&bytes=…
  legacyParams: ['ranks', 'bytes', 'bandwidth', 'latency'],
  // Its starting points are content (content/presets/ring.json), checked by the engine.
  presets: ['ring'],
});
