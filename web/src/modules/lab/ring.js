// The ring animation (SVG, up to 16 ranks). The engine's schedule says, for each step, which
// chunk every rank sends and how many ranks each copy sums afterwards; this file only draws it.
import { s as svg, replaceChildren } from '../../dom.js';
import { formatBytes, formatSeconds } from '../../format.js';
import { formatCount } from '../../format.js';
import { setText } from './readouts.js';

const SIZE = 420;
const CENTER = SIZE / 2;
const RADIUS = 150;
const BASE_MS = 1100;

/** @typedef {import('../../answers').Answer<'allreduce'>} Allreduce */
/** @typedef {Allreduce['schedule']} Schedule */

/**
 * @param {number} rank
 * @param {number} p
 */
function position(rank, p, radius = RADIUS) {
  const a = -Math.PI / 2 + (2 * Math.PI * rank) / p;
  return [CENTER + radius * Math.cos(a), CENTER + radius * Math.sin(a)];
}

/** @param {number} chunk */
function chunkColour(chunk) {
  return `var(--dev-${chunk % 8})`;
}

export class RingAnimation {
  // Declared here for their types; setSchedule and build() set them (none before the first
  // schedule).
  /** @type {Allreduce | undefined} the answer the schedule is from */
  response;
  /** @type {SVGSVGElement | undefined} the drawing shown */
  svg;
  /** @type {SVGElement[][] | undefined} each rank's cells, one per chunk */
  cells;
  /** @type {SVGGElement | undefined} the layer of the moving tokens */
  tokens;
  /** @type {number | undefined} the step the cells show */
  paintedStep;
  /** @type {number | undefined} the rank count the drawing is for */
  builtRanks;

  /**
   * @param {HTMLElement} root the lab root
   * @param {(step: number) => void} onStep called when the shown step changes (for permalinks)
   */
  constructor(root, onStep) {
    this.el = (/** @type {string} */ id) => /** @type {HTMLElement} */ (root.querySelector(`#${id}`));
    this.onStep = onStep;
    /** @type {Schedule | null} */
    this.schedule = null;
    /** @type {Map<number, {svg: SVGSVGElement, cells: SVGElement[][], tokens: SVGGElement, paintedStep: number | undefined}>} */
    this.built = new Map();
    this.step = 0;
    this.playing = false;
    this.timer = 0;
    this.frame = 0;
    this.reduced = matchMedia('(prefers-reduced-motion: reduce)');
    this.el('lab-ring-play').addEventListener('click', () => (this.playing ? this.pause() : this.play()));
    this.el('lab-ring-next').addEventListener('click', () => {
      this.pause();
      this.go(this.step + 1, true);
    });
    this.el('lab-ring-back').addEventListener('click', () => {
      this.pause();
      this.go(this.step - 1, false);
    });
    this.el('lab-ring-restart').addEventListener('click', () => {
      this.pause();
      this.go(0, false);
    });
  }

  get speed() {
    return Number(/** @type {HTMLSelectElement} */ (this.el('lab-ring-speed')).value) || 1;
  }

  get total() {
    return this.schedule && this.schedule.available ? this.schedule.steps.length : 0;
  }

  /**
   * New schedule (ranks or payload changed); keeps the step when it still exists.
   * @param {Schedule} schedule
   * @param {Allreduce} response
   */
  setSchedule(schedule, response, step = this.step) {
    this.schedule = schedule;
    this.response = response;
    this.pause();
    const stage = this.el('lab-ring-stage');
    const buttons = ['lab-ring-play', 'lab-ring-next', 'lab-ring-back', 'lab-ring-restart'].map((id) => this.el(id));
    if (!schedule.available) {
      replaceChildren(stage);
      for (const b of buttons) b.setAttribute('disabled', '');
      this.el('lab-ring-phase').textContent =
        `The animation draws rings of up to ${schedule.max_ranks} ranks; ` +
        `the model above uses ${formatCount(schedule.ranks)}. Choose ${schedule.max_ranks} or fewer ranks to watch it.`;
      this.el('lab-ring-narration').textContent = '';
      this.step = 0;
      return;
    }
    // Back and next follow the step (describe); only the others are switched on here, and only
    // when off: an attribute write that changes nothing still restyles the button.
    for (const b of buttons.filter((x) => x.id === 'lab-ring-play' || x.id === 'lab-ring-restart')) {
      if (b.hasAttribute('disabled')) b.removeAttribute('disabled');
    }
    // The drawing depends on the rank count only: a new payload or link keeps it.
    if (this.builtRanks !== schedule.ranks || !this.svg || !stage.contains(this.svg)) this.show(stage, schedule.ranks);
    this.go(Math.min(Math.max(0, step), this.total), false, true);
  }

