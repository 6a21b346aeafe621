// "Bring your own run": a pasted or dropped config (Hugging Face config.json, Megatron-LM
// arguments, DeepSpeed JSON, torchtitan TOML) becomes the explorer's split through the engine's
// `import`, with what was read, assumed and left out listed beside it; "Export" writes the
// current split back out through `export`. Everything stays in the page: files are read with
// File.text(), downloads are made from a Blob, and pasted text is only ever set as text.
import { h } from '../../dom.js';
import { isError } from '../../engine.js';
import { hardwareRequest, modelRequest, parallelRequest, planRequest, shapeFromPreset } from './requests.js';
import { DEFAULTS } from './state.js';

/** @typedef {import('../../atlas-engine').ImportResponse} ImportResponse */
/** @typedef {import('../../atlas-engine').ExportResponse} ExportResponse */
/** @typedef {import('./state.js').PlannerState} PlannerState */

/** @type {Record<string, string>} */
const FORMAT_NAMES = {
  hf: 'a Hugging Face config.json',
  megatron: 'Megatron-LM arguments',
  deepspeed: 'a DeepSpeed config',
  torchtitan: 'a torchtitan configuration',
};
const EXPORTS = [
  ['megatron', 'Megatron-LM arguments'],
  ['deepspeed', 'DeepSpeed JSON'],
  ['torchtitan', 'torchtitan TOML'],
];

/**
 * The engine's field names ("model.layers") as the explorer's controls call them.
 * @type {Record<string, string>}
 */
const LABELS = {
  'model.layers': 'Layers',
  'model.hidden': 'Hidden size',
  'model.heads': 'Heads',
  'model.kv_heads': 'KV heads',
  'model.ffn': 'MLP width',
  'model.vocab': 'Vocabulary',
  'model.seq': 'Sequence length',
  'model.mlp': 'MLP kind',
  'model.position': 'Positions',
  'model.norm': 'Normalization',
  'model.bias': 'Biases on linear layers',
  'model.qkv_bias': 'Biases on Q, K and V',
  'model.head_dim': 'Head size',
  'model.qk_norm': 'QK-norm',
  'model.dropout': 'Dropout',
  'model.tied_embeddings': 'Tied embeddings',
  'model.experts': 'Experts',
  'model.top_k': 'Experts per token',
  'model.expert_ffn': 'Expert MLP width',
  'model.q_lora_rank': 'Query latent rank',
  'model.kv_lora_rank': 'Key–value latent rank',
  'model.qk_nope_head_dim': 'Head size without rotary part',
  'model.qk_rope_head_dim': 'Rotary part of each head',
  'model.v_head_dim': 'Value head size',
  'model.shared_experts': 'Shared experts',
  'model.shared_expert_ffn': 'Shared expert MLP width',
  'model.dense_layers': 'Dense layers first',
  'model.moe_every': 'Experts every k-th layer',
  'model.window': 'Sliding window',
  'model.full_every': 'Full attention every k-th layer',
  'model.attention_sinks': 'Attention sinks',
  'model.router_bias': 'Router bias',
  'model.mtp_layers': 'Multi-token prediction modules',
  'model.text_config': 'Language model of a multimodal config',
  'model.preset': 'Model',
  model: 'Model',
  'model.architecture': 'Architecture',
  'parallel.tp': 'Tensor parallel',
  'parallel.pp': 'Pipeline stages',
  'parallel.cp': 'Context parallel',
  'parallel.ep': 'Expert parallel',
  'parallel.etp': 'Expert tensor parallel',
  'parallel.dp': 'Data parallel',
  'parallel.zero': 'ZeRO stage',
  'parallel.sequence_parallel': 'Sequence parallel',
  'parallel.recompute': 'Recompute',
  'parallel.recompute_modules': 'Parts recomputed',
  'parallel.recompute_method': 'Layers recomputed',
  'parallel.optimizer_kernel': 'Adam kernels',
  'parallel.recompute_num_layers': 'Layers per group or stage',
  'parallel.schedule': 'Schedule',
  'parallel.virtual_stages': 'Virtual stages',
  'parallel.framework': 'Framework',
  'parallel.overlap': 'Overlap gradient traffic',
  'parallel.tp_overlap': 'Overlap tensor-parallel traffic',
  'parallel.fp8_param_gather': 'Weights kept and gathered in FP8',
  'parallel.flash_attention': 'FlashAttention',
  'parallel.attention_kernel': 'Attention kernels',
  'parallel.kernels': 'Elementwise kernels',
  'parallel.cp_attention': 'Context-parallel attention',
  'parallel.backward_prefetch': 'Backward prefetch (FSDP)',
  'parallel.precision': 'Precision of the linear layers',
  'parallel.dp_shard': 'Shard model state over',
  'parallel.embedding_as_layer': 'Embedding counted as a pipeline layer',
  'parallel.loss_as_layer': 'Loss counted as a pipeline layer',
  'parallel.first_stage_layers': 'Layers on the first stage',
  'parallel.last_stage_layers': 'Layers on the last stage',
  'parallel.reduce_dtype': 'Gradients reduced in',
  'parallel.loss': 'Loss kernel',
  'parallel.order': 'Rank order',
  'batch.micro': 'Micro-batch',
  'batch.global': 'Global batch',
  'batch.accumulation': 'Accumulation steps',
  'hardware.gpus': 'GPUs',
  'hardware.preset': 'Hardware',
};
const label = (/** @type {string} */ field) => LABELS[field] ?? field;

