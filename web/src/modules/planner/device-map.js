// The device map (closed by default under the crossings table): where each GPU of the split sits
// under the rank order, which GPUs form each group, and the link, algorithm and bytes of a
// group's collectives. The explorer asks the engine for `placement` only while it is open; every
// number, link and group here is the engine's. Keyboard: the order, the kind and the focus GPU
// are form controls; clicking a GPU or host is a shortcut for the last.
import { h } from '../../dom.js';
import { formatBytes, formatCount, formatSeconds, learnerText } from '../../format.js';
import { deviceMapSvg, MAX_HOSTS_DRAWN } from './device-map-draw.js';
import { formulaText } from './formula.js';
import { drawnFromSame, redrawInPlace, vh } from './vnode.js';

/** @typedef {import('./device-map-draw.js').Placement} Placement */
/** @typedef {import('./state.js').PlannerState} PlannerState */
/** @typedef {import('./vnode.js').VNode} VNode */

/** @type {Record<string, string>} */
export const KIND_WORDS = {
  TP: 'tensor-parallel',
  CP: 'context-parallel',
  EP: 'expert-parallel',
  DP: 'data-parallel',
  PP: 'pipeline',
};

/** Orders worth naming; any other a link or an import carries is listed as it is. */
const NAMED_ORDERS = /** @type {[string, string][]} */ ([
  ['tp-cp-ep-dp-pp', "Megatron's default"],
  ['tp-cp-ep-pp-dp', "Megatron's other: stages inside each replica"],
  ['dp-tp-cp-ep-pp', 'data-parallel innermost'],
  ['pp-tp-cp-ep-dp', 'pipeline innermost'],
  ['cp-tp-ep-dp-pp', 'context-parallel innermost'],
]);

/** @param {string} link */
const linkWords = (link) => (link === 'nvlink' ? 'NVLink' : link === 'network' ? 'the network' : 'no link (one GPU)');

/**
 * Ranks as a reader scans them: runs of neighbours as "8–15", at most `most` items.
 * @param {number[]} ranks
 */
