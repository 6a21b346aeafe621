// Worked serving scenarios: each applies one layout and lays a few variants side by side (every
// row is one `plan` call), so the lesson shows in the engine's numbers.
import { formatCount, formatTokenRate, formatSeconds } from '../../format.js';
import { initScenarioCards } from './scenarios.js';

/** @typedef {import('./scenarios.js').Patch} Patch */

const SERVE = {
  mode: 'inference',
  hardware: 'h100-sxm',
  dp_auto: true,
  cp: 1,
  ep: 1,
  pp: 1,
  prompt: 2048,
  output: 256,
  weights: 'bf16',
  expert_weights: 'same',
  kv: 'bf16',
};
const on8b = (/** @type {number} */ tp, /** @type {number} */ users) => ({
  ...SERVE,
  model: 'llama-3.1-8b',
  gpus: 8,
  tp,
  concurrency: users,
});
const on70b = (
  /** @type {number} */ gpus,
  /** @type {number} */ tp,
  /** @type {number} */ pp,
  /** @type {number} */ users,
  weights = 'bf16',
) => ({
  ...SERVE,
  model: 'llama-3.1-70b',
  gpus,
  tp,
  pp,
  concurrency: users,
  weights,
});

const gptOss = (/** @type {string} */ weights, /** @type {string} */ experts, /** @type {number} */ users) => ({
  ...SERVE,
  model: 'gpt-oss-120b',
  gpus: 1,
  tp: 1,
  concurrency: users,
  weights,
  expert_weights: experts,
});

/** @type {import('./scenarios.js').Scenario[]} */
export const SERVING_SCENARIOS = [
  {
    id: 'tp-latency',
    title: 'Why 8 GPUs of tensor parallelism make one user faster but cost throughput',
    lesson:
      'Llama 3.1 8B on one node of 8 GPUs. Split 8 ways, each GPU reads an eighth of the weights per token, so one user gets tokens several times faster. But every layer now ends in two all-reduces that wait on the slowest GPU, and under load the 8 copies of the model (one per GPU) turn out more tokens per GPU than one 8-way split.',
    show: 1,
    variants: [
      { label: '8 copies (tp 1), 1 user', patch: on8b(1, 1) },
      { label: 'one 8-way split (tp 8), 1 user', patch: on8b(8, 1) },
      { label: '8 copies (tp 1), 512 users', patch: on8b(1, 512) },
      { label: 'one 8-way split (tp 8), 512 users', patch: on8b(8, 512) },
    ],
  },
  {
    id: 'int4-70b',
    title: 'A 70B model on one 80 GB GPU: int4 weights vs room for the KV cache',
    lesson:
      'Llama 3.1 70B has 70.6 billion parameters: about 141 GB in bf16, 73 GB in fp8 and 40 GB in int4 (half a byte per weight plus a scale and a zero point per group of 128; the embedding and output head stay in bf16). bf16 does not fit one 80 GB GPU at all; fp8 fits with room for only a handful of users, because each user holds about 0.75 GB of key/value cache for a 2304-token conversation; int4 leaves room for dozens.',
    show: 2,
    variants: [
      { label: 'bf16 weights', patch: on70b(1, 1, 1, 8, 'bf16') },
      { label: 'fp8 weights', patch: on70b(1, 1, 1, 8, 'fp8') },
      { label: 'int4 weights, 8 users', patch: on70b(1, 1, 1, 8, 'int4') },
      { label: 'int4 weights, 32 users', patch: on70b(1, 1, 1, 32, 'int4') },
    ],
  },
  {
    id: 'mxfp4-experts',
    title: 'gpt-oss-120b on one 80 GB GPU: its experts in 4 bits, as released',
    lesson:
      'gpt-oss-120b has 117 billion parameters, 115 billion of them in the 128 experts of its 36 layers: about 234 GB in bf16. It was released with the experts in MXFP4 (4-bit values sharing one 1-byte scale per 32 weights: 0.53 bytes a weight) and the rest (attention, router, embedding and output head) in bf16: about 65 GB, which fits one 80 GB GPU. Writing the attention in 4 bits too saves only about 1.4 GB more. A decode step reads only the experts its tokens chose: one user touches 4 of the 128 in each layer, 16 users about 40 % of them, so each step takes several times longer as users are added.',
    show: 1,
    variants: [
      { label: 'everything in bf16, 1 user', patch: gptOss('bf16', 'same', 1) },
      { label: 'experts in MXFP4, 1 user', patch: gptOss('bf16', 'mxfp4', 1) },
      { label: 'experts in MXFP4, 16 users', patch: gptOss('bf16', 'mxfp4', 16) },
      { label: 'everything in MXFP4, 1 user', patch: gptOss('mxfp4', 'same', 1) },
    ],
  },
  {
    id: 'pp-serving',
    title: 'Pipeline parallelism for serving: more throughput, not lower latency',
    lesson:
      'Llama 3.1 70B split 4 ways (tp 4), then over a second group of 4 GPUs as a 2-stage pipeline. A token still passes through all 80 layers one after another, so one user waits about as long per token (a decode step is no shorter); but each GPU now holds half the layers, so twice as many users fit in memory and the pipeline keeps both stages busy with different users.',
    show: 1,
    variants: [
      { label: 'tp 4 on 4 GPUs, 1 user', patch: on70b(4, 4, 1, 1) },
      { label: 'tp 4 × pp 2 on 8 GPUs, 1 user', patch: on70b(8, 4, 2, 1) },
      { label: 'tp 4 on 4 GPUs, 128 users', patch: on70b(4, 4, 1, 128) },
      { label: 'tp 4 × pp 2 on 8 GPUs, 256 users', patch: on70b(8, 4, 2, 256) },
    ],
  },
];

/**
 * The serving scenarios of the split explorer's inference mode.
 * @param {HTMLElement} buttons
 * @param {HTMLElement} out
 * @param {(patch: Patch) => import('../../answers').Answer<'plan'> | import('../../atlas-engine').EngineErrorResponse | null} run
 * @param {(patch: Patch) => void} apply
 * @param {(patch: Patch) => string | null} [blocked]
 */
export function initServingScenarios(buttons, out, run, apply, blocked) {
  initScenarioCards(
    buttons,
    out,
    {
      scenarios: SERVING_SCENARIOS,
      heading: 'h5',
      fits: 5,
      columns: [
        'First token',
        'Per output token',
        'Tokens/s per user',
        'Tokens/s per GPU',
        'Most users that fit',
        'Fits?',
      ],
      cellsOf: (plan) => [
        formatSeconds(plan.time.first_token),
        formatSeconds(plan.time.per_output_token),
        formatCount(plan.throughput.tokens_per_second_per_user),
        formatTokenRate(plan.throughput.tokens_per_second_per_gpu),
        formatCount(plan.memory.max_concurrency),
        plan.memory.fits ? 'fits' : 'does not fit',
      ],
    },
    run,
    apply,
    blocked,
  );
}