  /**
   * Shows the drawing for p ranks, built once per rank count and kept for the next visit.
   * @param {HTMLElement} stage
   * @param {number} p
   */
  show(stage, p) {
    // A drawing comes with its rank count, cells and tokens (build()).
    if (this.svg)
      this.built.set(/** @type {number} */ (this.builtRanks), {
        svg: this.svg,
        cells: /** @type {SVGElement[][]} */ (this.cells),
        tokens: /** @type {SVGGElement} */ (this.tokens),
        paintedStep: this.paintedStep,
      });
    const kept = this.built.get(p);
    if (!kept) {
      this.build();
      return;
    }
    replaceChildren((this.tokens = kept.tokens));
    ({ svg: this.svg, cells: this.cells, paintedStep: this.paintedStep } = kept);
    stage.replaceChildren(this.svg);
    this.builtRanks = p;
  }

  build() {
    const sch = /** @type {Schedule} */ (this.schedule); // set by setSchedule first
    const p = sch.ranks;
    const cols = Math.ceil(Math.sqrt(p));
    const cell = Math.min(14, Math.floor(64 / cols));
    /** @type {SVGGElement[]} */
    const nodes = [];
    this.cells = [];
    // One rank's box is built once at the origin and cloned for every rank (a deep clone is
    // far cheaper than p × p elements with their attributes set one by one).
    const w = cols * cell;
    const rows = Math.ceil(p / cols);
    const proto = svg('g', { class: 'lab-ring-rank' });
    proto.append(
      svg('rect', {
        x: -w / 2 - 5,
        y: -(rows * cell) / 2 - 16,
        width: w + 10,
        height: rows * cell + 22,
        rx: 6,
        class: 'lab-ring-box',
      }),
    );
    proto.append(svg('text', { x: 0, y: -(rows * cell) / 2 - 4, class: 'lab-ring-label', 'text-anchor': 'middle' }));
    for (let c = 0; c < p; c += 1) {
      const cx = -w / 2 + (c % cols) * cell;
      const cy = -(rows * cell) / 2 + 2 + Math.floor(c / cols) * cell;
      proto.append(
        svg('rect', {
          x: cx + 1,
          y: cy + 1,
          width: cell - 2,
          height: cell - 2,
          fill: chunkColour(c),
          'fill-opacity': '0.18',
          class: 'lab-ring-cell',
        }),
      );
    }
    for (let r = 0; r < p; r += 1) {
      const [x, y] = position(r, p);
      const group = /** @type {SVGGElement} */ (proto.cloneNode(true));
      group.setAttribute('transform', `translate(${x} ${y})`);
      group.children[1].textContent = `rank ${r}`;
      this.cells.push(/** @type {SVGElement[]} */ ([...group.children].slice(2)));
      nodes.push(group);
    }
    const ring = svg('circle', { cx: CENTER, cy: CENTER, r: RADIUS, class: 'lab-ring-track' });
    const arrows = [];
    for (let r = 0; r < p; r += 1) {
      const [x, y] = position(r + 0.5, p, RADIUS + 0);
      const angle = (360 * (r + 0.5)) / p;
      arrows.push(
        svg('path', {
          d: 'M -5 -5 L 4 0 L -5 5',
          class: 'lab-ring-arrow',
          transform: `translate(${x} ${y}) rotate(${angle})`,
        }),
      );
    }
    this.tokens = svg('g', { class: 'lab-ring-tokens' });
    const title = svg('title', {
      text: `Ring of ${p} ranks; each passes one chunk to its right-hand neighbour per step.`,
    });
    const root = svg(
      'svg',
      { viewBox: `0 0 ${SIZE} ${SIZE}`, role: 'img', 'aria-labelledby': 'lab-ring-narration', class: 'lab-ring-svg' },
      title,
      ring,
      ...arrows,
      ...nodes,
      this.tokens,
    );
    replaceChildren(this.el('lab-ring-stage'), root);
    this.svg = root;
    this.builtRanks = p;
    this.paintedStep = 0; // the cells start as paint(0) leaves them: each copy holds one rank
  }

  /**
   * Colours every copy of every chunk by how many ranks it sums after `step` steps.
   * @param {number} step
   */
  paint(step) {
    // Counts depend on the rank count and the step only, and the drawing is rebuilt for a new
    // rank count: the same step is already painted.
    if (this.paintedStep === step) return;
    this.paintedStep = step;
    const sch = /** @type {Schedule} */ (this.schedule); // painted only once there is one
    const p = sch.ranks;
    const counts = step === 0 ? null : sch.steps[step - 1].contributions;
    const cells = /** @type {SVGElement[][]} */ (this.cells); // painted only once drawn
    for (let r = 0; r < p; r += 1) {
      for (let c = 0; c < p; c += 1) {
        const n = counts ? counts[r][c] : 1; // before any step each copy holds only its own rank
        const rect = cells[r][c];
        rect.setAttribute('fill-opacity', String(0.18 + (0.82 * (n - 1)) / (p - 1)));
        rect.classList.toggle('complete', n === p);
      }
    }
  }