export function rankList(ranks, most = 12) {
  const sorted = [...ranks].sort((a, b) => a - b);
  const step = sorted.length > 1 ? sorted[1] - sorted[0] : 0;
  // Evenly spaced (a group whose members sit a stride apart): first, second, …, last.
  if (sorted.length >= 4 && step > 1 && sorted.every((r, i) => i === 0 || r - sorted[i - 1] === step))
    return `${sorted[0]}, ${sorted[1]}, …, ${sorted[sorted.length - 1]} (${step} apart, ${formatCount(sorted.length)} in all)`;
  /** @type {string[]} */
  const parts = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j += 1;
    parts.push(j > i ? `${sorted[i]}–${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return parts.length > most
    ? `${parts.slice(0, most).join(', ')}, … (${formatCount(sorted.length)} in all)`
    : parts.join(', ');
}

/**
 * One labelled control of the map.
 * @param {string} id @param {string} label @param {HTMLElement} input
 */
function field(id, label, input) {
  input.id = id;
  return h('div', { class: 'field' }, h('label', { for: id, text: label }), input);
}

/**
 * @param {HTMLDetailsElement} details the map's <details>
 * @param {{apply: (patch: Partial<PlannerState>) => void, opened: () => void}} hooks
 */
export function initDeviceMap(details, { apply, opened }) {
  const now = /** @type {HTMLElement} */ (details.querySelector('#planner-map-now'));
  const body = /** @type {HTMLElement} */ (details.querySelector('#planner-map'));
  const order = /** @type {HTMLSelectElement} */ (h('select', {}));
  const kind = /** @type {HTMLSelectElement} */ (
    h(
      'select',
      {},
      ...Object.entries(KIND_WORDS).map(([k, w]) => h('option', { value: k, text: `${w} groups (${k})` })),
    )
  );
  const rank = /** @type {HTMLInputElement} */ (
    h('input', { type: 'number', min: '0', step: '1', inputmode: 'numeric' })
  );
  const out = h('div', { class: 'map-out' });
  body.replaceChildren(
    h(
      'div',
      { class: 'pl-grid map-controls' },
      field('pl-map-order', 'Rank order (innermost first)', order),
      field('pl-map-kind', 'Colour by', kind),
      field('pl-map-rank', 'Outline the groups of GPU', rank),
    ),
    out,
  );
  order.addEventListener('change', () => apply({ order: order.value }));
  kind.addEventListener('change', () => apply({ map_kind: kind.value }));
  rank.addEventListener('change', () => {
    const v = Number(rank.value);
    if (Number.isInteger(v) && v >= 0) apply({ map_rank: v });
  });
  // A click on a GPU (or a host, when hosts are drawn whole) outlines its groups.
  out.addEventListener('click', (e) => {
    const target = /** @type {Element} */ (e.target).closest('[data-rank]');
    if (target instanceof SVGElement && target.dataset.rank !== undefined)
      apply({ map_rank: Number(target.dataset.rank) });
  });
  details.addEventListener('toggle', () => {
    if (details.open) opened();
  });

  /** @param {PlannerState} state */
  function write(state) {
    const names = new Map(NAMED_ORDERS);
    const wanted = names.has(state.order) ? NAMED_ORDERS : [...NAMED_ORDERS, [state.order, 'from the link or import']];
    if (
      order.options.length !== wanted.length ||
      order.options[wanted.length - 1].value !== wanted[wanted.length - 1][0]
    )
      order.replaceChildren(...wanted.map(([v, w]) => h('option', { value: v, text: `${v} · ${w}` })));
    if (order.value !== state.order) order.value = state.order;
    if (kind.value !== state.map_kind) kind.value = state.map_kind;
    rank.max = String(Math.max(0, state.gpus - 1));
    if (document.activeElement !== rank && rank.value !== String(state.map_rank)) rank.value = String(state.map_rank);
    const text = `rank order ${state.order}`;
    if (now.textContent !== text) now.textContent = text;
  }

  /**
   * @param {Placement | undefined} pl the engine's answer (absent while the map is closed)
   * @param {PlannerState} state
   * @param {number} narrow the explorer's narrow drawing width (0: wide)
   */
  function render(pl, state, narrow) {
    write(state);
    if (!details.open || !pl) return;
    const width = narrow > 0 ? narrow : 760;
    if (!drawnFromSame(out, [pl, state.map_kind, width]))
      redrawInPlace(out, (c) => drawMap(c, pl, state.map_kind, width));
  }

  return {
    get open() {
      return details.open;
    },
    /** The request's placement fields while the map is open (the rank kept inside the GPUs). @param {PlannerState} state */
    request: (state) =>
      details.open ? { placement: true, placement_rank: Math.min(state.map_rank, Math.max(0, state.gpus - 1)) } : {},
    write,
    render,
  };
}

/**
 * @param {VNode} c @param {Placement} pl @param {string} kind @param {number} width
 */
function drawMap(c, pl, kind, width) {
  const k = /** @type {keyof Placement['kinds']} */ (kind);
  const info = pl.kinds[k];
  const words = KIND_WORDS[kind];
  const focus = info.focus;
  const where = `${formatCount(focus.hosts_total)} host${focus.hosts_total === 1 ? '' : 's'}`;
  const focusText =
    info.size <= 1
      ? `The ${words} degree is 1: every GPU is its own group and nothing crosses a link for it.`
      : `GPU ${pl.focus}'s ${words} group (${formatCount(focus.index + 1)} of ${formatCount(info.count)}, ${formatCount(info.size)} GPUs${focus.ranks ? `: ${rankList(focus.ranks)}` : ''}) sits on ${where} and runs over ${linkWords(focus.link)}.`;
  const hostsText =
    pl.gpus_per_domain > pl.gpus_per_host
      ? `hosts of ${pl.gpus_per_host} GPUs, ${pl.gpus_per_domain / pl.gpus_per_host} to an NVLink domain of ${pl.gpus_per_domain} (outlined)`
      : `hosts of ${pl.gpus_per_host} GPUs, each its own NVLink domain (outlined)`;
  const label = `Device map: ${formatCount(pl.gpus)} GPUs in ${formatCount(pl.hosts)} ${hostsText}, ${pl.listed ? `coloured by ${words} group` : 'drawn by host'}. ${focusText}`;
  c.replaceChildren(
    ...warnings(pl),
    vh('p', {
      class: 'map-legend',
      text: pl.listed
        ? `Each box is a host of ${pl.gpus_per_host} GPUs; a thick outline is an NVLink domain. Colour: the GPU's ${words} group (eight colours repeat). Thick-edged GPUs: GPU ${pl.focus}'s group.`
        : `${formatCount(pl.gpus)} GPUs are drawn by host (each square a host of ${pl.gpus_per_host}); filled: the hosts holding GPU ${pl.focus}'s ${words} group.${pl.hosts > MAX_HOSTS_DRAWN ? ` The first ${formatCount(MAX_HOSTS_DRAWN)} of ${formatCount(pl.hosts)} hosts are drawn.` : ''}`,
    }),
    vh('div', { class: 'map-figure' }, deviceMapSvg(pl, kind, width, label)),
    vh('p', { class: 'map-focus', dataset: { link: focus.link }, text: focusText }),
    collectives(info, words),
    kindsTable(pl),
    inWords(pl, kind),
    vh(
      'details',
      { class: 'formula' },
      vh('summary', { text: 'How the ranks are placed' }),
      vh('p', {}, vh('strong', { text: 'Formula. ' }), formulaText(pl.formula)),
      vh('p', { text: learnerText(pl.rule) }),
      vh('p', {
        text: "Megatron-LM numbers ranks tp-cp-ep-dp-pp, or tp-cp-ep-pp-dp with --use-tp-pp-dp-mapping (the explorer's Megatron export writes that flag); torchtitan's device mesh numbers a dense model's ranks as the default order does.",
      }),
      vh('p', {}, vh('strong', { text: 'Scope. ' }), learnerText(pl.scope)),
    ),
  );
}

/** A warning for each tensor- or expert-parallel group that leaves its NVLink domain. @param {Placement} pl */
function warnings(pl) {
  return /** @type {const} */ (['TP', 'EP']).flatMap((k) => {
    const info = pl.kinds[k];
    if (info.link !== 'network') return [];
    return [
      vh('p', {
        class: 'notice notice-warn map-warning',
        dataset: { kind: k },
        text: `Each ${KIND_WORDS[k]} group leaves its NVLink domain (the widest spans ${formatCount(info.domains)} domains), so its collectives, issued every layer, run over the network.${k === 'TP' ? ' Put tp first in the order, or keep tp within a host.' : ''}`,
      }),
    ];
  });
}

/** What the kind's collectives move per step, on one GPU of the slowest stage. */
function collectives(/** @type {Placement['kinds']['TP']} */ info, /** @type {string} */ words) {
  if (!info.collectives.length)
    return vh('p', { class: 'map-collectives', text: `No ${words} collectives in this step.` });
  return vh(
    'div',
    { class: 'map-collectives' },
    vh('p', {
      text: `Its collectives move ${formatBytes(info.bytes_per_step)} per step on each GPU (of the slowest stage):`,
    }),
    vh(
      'ul',
      {},
      ...info.collectives.map((t) =>
        vh('li', {
          dataset: { id: t.id, link: t.link },
          text: `${t.name}: ${t.collective} over ${linkWords(t.link)}, ${t.algorithm}${t.protocol ? ` (${t.protocol})` : ''}, ${formatBytes(t.bytes_per_step)} per step, ${formatSeconds(t.time_per_step)}.`,
        }),
      ),
    ),
  );
}

/** Every kind of group: size, count, link and how many groups are on each link. @param {Placement} pl */
function kindsTable(pl) {
  const head = ['Groups', 'GPUs each', 'Groups in all', 'Priced link', 'Groups by link', 'Bytes per step per GPU'];
  return vh(
    'div',
    { class: 'table-wrap' },
    vh('p', { class: 'map-kinds-title', id: 'planner-map-kinds-h', text: 'Each kind of group under this order' }),
    vh(
      'table',
      { class: 'map-kinds stack-narrow', 'aria-labelledby': 'planner-map-kinds-h' },
      vh('thead', {}, vh('tr', {}, ...head.map((t) => vh('th', { scope: 'col', text: t })))),
      vh(
        'tbody',
        {},
        ...Object.keys(KIND_WORDS).map((k) => {
          const info = pl.kinds[/** @type {keyof Placement['kinds']} */ (k)];
          const byLink = info.by_link.map((b) => `${formatCount(b.count)} on ${linkWords(b.link)}`).join(', ');
          const sampled = info.walked < info.count ? ` (of the first ${formatCount(info.walked)})` : '';
          return vh(
            'tr',
            { dataset: { kind: k } },
            vh('th', { scope: 'row', text: KIND_WORDS[k] }),
            vh('td', { 'data-label': head[1], text: formatCount(info.size) }),
            vh('td', { 'data-label': head[2], text: formatCount(info.count) }),
            vh('td', { 'data-label': head[3], text: info.size > 1 ? linkWords(info.link) : '—' }),
            vh('td', { 'data-label': head[4], text: byLink ? byLink + sampled : '—' }),
            vh('td', { 'data-label': head[5], text: info.bytes_per_step > 0 ? formatBytes(info.bytes_per_step) : '—' }),
          );
        }),
      ),
    ),
  );
}

/** The picture in words: each host's GPUs and their groups (or, past the listing, the focus group's hosts). */
function inWords(/** @type {Placement} */ pl, /** @type {string} */ kind) {
  const k = /** @type {keyof Placement['kinds']} */ (kind);
  const focus = pl.kinds[k].focus;
  /** @type {VNode[]} */
  let items;
  if (pl.listed && pl.ranks && pl.hosts <= 256) {
    const groups = pl.groups?.[k] ?? [];
    /** @type {Map<number, number>} */
    const groupOf = new Map();
    groups.forEach((g, i) => (g.ranks ?? []).forEach((r) => groupOf.set(r, i)));
    /** @type {Map<number, {domain: number, ranks: number[]}>} */
    const hosts = new Map();
    for (const row of pl.ranks) {
      const hst = hosts.get(row.node) ?? { domain: row.domain, ranks: [] };
      hst.ranks.push(row.rank);
      hosts.set(row.node, hst);
    }
    items = [...hosts].map(([node, hst]) => {
      const ids = [...new Set(hst.ranks.map((r) => groupOf.get(r) ?? 0))];
      return vh('li', {
        text: `Host ${node} (NVLink domain ${hst.domain}): GPUs ${rankList(hst.ranks)}; ${KIND_WORDS[kind]} group${ids.length === 1 ? '' : 's'} ${rankList(ids)}.`,
      });
    });
  } else {
    items = focus.hosts.map((hst) =>
      vh('li', { text: `Host ${hst.node} (NVLink domain ${hst.domain}): ${hst.members} of GPU ${pl.focus}'s group.` }),
    );
    if (focus.hosts_total > focus.hosts.length)
      items.push(vh('li', { text: `… and ${formatCount(focus.hosts_total - focus.hosts.length)} more hosts.` }));
  }
  return vh('details', { class: 'map-words' }, vh('summary', { text: 'The map in words' }), vh('ul', {}, ...items));
}
