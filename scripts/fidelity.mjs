// npm run fidelity: the engine against every published run it is checked on, calibration and
// validation apart, with the leave-one-source-out refits. Builds the native CLI if needed.
import { askEngine } from './lib/native-cli.mjs';

const t = askEngine('fidelity', { refit: true });
const pct = (x) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)} %`.padStart(9);
const sec = (x) => `${x.toFixed(2)} s`.padStart(10);
const titles = {
  calibration: 'Calibration (fitted the constants)',
  informed: 'Informed validation (never fitted; has judged changes before)',
  sealed: 'Sealed validation (never fitted, never used to judge a change)',
};
for (const set of ['calibration', 'informed', 'sealed']) {
  console.log(`\n${titles[set]}`);
  console.log(
    `${'case'.padEnd(46)} ${'published'.padStart(10)} ${'engine'.padStart(10)} ${'ideal'.padStart(10)} ${'error'.padStart(9)}`,
  );
  for (const c of t.cases.filter((x) => x.seal === set)) {
    if (!c.expressed) {
      console.log(
        `${c.id.padEnd(46)} ${sec(c.published_step)}   not expressed: ${(c.refused ?? c.ignored).join('; ')}`,
      );
      continue;
    }
    console.log(
      `${c.id.padEnd(46)} ${sec(c.published_step)} ${sec(c.model_step)} ${sec(c.ideal_step)} ${pct(c.error)}`,
    );
  }
}
const line = (label, s) =>
  console.log(
    `${label.padEnd(34)} ${String(s.cases).padStart(3)} cases, mean |error| ${(100 * s.mean_abs_error).toFixed(1)} %, max ${(100 * s.max_abs_error).toFixed(1)} %`,
  );
console.log('');
line('sealed validation (the headline)', t.sealed);
line('informed validation', t.informed);
line('out of sample (all validation)', t.out_of_sample);
line('in sample (calibration)', t.in_sample);
if (t.not_expressed) console.log(`${t.not_expressed} runs not expressed (listed above, counted in no figure)`);
for (const s of t.sources) if (s.errors) line(`  ${s.id} (${s.role})`, s.errors);
console.log(
  '\nfitted constants (compute = large-GEMM fraction of peak; memory_traffic = HBM bytes per activation byte):',
);
for (const [gpu, f] of Object.entries(t.fitted))
  console.log(
    `  ${gpu}: compute ${f.compute.toFixed(3)}, memory_traffic ${f.memory_traffic.toFixed(2)}, in-sample mean |error| ${(100 * f.mean_abs_error).toFixed(1)} %`,
  );
console.log('\nleave one source out:');
for (const l of t.leave_one_source_out)
  line(`  ${l.source} (from ${l.fitted_on.startsWith('the other GPUs') ? 'other GPUs' : 'other sources'})`, l);

// Serving: the published serving cases (calibration and the A100 validation runs that judged the
// bandwidth model) and the sealed serving set, sealed and informed apart, by source.
const serving = askEngine('fidelity', { mode: 'inference' });
const speed = (c) => (c.unit === 's' ? `${(1000 * c.engine).toFixed(2)} ms` : `${c.engine.toFixed(0)} tok/s`);
const shown = (c) => (c.unit === 's' ? `${(1000 * c.measured).toFixed(2)} ms` : `${c.measured.toFixed(0)} tok/s`);
console.log('\nServing (fidelity with "mode": "inference")');
for (const [set, title] of [
  ['calibration', 'calibration (fitted the constants)'],
  ['informed', 'informed validation'],
]) {
  console.log(`\n${title}`);
  for (const c of serving.cases.filter((x) => x.seal === set))
    console.log(`${c.id.padEnd(60)} ${shown(c).padStart(14)} ${speed(c).padStart(14)} ${pct(c.error)}`);
}
const held = serving.held_out;
for (const set of ['sealed', 'informed', 'calibration']) {
  const cases = held.cases.filter((x) => x.seal === set);
  if (!cases.length) continue;
  console.log(`\nsealed serving set (${held.frozen}), ${set}`);
  console.log(`${'case'.padEnd(60)} ${'published'.padStart(14)} ${'engine'.padStart(14)} ${'error'.padStart(9)} speed`);
  for (const c of cases) {
    if (c.refused !== undefined) {
      console.log(`${c.id.padEnd(60)} refused: ${c.refused}`);
      continue;
    }
    const queued =
      (c.fits ? '' : `  (served ${c.served})`) + (c.corrected ? '  (corrected, see serving-sealed.json)' : '');
    console.log(
      `${c.id.padEnd(60)} ${shown(c).padStart(14)} ${speed(c).padStart(14)} ${pct(c.error)} ${pct(c.speed_error)}${queued}`,
    );
  }
}
const servingLine = (label, s) =>
  console.log(
    `${label.padEnd(44)} ${String(s.cases).padStart(3)} cases, mean |error| ${(100 * s.mean_abs_error).toFixed(1)} %, median ${(100 * s.median_abs_error).toFixed(1)} %, max ${(100 * s.max_abs_error).toFixed(1)} %, mean speed error ${pct(s.mean_speed_error).trim()}` +
      // Each source counted once (the set summaries only): one document can hold hundreds of runs.
      (s.sources
        ? `; over ${s.sources} sources, each once, ${(100 * s.mean_of_sources).toFixed(1)} % (worst ${s.worst_source}, ${(100 * s.worst_source_error).toFixed(1)} %)`
        : ''),
  );
console.log('');
if (held.sealed.cases) servingLine('serving, sealed (the headline)', held.sealed);
else {
  console.log('serving, sealed: none remain (every held-out set has judged a change); each set as frozen:');
  for (const r of held.readings)
    console.log(
      `  ${r.frozen.padEnd(40)} ${String(r.cases).padStart(3)} cases, mean |error| ${(100 * r.mean_abs_error).toFixed(1)} % (engine ${r.engine_commit})`,
    );
}
if (held.informed.cases) servingLine('serving, informed', held.informed);
for (const s of held.sources) servingLine(`  ${s.id}${s.seal === 'sealed' ? '' : ` (${s.seal})`}`, s.errors);
console.log('\nserving constants and the calibration source each comes from:');
for (const k of serving.constants) console.log(`  ${k.constant}: ${k.source} (${k.how})`);

// Memory: peak memory per GPU against published measurements, each compared with the rank that
// measured it and with the quantity it measured (allocated, reserved, nvidia-smi).
const memory = t.memory;
const gib = (b) => `${(b / 2 ** 30).toFixed(2)} GiB`.padStart(11);
console.log('\nPeak memory (fidelity → memory)');
console.log(`${'case'.padEnd(72)} ${'measured'.padStart(11)} ${'engine'.padStart(11)} ${'error'.padStart(9)}`);
for (const c of memory.cases)
  console.log(`${`${c.id} (${c.quantity}, ${c.set})`.padEnd(72)} ${gib(c.measured)} ${gib(c.engine)} ${pct(c.error)}`);
for (const c of memory.not_expressed) console.log(`${c.id.padEnd(72)} not expressed: ${c.refused}`);
console.log('');
for (const [set, quantities] of Object.entries(memory.summaries))
  for (const [quantity, s] of Object.entries(quantities))
    console.log(
      `${`memory, ${set}, ${quantity}`.padEnd(44)} ${String(s.cases).padStart(3)} cases, mean |error| ${(100 * s.mean_abs_error).toFixed(1)} %, max ${(100 * s.max_abs_error).toFixed(1)} %, mean signed ${pct(s.mean_signed_error).trim()}`,
    );
