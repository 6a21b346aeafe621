// The device map's picture: hosts as boxes of GPUs, NVLink domains outlined, each GPU coloured by
// its group of the chosen kind and the focus rank's group outlined. Past the engine's listing
// limit the hosts are drawn without their GPUs, the focus group's hosts filled. Every position
// comes from the engine's `placement` (host and domain of each rank); only the boxes' geometry
// is worked out here.
import { s } from './vnode.js';

/** @typedef {NonNullable<import('./diagram.js').TrainingPlan['placement']>} Placement */
/** @typedef {import('./vnode.js').VNode} VNode */

/** Hosts drawn at most; past them the picture says how many more there are. */
export const MAX_HOSTS_DRAWN = 1024;
const GAP = 3; // between hosts
const DOMAIN_GAP = 8; // between NVLink domains
const DOMAIN_PAD = 4; // inside a domain's outline, around its hosts
const HOST_PAD = 2; // inside a host's box, around its GPUs

/**
 * Geometry of the picture for a drawing `width` px wide.
 * @param {Placement} pl
 * @param {number} width
 */
function layout(pl, width) {
  const perHost = pl.gpus_per_host;
  const hostsPerDomain = Math.max(1, Math.round(pl.gpus_per_domain / perHost));
  const gpuLevel = Boolean(pl.listed && pl.ranks);
  const hosts = Math.min(pl.hosts, MAX_HOSTS_DRAWN);
  let cell = 0;
  let cols = 1;
  let hostW;
  let hostH;
  if (gpuLevel) {
    cell = pl.gpus <= 64 ? 18 : pl.gpus <= 256 ? 12 : 7;
    cols = Math.min(perHost, 8);
    const rows = Math.ceil(perHost / cols);
    hostW = cols * (cell + 1) + 1 + 2 * HOST_PAD;
    hostH = rows * (cell + 1) + 1 + 2 * HOST_PAD;
  } else {
    hostW = hostH = hosts <= 256 ? 12 : 8;
  }
  // A domain of one host is that host's box; larger ones hold their hosts in rows.
  const pad = hostsPerDomain > 1 ? DOMAIN_PAD : 0;
  const inner = Math.max(1, Math.min(hostsPerDomain, Math.floor((width - 2 * pad + GAP) / (hostW + GAP))));
  const domainW = inner * (hostW + GAP) - GAP + 2 * pad;
  const domainH = Math.ceil(hostsPerDomain / inner) * (hostH + GAP) - GAP + 2 * pad;
  const gap = hostsPerDomain > 1 ? DOMAIN_GAP : GAP;
  const perRow = Math.max(1, Math.floor((width + gap) / (domainW + gap)));
  const domains = Math.ceil(hosts / hostsPerDomain);
  const height = Math.ceil(domains / perRow) * (domainH + gap) - gap;
  return {
    perHost,
    hostsPerDomain,
    gpuLevel,
    hosts,
    cell,
    cols,
    hostW,
    hostH,
    pad,
    inner,
    domainW,
    domainH,
    gap,
    perRow,
    domains,
    height,
  };
}

/**
 * The map as an SVG description. `kind` colours it (TP, CP, EP, DP or PP).
 * @param {Placement} pl
 * @param {string} kind
 * @param {number} width drawing width, px
 * @param {string} label its accessible name
 */
export function deviceMapSvg(pl, kind, width, label) {
  const g = layout(pl, width);
  const w = Math.min(width, g.perRow * (g.domainW + g.gap) - g.gap);
  const svg = s('svg', {
    class: 'map-svg',
    viewBox: `0 0 ${w} ${Math.max(g.height, 1)}`,
    width: w,
    role: 'img',
    'aria-label': label,
  });
  const k = /** @type {keyof Placement['kinds']} */ (kind);
  const focus = pl.kinds?.[k]?.focus;
  const focusRanks = new Set(focus?.ranks ?? []);
  const focusHosts = new Map((focus?.hosts ?? []).map((hst) => [hst.node, hst.members]));
  // Each listed rank's group of this kind, by its index among the groups (the colour).
  /** @type {Map<number, number>} */
  const groupOf = new Map();
  (pl.groups?.[k] ?? []).forEach((grp, i) => (grp.ranks ?? []).forEach((r) => groupOf.set(r, i)));
  const ranks = pl.ranks ?? [];
  for (let d = 0; d < g.domains; d += 1) {
    const dx = (d % g.perRow) * (g.domainW + g.gap);
    const dy = Math.floor(d / g.perRow) * (g.domainH + g.gap);
    const domain = s('g', { class: 'map-domain-group' });
    if (g.hostsPerDomain > 1)
      domain.append(
        s(
          'rect',
          { class: 'map-domain', x: dx + 0.5, y: dy + 0.5, width: g.domainW - 1, height: g.domainH - 1, rx: 4 },
          s('title', { text: `NVLink domain ${d}` }),
        ),
      );
    for (let j = 0; j < g.hostsPerDomain; j += 1) {
      const host = d * g.hostsPerDomain + j;
      if (host >= g.hosts) break;
      const hx = dx + g.pad + (j % g.inner) * (g.hostW + GAP);
      const hy = dy + g.pad + Math.floor(j / g.inner) * (g.hostH + GAP);
      const first = host * g.perHost;
      const members = focusHosts.get(host);
      const box = g.hostsPerDomain > 1 ? 'map-host' : 'map-host map-domain';
      domain.append(
        s(
          'rect',
          {
            class: g.gpuLevel ? box : `${box} map-host-cell${members ? ' is-focus' : ''}`,
            x: hx + 0.5,
            y: hy + 0.5,
            width: g.hostW - 1,
            height: g.hostH - 1,
            rx: 2,
            dataset: { rank: String(first), host: String(host) },
          },
          s('title', {
            text: `Host ${host}${g.hostsPerDomain > 1 ? `, NVLink domain ${d}` : ''}: GPUs ${first}–${first + g.perHost - 1}${members ? `; ${members} of the outlined group` : ''}`,
          }),
        ),
      );
      if (!g.gpuLevel) continue;
      for (let i = 0; i < g.perHost; i += 1) {
        const rank = first + i;
        const row = ranks[rank];
        if (!row) break;
        const group = groupOf.get(rank) ?? 0;
        domain.append(
          s('rect', {
            class: `map-gpu dev-fill dev-${group % 8}${focusRanks.has(rank) ? ' is-focus' : ''}`,
            x: hx + HOST_PAD + (i % g.cols) * (g.cell + 1) + 1,
            y: hy + HOST_PAD + Math.floor(i / g.cols) * (g.cell + 1) + 1,
            width: g.cell,
            height: g.cell,
            dataset: { rank: String(rank) },
          }),
        );
      }
    }
    svg.append(domain);
  }
  return svg;
}