  /**
   * @param {number} target
   * @param {boolean} animate
   */
  go(target, animate, silent = false) {
    if (!this.total) return;
    const next = Math.min(Math.max(0, target), this.total);
    cancelAnimationFrame(this.frame);
    const tokens = /** @type {SVGGElement} */ (this.tokens); // drawn: total > 0 comes with a drawing
    if (tokens.firstChild) replaceChildren(tokens);
    if (animate && next === this.step + 1 && !this.reduced.matches) this.fly(next);
    else this.paint(next);
    this.step = next;
    this.describe();
    if (!silent) this.onStep(next);
  }

  /**
   * Moves one token per send from sender to receiver, then repaints with the new counts.
   * @param {number} next
   */
  fly(next) {
    const sch = /** @type {Schedule} */ (this.schedule); // flown only within a schedule's steps
    const p = sch.ranks;
    const sends = sch.steps[next - 1].sends;
    const layer = /** @type {SVGGElement} */ (this.tokens); // drawn before any step is flown
    const tokens = sends.map((m) => {
      const t = svg('rect', {
        width: 12,
        height: 12,
        x: -6,
        y: -6,
        rx: 2,
        fill: chunkColour(m.chunk),
        class: 'lab-ring-token',
      });
      layer.append(t);
      return t;
    });
    const duration = (BASE_MS / this.speed) * 0.8;
    const start = performance.now();
    const tick = (/** @type {number} */ now) => {
      const f = Math.min(1, (now - start) / duration);
      sends.forEach((m, i) => {
        const [x, y] = position(m.from + f, p, RADIUS);
        tokens[i].setAttribute('transform', `translate(${x.toFixed(1)} ${y.toFixed(1)})`);
      });
      if (f < 1) this.frame = requestAnimationFrame(tick);
      else {
        replaceChildren(layer);
        this.paint(next);
      }
    };
    this.frame = requestAnimationFrame(tick);
  }

  describe() {
    const sch = /** @type {Schedule} */ (this.schedule); // described only with a schedule (total > 0)
    const p = sch.ranks;
    setText(this.el('lab-ring-play'), this.playing ? 'Pause' : 'Play');
    this.el('lab-ring-back').toggleAttribute('disabled', this.step === 0);
    this.el('lab-ring-next').toggleAttribute('disabled', this.step === this.total);
    const chunk = formatBytes(sch.chunk_bytes, 3);
    if (this.step === 0) {
      setText(
        this.el('lab-ring-phase'),
        `Ready · ${formatCount(this.total)} steps of ${formatSeconds(sch.step_time, 3)} each`,
      );
      setText(
        this.el('lab-ring-narration'),
        `Before the first step each of the ${p} ranks holds only its own gradients, ` +
          `split into ${p} chunks of ${chunk}.`,
      );
      return;
    }
    const st = sch.steps[this.step - 1];
    const rs = st.phase === 'reduce-scatter';
    setText(
      this.el('lab-ring-phase'),
      `Step ${this.step} of ${this.total} · ${rs ? 'Reduce-scatter' : 'All-gather'} ` +
        `${st.phase_step + 1} of ${p - 1}`,
    );
    const m = st.sends[0];
    const holds = st.contributions[m.to][m.chunk];
    let text =
      `Step ${this.step} of ${this.total}, ${st.phase}: every rank sends one ${chunk} chunk to its right-hand neighbour` +
      (rs ? ', which adds it to its own copy. ' : ', which stores it. ') +
      `Rank ${m.from} sends chunk ${m.chunk} to rank ${m.to}, whose copy now sums ${holds} of ${p} ranks.`;
    if (this.step === p - 1) text += ' Reduce-scatter is done: each rank owns one fully summed chunk.';
    if (this.step === this.total)
      text += ` Done: every rank holds all ${p} summed chunks, after ${this.total} steps; total ${formatSeconds(/** @type {Allreduce} */ (this.response).time, 4)}.`;
    setText(this.el('lab-ring-narration'), text);
  }

  play() {
    if (!this.total) return;
    if (this.step >= this.total) this.go(0, false);
    this.playing = true;
    const advance = () => {
      if (!this.playing) return;
      if (this.step >= this.total) {
        this.pause();
        return;
      }
      this.go(this.step + 1, true);
      this.timer = window.setTimeout(advance, BASE_MS / this.speed);
    };
    advance();
  }

  pause() {
    this.playing = false;
    clearTimeout(this.timer);
    if (this.total) this.describe();
  }
}
