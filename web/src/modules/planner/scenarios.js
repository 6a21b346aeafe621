// Worked scenarios one click away. Each applies a split and compares a few variants side by
// side (every row is one `plan` call to the engine), so the lesson shows in the numbers.
import { h } from '../../dom.js';
import { isError } from '../../engine.js';
import { formatBytes, formatCount, formatPercent, formatSeconds } from '../../format.js';

/** @typedef {import('../../atlas-engine').EngineErrorResponse} EngineErrorResponse */
/** State values a scenario sets (the planner's state names). */
/** @typedef {Partial<import('./state.js').PlannerState>} Patch */
/** @typedef {{id: string, title: string, lesson: string, show: number, variants: {label: string, patch: Patch}[]}} Scenario */

// The batch-accounting scenario's split: the same GPUs and global batch, only the micro-batch moves.
const BATCH_22B = {
  model: 'megatron-22b',
  hardware: 'a100-80gb',
  gpus: 512,
  dp_auto: true,
  tp: 8,
  pp: 1,
  cp: 1,
  ep: 1,
  zero: 1,
  sequence_parallel: true,
  recompute: 'full',
  schedule: '1f1b',
  virtual_stages: 1,
  global: 8192,
};
// GPT-3's shape with Megatron's vocabulary (51,200), as Narayanan et al. and Korthikanti et al. ran
// it: the ZeRO-3 rows are then exactly the published runs, whose measured steps the page shows.
const GPT3 = {
  model: 'megatron-175b',
  hardware: 'a100-80gb',
  micro: 1,
  cp: 1,
  ep: 1,
  virtual_stages: 1,
  schedule: '1f1b',
};
// ZeRO-3 as Narayanan et al. (2021, Table 2) ran it: DeepSpeed of that time, one micro-batch of
// 1536 / GPUs sequences per GPU and step (3072 GPUs cannot divide 1536 and say so).
const zero3 = (/** @type {number} */ gpus) => ({
  ...GPT3,
  gpus,
  global: 1536,
  micro: Math.max(1, Math.floor(1536 / gpus)),
  dp_auto: true,
  tp: 1,
  pp: 1,
  zero: 3,
  framework: 'deepspeed-2021',
  sequence_parallel: false,
  recompute: 'full',
  // The strong-scaling view then keeps one micro-batch per step, as the rows above do.
  scaling_hold: 'accumulation',
});
const megatron = (/** @type {number} */ gpus) => ({
  ...GPT3,
  gpus,
  global: 1536,
  dp_auto: true,
  tp: 8,
  pp: 8,
  zero: 1,
  framework: 'megatron',
  sequence_parallel: true,
  recompute: 'selective',
  scaling_hold: 'micro',
});
// Tensor + pipeline parallelism as Narayanan et al. ran GPT-3 175B for Table 2: t = 8, p = 12 with
// 4 model chunks per stage, micro-batch 1, Megatron-LM of 2021 (the authors' sc21 scripts).
const ptdp2021 = (/** @type {number} */ gpus) => ({
  ...GPT3,
  gpus,
  global: 1536,
  dp_auto: true,
  tp: 8,
  pp: 12,
  virtual_stages: 4,
  schedule: 'interleaved',
  zero: 0,
  framework: 'megatron-2021',
  sequence_parallel: false,
  recompute: 'full',
  scaling_hold: 'micro',
});
const LLAMA70 = {
  model: 'llama-3.1-70b',
  hardware: 'h100-sxm',
  gpus: 8,
  micro: 1,
  global: 32,
  dp_auto: true,
  cp: 1,
  ep: 1,
  pp: 1,
  tp: 1,
  zero: 0,
  sequence_parallel: false,
  recompute: 'none',
  schedule: '1f1b',
  virtual_stages: 1,
};

