// The validation view's memory part: the engine's peak memory against published measurements,
// by set (sealed, informed, calibration) and by what was measured — the framework's allocated
// peak, the caching allocator's reserved peak, or the device's use — with each case below.
import { h } from '../../dom.js';
import { formatBytes, formatCount, formatPercent } from '../../format.js';
import { inputs, summaryTable } from './fidelity.js';
import { filterableRuns } from './fidelity-filter.js';

/** @typedef {import('../../atlas-engine').MemoryFidelity} MemoryFidelity */
/** @typedef {import('../../atlas-engine').MemoryErrorSummary} MemoryErrorSummary */

/** @type {Record<string, string>} */
const QUANTITY = {
  allocated: 'peak allocated by the framework',
  reserved: 'peak reserved by the caching allocator',
  device: 'device memory in use (nvidia-smi)',
};

/** @type {Record<string, string>} */
const QUANTITY_SHORT = { allocated: 'allocated', reserved: 'reserved', device: 'device (nvidia-smi)' };

/** @type {Record<string, string>} */
const SET = {
  sealed: 'Sealed (never used to judge a change)',
  informed: 'Informed (judged changes before)',
  calibration: 'Calibration',
};

/**
 * @param {string} label
 * @param {MemoryErrorSummary} s
 */
function row(label, s) {
  const way = s.mean_signed_error < 0 ? 'engine lower' : 'engine higher';
  return h(
    'tr',
    {},
    h('th', { scope: 'row', text: label }),
    h('td', { class: 'num', dataset: { label: 'Cases' }, text: formatCount(s.cases) }),
    h('td', { class: 'num', dataset: { label: 'Mean |error|' }, text: formatPercent(s.mean_abs_error) }),
    h('td', { class: 'num', dataset: { label: 'Max |error|' }, text: formatPercent(s.max_abs_error) }),
    h('td', {
      class: 'num',
      dataset: { label: 'On average' },
      text: `${formatPercent(Math.abs(s.mean_signed_error))} ${way}`,
    }),
  );
}

/**
 * The memory tables, or null when the engine has no memory measurements.
 * @param {MemoryFidelity | undefined} m
 */
export function memoryFidelity(m) {
  if (!m || m.cases.length === 0) return null;
  const names = new Map(m.sources.map((s) => [s.id, s.name ?? s.title]));
  const summaries = Object.entries(m.summaries).flatMap(([set, byQuantity]) =>
    Object.entries(byQuantity ?? {}).map(([q, s]) => row(`${SET[set] ?? set}: ${QUANTITY[q] ?? q}`, s)),
  );
  return h(
    'section',
    { class: 'memory-fidelity', 'aria-label': 'Peak memory against published measurements' },
    h('h4', { text: 'Peak memory against published measurements' }),
    summaryTable('Memory error, engine against measured', 'Set and quantity', summaries),
    h('p', {
      text: 'Each measurement is compared with the rank that took it: Megatron-LM logs from its last rank, the last pipeline stage, which holds the output layer and the loss. An allocated peak is compared with the engine’s allocated peak, a reserved peak with its reserved figure (the allocated peak and the caching allocator’s cache), and what nvidia-smi shows with its device figure (the reserved memory, the CUDA context and NCCL’s buffers).',
    }),
    h(
      'details',
      { class: 'memory-cases' },
      h('summary', { text: `Every measurement (${formatCount(m.cases.length)})` }),
      filterableRuns(casesTable(m, names), (id) => names.get(id) ?? id, {
        id: 'planner-memory',
        filters: [
          ['seal', 'Set'],
          ['source', 'Source'],
          ['hardware', 'GPU'],
          ['quantity', 'Measured'],
        ],
        noun: 'Measurements',
        words: QUANTITY_SHORT,
      }),
    ),
  );
}

/**
 * One row per measurement, carrying the keys the filters read.
 * @param {MemoryFidelity} m
 * @param {Map<string, string>} names
 */
function casesTable(m, names) {
  return h(
    'div',
    { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Memory measurements' },
    h(
      'table',
      { class: 'memory-table' },
      h(
        'thead',
        {},
        h('tr', {}, ...['Run', 'Measured', 'Engine', 'Error'].map((x) => h('th', { scope: 'col', text: x }))),
      ),
      h(
        'tbody',
        {},
        ...m.cases.map((c) =>
          h(
            'tr',
            {
              dataset: {
                seal: c.set,
                source: c.source,
                hardware: String(/** @type {any} */ (c.request).hardware?.preset ?? 'custom')
                  .split('-')[0]
                  .toUpperCase(),
                quantity: c.quantity,
              },
            },
            h(
              'th',
              { scope: 'row' },
              `${names.get(c.source) ?? c.source}: ${inputs(/** @type {any} */ (c.request))}`,
              // A later finding replaced what the run assumed: the engine planned the corrected run.
              c.corrected
                ? h(
                    'details',
                    { class: 'case-notes' },
                    h('summary', { text: 'Corrected since' }),
                    h('p', { text: c.corrected.join(' ') }),
                  )
                : null,
            ),
            h('td', {
              class: 'num',
              dataset: { label: 'Measured' },
              text: `${formatBytes(c.measured)} ${c.quantity}`,
            }),
            h('td', { class: 'num', dataset: { label: 'Engine' }, text: formatBytes(c.engine) }),
            h('td', { class: 'num', dataset: { label: 'Error' }, text: formatPercent(c.error) }),
          ),
        ),
      ),
    ),
  );
}
