// The network lab (engine commands collective, dp-network): one collective on a described
// cluster with the split explorer's NCCL model, and the network the explorer's split needs to
// hide its data-parallel traffic.
import { defineModule } from '../define.js';

export default defineModule({
  name: 'network',
  label: 'Network lab',
  section: { id: 'network', title: 'Lab: collectives on a real network', toc: 'Network lab' },
  // Its commands share the planner's NCCL model and read the explorer's plan: they live in the
  // engine's planner module, fetched with the lab's code when it comes near.
  engine: 'planner',
  waitsUntilNear: true,
});