/**
 * One value as people read it: numbers grouped, yes/no for switches, strings as written.
 * @param {unknown} value
 */
function shown(value) {
  if (typeof value === 'number') return value.toLocaleString('en-US', { maximumFractionDigits: 6 });
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * The explorer's attention choice for a normalized request: FlashAttention-2 when named, "auto"
 * when it matches the GPU's default, else on or off.
 * @param {{attention_kernel?: string, flash_attention: boolean}} p
 * @param {boolean} gpuDefault
 */
function flashChoice(p, gpuDefault) {
  if (p.attention_kernel === 'flash-attention-2') return p.attention_kernel;
  if (p.flash_attention === gpuDefault) return 'auto';
  return p.flash_attention ? 'on' : 'off';
}

/**
 * The explorer's state for an imported request, from the engine's normalized plan of it (so
 * defaults the request left out are the engine's own, not guessed here).
 * @param {ImportResponse['request']} request
 * @param {import('../../answers').Answer<'plan'>} plan
 * @returns {Partial<PlannerState>}
 */
export function patchFromPlan(request, plan) {
  const m = plan.model;
  const p = plan.parallel;
  /** @type {Record<string, unknown>} */
  const patch = { model: typeof request.model.preset === 'string' ? request.model.preset : 'custom' };
  // The normalized model, read as a preset's is: one list of shape fields for both.
  Object.assign(patch, shapeFromPreset(m), {
    gpus: plan.hardware.gpus,
    dp_auto: true,
    dp: p.dp,
    tp: p.tp,
    pp: p.pp,
    cp: p.cp,
    ep: p.ep,
    // The engine echoes etp only when it differs from tp: absent is "as tp".
    etp: p.etp ?? 0,
    // No launch script or config names how unevenly tokens are routed: an imported run is balanced.
    routing_imbalance: DEFAULTS.routing_imbalance,
    zero: p.zero,
    framework: p.framework,
    sequence_parallel: p.sequence_parallel,
    recompute: p.recompute,
    // Echoed only when it is not Megatron's default, the attention core.
    recompute_modules: (p.recompute_modules ?? ['core_attn']).join(','),
    // As the request put it: left out, the framework's own Adam.
    optimizer_kernel: request.parallel.optimizer_kernel ?? 'auto',
    // Echoed only under full recomputation of other than every layer on its own.
    recompute_method: p.recompute_method ?? DEFAULTS.recompute_method,
    recompute_num_layers: p.recompute_num_layers ?? DEFAULTS.recompute_num_layers,
    schedule: p.schedule,
    virtual_stages: p.virtual_stages,
    // As the request put it: left out, the framework's own default holds (as for `reduce`).
    overlap: request.parallel.overlap === undefined ? 'auto' : request.parallel.overlap ? 'on' : 'off',
    tp_overlap: p.tp_overlap,
    fp8_param_gather: p.fp8_param_gather ?? false,
    flash: flashChoice(p, plan.hardware.flash_attention),
    kernels: p.kernels,
    cp_attention: p.cp_attention,
    backward_prefetch: p.backward_prefetch,
    precision: p.precision,
    dp_shard: p.dp_shard === p.dp ? 0 : p.dp_shard,
    embedding_as_layer: p.embedding_as_layer,
    loss_as_layer: p.loss_as_layer,
    first_stage_layers: p.first_stage_layers,
    last_stage_layers: p.last_stage_layers,
    reduce: request.parallel.reduce_dtype ?? 'auto',
    loss: request.parallel.loss ?? 'auto',
    order: p.order,
    micro: plan.batch.micro,
    global: plan.batch.global,
  });
  // The state's own names, with the engine's values for them.
  return /** @type {Partial<PlannerState>} */ (patch);
}

/**
 * @template E
 * @param {string} title
 * @param {E[]} entries
 * @param {(entry: E) => string} line
 * @param {boolean} open
 */
function list(title, entries, line, open) {
  const items = entries.map((e) => h('li', {}, line(e)));
  return h(
    'details',
    { class: 'import-list', open: open && entries.length > 0 },
    h('summary', { text: `${title} (${entries.length})` }),
    entries.length ? h('ul', {}, ...items) : h('p', { text: 'Nothing.' }),
  );
}

const where = (/** @type {{line?: number}} */ e) => (e.line ? ` (line ${e.line})` : '');

// Which pasted text an issue is about, when there are several ("/texts/1" is the second).
const textName = (/** @type {string} */ path) => {
  const m = /^\/texts\/(\d+)/.exec(path);
  return m ? `${['First', 'Second', 'Third', 'Fourth'][Number(m[1])] ?? 'A'} text, ` : '';
};

/**
 * Builds the panel in `mount` and wires it to the explorer.
 * @param {import('../../engine.js').Engine} engine
 * @param {HTMLElement} mount
 * @param {{state: () => PlannerState, apply: (patch: Partial<PlannerState>) => void}} explorer
 */
export function initImport(engine, mount, explorer) {
  const text = h('textarea', {
    id: 'planner-import-text',
    rows: '8',
    spellcheck: 'false',
    autocomplete: 'off',
    wrap: 'off',
    'aria-describedby': 'planner-import-help',
  });
  const second = h('textarea', {
    id: 'planner-import-text2',
    rows: '5',
    spellcheck: 'false',
    autocomplete: 'off',
    wrap: 'off',
  });
  const file = h('input', { id: 'planner-import-file', type: 'file', accept: '.json,.sh,.toml,.py,.txt,.bash,.cfg' });
  const format = h(
    'select',
    { id: 'planner-import-format' },
    h('option', { value: 'auto', text: 'Detect it' }),
    ...Object.entries(FORMAT_NAMES).map(([v, t]) => h('option', { value: v, text: t })),
  );
  const run = h('button', { type: 'button', id: 'planner-import-run', text: 'Show this run' });
  const out = h('div', { id: 'planner-import-out', class: 'import-out', 'aria-live': 'polite' });
  const exportFormat = h(
    'select',
    { id: 'planner-export-format' },
    ...EXPORTS.map(([v, t]) => h('option', { value: v, text: t })),
  );
  const exportRun = h('button', {
    type: 'button',
    id: 'planner-export-run',
    class: 'secondary',
    text: 'Export this split',
  });
  const exportText = h('textarea', {
    id: 'planner-export-text',
    rows: '12',
    readonly: true,
    spellcheck: 'false',
    wrap: 'off',
  });
  const copy = h('button', { type: 'button', id: 'planner-export-copy', class: 'secondary', text: 'Copy' });
  const download = h('button', { type: 'button', id: 'planner-export-download', class: 'secondary', text: 'Download' });
  const exportState = h('span', { class: 'copy-state', id: 'planner-export-state', 'aria-live': 'polite' });
  const exportBox = h(
    'div',
    { class: 'export-out', id: 'planner-export-out', hidden: true },
    h('label', { for: 'planner-export-text', text: 'Launch configuration' }),
    exportText,
    h('div', { class: 'export-actions' }, copy, download, exportState),
  );
  /** @type {ExportResponse | null} */
  let exported = null;

  mount.replaceChildren(
    h('h3', { id: 'planner-import-h', text: 'Bring your own run' }),
    h('p', {
      id: 'planner-import-help',
      text: 'Paste a model’s config.json, a Megatron-LM launch script, a DeepSpeed config or a torchtitan configuration (its TOML, or the Python function and the command line that runs it; or drop the file on the box). The explorer above then shows that run on the hardware chosen there. Nothing leaves this page.',
    }),
    // Closed until wanted: a newcomer's first screen holds the split, not two text boxes.
    h(
      'details',
      { class: 'import-box', id: 'planner-import-box' },
      h('summary', { text: 'Paste a configuration, or export this split' }),
      h(
        'div',
        { class: 'import-grid' },
        h(
          'div',
          { class: 'field field-wide' },
          h('label', { for: 'planner-import-text', text: 'Configuration text' }),
          text,
        ),
        h(
          'details',
          { class: 'import-second' },
          h('summary', {
            text: 'Add a second text for the same run (for example the config.json beside a launch script)',
          }),
          h(
            'div',
            { class: 'field field-wide' },
            h('label', { for: 'planner-import-text2', text: 'Second text' }),
            second,
          ),
        ),
        h(
          'div',
          { class: 'import-actions' },
          h('div', { class: 'field' }, h('label', { for: 'planner-import-file', text: 'Or read a file' }), file),
          h('div', { class: 'field' }, h('label', { for: 'planner-import-format', text: 'Format' }), format),
          run,
        ),
      ),
      out,
      h('h4', { id: 'planner-export-h', text: 'Export this split' }),
      h('p', {
        text: 'The split shown in the explorer as a launch configuration. Comments in it say what the target cannot express (for example the GPU type).',
      }),
      h(
        'div',
        { class: 'import-actions' },
        h('div', { class: 'field' }, h('label', { for: 'planner-export-format', text: 'Write it as' }), exportFormat),
        exportRun,
      ),
      exportBox,
    ),
  );

  // The engine's own limit on a pasted text (its schema), checked before a large file is read.
  /** @type {number | null} */
  let limit = null;
  const maxBytes = () =>
    (limit ??=
      engine.run('schema', { command: 'import', responses: false }).commands?.import?.request?.properties?.text
        ?.maxLength ?? Infinity);
  /**
   * @param {File | undefined} f
   * @param {HTMLTextAreaElement} into
   */
  async function readFile(f, into) {
    if (!f) return;
    if (f.size > maxBytes()) {
      out.replaceChildren(
        h('p', {
          class: 'notice notice-error',
          text: `${f.name} is ${Math.round(f.size / 1024)} KiB; a configuration is at most ${Math.round(maxBytes() / 1024)} KiB.`,
        }),
      );
      return;
    }
    into.value = await f.text();
    out.replaceChildren(h('p', { text: `Read ${f.name}. Choose “Show this run” to see it.` }));
  }
  file.addEventListener('change', () => readFile(file.files?.[0], text));
  for (const box of [text, second]) {
    box.addEventListener('dragover', (e) => {
      e.preventDefault();
      box.classList.add('is-drop');
    });
    box.addEventListener('dragleave', () => box.classList.remove('is-drop'));
    box.addEventListener('drop', (e) => {
      e.preventDefault();
      box.classList.remove('is-drop');
      readFile(e.dataTransfer?.files?.[0], box);
    });
    box.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        show();
      }
    });
  }

  function show() {
    const texts = [text.value, second.value].filter((t) => t.trim() !== '');
    if (texts.length === 0) {
      out.replaceChildren(
        h('p', { class: 'notice notice-error', text: 'Paste a configuration first, or choose a file.' }),
      );
      text.focus();
      return;
    }
    const state = explorer.state();
    const answer = engine.run('import', {
      ...(texts.length === 1 ? { text: texts[0] } : { texts }),
      format: format.value,
      hardware: hardwareRequest(state),
      model: modelRequest(state),
      // A config.json alone keeps the explorer's split and batch (the engine lists them as assumed).
      parallel: parallelRequest(state),
      batch: { micro: state.micro, global: state.global },
    });
    mount.dataset.imported = '';
    if (isError(answer)) {
      /** @type {import('../../atlas-engine').EngineErrorResponse} */
      const r = answer;
      out.replaceChildren(
        h(
          'div',
          { class: 'notice notice-error', role: 'alert' },
          h('p', { text: 'This text could not be read:' }),
          h('ul', {}, ...r.errors.map((e) => h('li', { text: textName(e.path) + e.message }))),
        ),
      );
      return;
    }
    /** @type {ImportResponse} */
    const r = answer;
    const warnings = /** @type {{warnings?: {message: string, path: string}[]}} */ (answer).warnings ?? [];
    const plan = engine.run('plan', r.request);
    if (isError(plan)) {
      out.replaceChildren(h('p', { class: 'notice notice-error', text: plan.error.message }));
      return;
    }
    explorer.apply(patchFromPlan(r.request, plan));
    const shownPlan = engine.run('plan', planRequest(explorer.state()));
    const same = !isError(shownPlan) && shownPlan.parameters === r.parameters;
    const formats = r.formats.map((f) => FORMAT_NAMES[f]).join(' and ');
    out.replaceChildren(
      h(
        'p',
        { class: 'import-summary' },
        h('strong', { text: `Read as ${formats}. ` }),
        `${shown(r.parameters)} parameters on ${shown(r.request.hardware.gpus)} GPUs. `,
        same
          ? 'The explorer above now shows this run.'
          : 'The explorer could not take every value; check the controls above.',
      ),
      list('What was read', r.read, (e) => `${label(e.field)}: ${shown(e.value)} — from ${e.from}${where(e)}`, false),
      list('What was assumed', r.assumed, (e) => `${label(e.field)}: ${shown(e.value)} — ${e.why}`, true),
      list('What was left out', r.ignored, (e) => `${e.from}${where(e)} — ${e.why}`, false),
      // The reader's own decisions (a branch taken, a GPU count replaced), which the contract's
      // answer schema does not list beside the response.
      ...(warnings.length ? [list('What to check', warnings, (e) => textName(e.path) + e.message, true)] : []),
    );
    mount.dataset.imported = r.format;
  }
  run.addEventListener('click', show);

  exportRun.addEventListener('click', () => {
    const answer = engine.run('export', { request: planRequest(explorer.state()), format: exportFormat.value });
    exportBox.hidden = false;
    if (isError(answer)) {
      exported = null;
      exportText.value = '';
      exportState.textContent = answer.error.message;
      return;
    }
    /** @type {ExportResponse} */
    const r = answer;
    exported = r;
    exportText.value = r.text;
    exportState.textContent = `Written as ${EXPORTS.find(([v]) => v === r.format)?.[1]}.`;
  });
  copy.addEventListener('click', async () => {
    if (!exported) return;
    try {
      await navigator.clipboard.writeText(exported.text);
      exportState.textContent = 'Copied.';
    } catch {
      // No clipboard permission (file://): select the text so Ctrl+C works.
      exportText.focus();
      exportText.select();
      exportState.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
    }
  });
  download.addEventListener('click', () => {
    if (!exported) return;
    const url = URL.createObjectURL(new Blob([exported.text], { type: 'text/plain' }));
    const a = h('a', { href: url, download: exported.filename, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    exportState.textContent = `Saved as ${exported.filename}.`;
  });
}