/** @type {Scenario[]} */
export const SCENARIOS = [
  {
    id: 'misconception',
    title: 'More GPUs, same batch: ZeRO-3 alone vs tensor + pipeline',
    lesson:
      'A 175B model with a fixed global batch of 1536 sequences, from 384 to 3072 GPUs, set up as Narayanan et al. (2021) measured it. Read the step-time column: doubling the GPUs at best halves it. ZeRO-3 alone (DeepSpeed as it was then) fetches every weight from all the other GPUs just before using it, each matrix, bias and norm weight with a fetch of its own, in the forward pass and again in the backward pass, and the framework waits for each fetch. Each fetch is one collective over the whole data-parallel group, and its fixed costs grow with the group (a ring of n GPUs takes n − 1 steps), so while the compute halves with every doubling the waiting shrinks far less; the paper measured the step stop shrinking past 768 GPUs. At 3072 GPUs a batch of 1536 no longer divides: each replica needs at least one whole sequence. Tensor + pipeline parallelism puts 96 GPUs on each replica and keeps scaling, with its own costs (per-layer exchanges and the pipeline bubble) visible in the step-time bar. Every row up to 1536 GPUs is a run the paper measured: the Measured column gives its step, so you can see how far this model is off.',
    show: 2,
    variants: [
      { label: 'ZeRO-3 only (DeepSpeed 2021), 384 GPUs', patch: zero3(384) },
      { label: 'ZeRO-3 only (DeepSpeed 2021), 768 GPUs', patch: zero3(768) },
      { label: 'ZeRO-3 only (DeepSpeed 2021), 1536 GPUs', patch: zero3(1536) },
      { label: 'ZeRO-3 only (DeepSpeed 2021), 3072 GPUs', patch: zero3(3072) },
      { label: 'TP 8 × PP 12 (Megatron-LM 2021), 384 GPUs', patch: ptdp2021(384) },
      { label: 'TP 8 × PP 12 (Megatron-LM 2021), 768 GPUs', patch: ptdp2021(768) },
      { label: 'TP 8 × PP 12 (Megatron-LM 2021), 1536 GPUs', patch: ptdp2021(1536) },
      { label: 'TP 8 × PP 12 (Megatron-LM 2021), 3072 GPUs', patch: ptdp2021(3072) },
    ],
  },
  {
    id: 'tp-node',
    title: 'Why tensor parallelism stays inside a node',
    lesson:
      'Tensor parallelism exchanges activations several times per layer and per micro-batch. Inside a node that runs over NVLink; once tp is larger than the GPUs of a node, the same all-reduces cross the network at a fraction of the bandwidth.',
    show: 1,
    variants: [
      { label: 'tp 8 × pp 8 (TP inside a node)', patch: { ...megatron(1024), global: 1536 } },
      { label: 'tp 16 × pp 4 (TP spans two nodes)', patch: { ...megatron(1024), tp: 16, pp: 4 } },
      { label: 'tp 32 × pp 2 (TP spans four nodes)', patch: { ...megatron(1024), tp: 32, pp: 2 } },
    ],
  },
  {
    id: 'fit-70b',
    title: 'A 70B model that does not fit on one node',
    lesson:
      'Llama 3.1 70B, trained with Adam. Weights, gradients and optimizer state take about 16 bytes per parameter, more than one node of eight 80 GB GPUs holds in total, so no sharding makes it fit on 8 GPUs; it takes more GPUs and sharding (or tensor + pipeline splits) together, plus recomputation for the 8192-token activations.',
    show: 0,
    variants: [
      { label: '8 GPUs, data parallel only (ZeRO 0)', patch: LLAMA70 },
      { label: '8 GPUs, ZeRO-3 + full recompute', patch: { ...LLAMA70, zero: 3, recompute: 'full' } },
      { label: '16 GPUs, ZeRO-3 + full recompute', patch: { ...LLAMA70, gpus: 16, zero: 3, recompute: 'full' } },
      { label: '32 GPUs, ZeRO-3 + full recompute', patch: { ...LLAMA70, gpus: 32, zero: 3, recompute: 'full' } },
      {
        label: '32 GPUs, TP 8 × PP 4 + SP + selective recompute',
        patch: { ...LLAMA70, gpus: 32, tp: 8, pp: 4, zero: 1, sequence_parallel: true, recompute: 'selective' },
      },
    ],
  },
  {
    id: 'batch-8192',
    title: 'Engineering example: 8 × 16 × 64 = 8192',
    lesson:
      'A micro-batch of 8 with 16 accumulation steps and 64 data-parallel replicas is a global batch of 8192 sequences. Tensor parallelism (8 GPUs per replica here) multiplies GPUs, not the batch.',
    show: 0,
    variants: [
      {
        label: 'micro 8 × accumulation 16 × dp 64',
        patch: { ...BATCH_22B, micro: 8 },
      },
      {
        label: 'same GPUs, micro 4 × accumulation 32',
        patch: { ...BATCH_22B, micro: 4 },
      },
    ],
  },
];

/**
 * Renders scenario buttons into `buttons` and, on a click, the scenario's card into `out`: its
 * lesson and one table row per variant. `columns` names the value columns after "Variant";
 * `cellsOf(plan)` gives their texts; the column `fits` (an index into them) reads "fits" or not.
 * `run(patch)` plans a patch without applying it, `apply(patch)` applies it. `blocked(patch)`
 * says why a variant cannot be shown here (it changes a value an instructor fixed), or null.
 * @template P the plan `run` gives (training or serving)
 * @param {HTMLElement} buttons
 * @param {HTMLElement} out
 * `optional` (an index into the value columns) is left out when no row has a value there ("—").
 * @param {{scenarios: Scenario[], columns: string[], cellsOf: (plan: P) => string[], fits: number, optional?: number, heading: 'h4' | 'h5'}} spec
 * @param {(patch: Patch) => P | EngineErrorResponse | null} run
 * @param {(patch: Patch) => void} apply
 * @param {(patch: Patch) => string | null} [blocked]
 */
export function initScenarioCards(buttons, out, spec, run, apply, blocked = () => null) {
  for (const sc of spec.scenarios) {
    buttons.append(
      h('button', {
        type: 'button',
        class: 'secondary scenario',
        'data-scenario': sc.id,
        text: sc.title,
        on: { click: () => show(sc) },
      }),
    );
  }
  /** @param {Scenario} sc */
  function show(sc) {
    // A variant that needs a fixed value is not shown with that value quietly kept: it would be
    // another split under the variant's name.
    const why = sc.variants.map((v) => blocked(v.patch));
    if (!why[sc.show]) apply(sc.variants[sc.show].patch);
    const plans = sc.variants.map((v, i) => (why[i] ? null : run(v.patch)));
    const texts = plans.map((plan) => (plan && !isError(plan) ? spec.cellsOf(plan) : null));
    const drop =
      spec.optional !== undefined && texts.every((t) => !t || t[/** @type {number} */ (spec.optional)] === '—')
        ? spec.optional
        : -1;
    const shown = spec.columns.filter((_, k) => k !== drop);
    const rows = sc.variants.map((v, i) => {
      const plan = plans[i];
      const values = texts[i];
      // A split the engine refuses: its message across the value columns, not squeezed into one.
      const cells = values
        ? values.flatMap((c, k) =>
            k === drop
              ? []
              : [
                  h('td', {
                    'data-label': spec.columns[k],
                    class: k === spec.fits ? (c === 'fits' ? 'fits' : 'no-fit') : 'num',
                    text: c,
                  }),
                ],
          )
        : [
            h('td', {
              colspan: shown.length,
              class: 'scenario-refused',
              text: why[i] ?? (isError(plan) ? plan.error.message : 'not possible'),
            }),
          ];
      return h(
        'tr',
        { class: i === sc.show ? 'is-current' : null },
        h('th', { scope: 'row', text: v.label }),
        ...cells,
        h(
          'td',
          {},
          why[i]
            ? null
            : h('button', {
                type: 'button',
                class: 'secondary',
                text: 'Show',
                'aria-label': `Show ${v.label}`,
                on: {
                  click: () => {
                    apply(v.patch);
                    for (const tr of out.querySelectorAll('tr.is-current')) tr.classList.remove('is-current');
                    out.querySelectorAll('tbody tr')[i]?.classList.add('is-current');
                  },
                },
              }),
        ),
      );
    });
    out.replaceChildren(
      h(
        'div',
        { class: 'scenario-card', dataset: { scenario: sc.id } },
        h(spec.heading, { text: sc.title }),
        h('p', { text: sc.lesson }),
        h(
          'div',
          { class: 'table-wrap' },
          h(
            'table',
            { class: 'scenario-table stack-narrow' },
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                ...['Variant', ...shown].map((t) => h('th', { scope: 'col', text: t })),
                h('th', { scope: 'col' }, h('span', { class: 'visually-hidden', text: 'Show' })),
              ),
            ),
            h('tbody', {}, ...rows),
          ),
        ),
      ),
    );
  }
}

/**
 * The training scenarios of the split explorer.
 * @param {HTMLElement} buttons
 * @param {HTMLElement} out
 * @param {(patch: Patch) => import('../../answers').Answer<'plan'> | EngineErrorResponse | null} run
 * @param {(patch: Patch) => void} apply
 * @param {(patch: Patch) => string | null} [blocked]
 */
export function initScenarios(buttons, out, run, apply, blocked) {
  initScenarioCards(
    buttons,
    out,
    {
      scenarios: SCENARIOS,
      heading: 'h4',
      fits: 3,
      optional: 1, // Measured: only where a row is a published run
      columns: ['Step', 'Measured', 'Memory per GPU', 'Fits?', 'Tokens/s', 'MFU'],
      // Measured: the step of a published run with exactly this configuration (the engine's).
      cellsOf: (plan) => [
        formatSeconds(plan.time.step),
        plan.published ? formatSeconds(plan.published.step) : '—',
        formatBytes(plan.memory.device),
        plan.memory.fits ? 'fits' : 'does not fit',
        formatCount(plan.throughput.tokens_per_second),
        formatPercent(plan.throughput.mfu),
      ],
    },
    run,
    apply,
    blocked,
  );
}
