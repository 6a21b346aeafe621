// npm run fuzz [-- SECONDS [extra libFuzzer flags]]: builds the libFuzzer harness (tests/fuzz) with
// clang, ASan and UBSan in <build>/fuzz, and runs it over every command for SECONDS (default
// 300; FUZZ_SECONDS works too), starting from the seed corpus and the kept findings. New inputs
// go to <build>/fuzz/corpus, crashes to <build>/fuzz/findings/. Keeps going past a finding
// (-fork=1 -ignore_crashes=1); turn each into a file in tests/fuzz/findings/ (doctest replays it).
// Needs: apt-get install clang libclang-rt-14-dev. Not part of npm test.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildDir, root } from './lib/paths.mjs';

const [secondsArg, ...extra] = process.argv.slice(2);
const seconds = Number(secondsArg ?? process.env.FUZZ_SECONDS ?? 300);
if (!Number.isFinite(seconds) || seconds <= 0) {
  console.error('usage: npm run fuzz -- [SECONDS] [libFuzzer flags]');
  process.exit(1);
}
const dir = join(buildDir, 'fuzz');
const corpus = join(dir, 'corpus');
const findings = join(dir, 'findings');
mkdirSync(corpus, { recursive: true });
mkdirSync(findings, { recursive: true });

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (r.error) {
    console.error(`fuzz: ${cmd}: ${r.error.message}`);
    process.exit(1);
  }
  return r.status;
}

if (
  run('cmake', [
    '-S',
    root,
    '-B',
    dir,
    '-DCMAKE_BUILD_TYPE=Debug',
    '-DCMAKE_CXX_COMPILER=clang++',
    '-DATLAS_FUZZ=ON',
    '-DATLAS_TESTS=OFF',
  ]) !== 0
)
  process.exit(1);
if (run('cmake', ['--build', dir, '--target', 'atlas_fuzz', '-j2']) !== 0) process.exit(1);

const status = run(
  join(dir, 'tests', 'fuzz', 'atlas_fuzz'),
  [
    `-max_total_time=${Math.round(seconds)}`,
    '-fork=1',
    '-ignore_crashes=1',
    '-timeout=10',
    '-rss_limit_mb=1536',
    '-malloc_limit_mb=256',
    '-max_len=65536',
    '-print_final_stats=1',
    `-dict=${join(root, 'tests/fuzz/atlas.dict')}`,
    `-artifact_prefix=${findings}/`,
    ...extra,
    corpus,
    join(root, 'tests/fuzz/corpus'),
    join(root, 'tests/fuzz/findings'),
  ],
  {
    env: {
      ...process.env,
      ASAN_OPTIONS: 'detect_leaks=1:allocator_may_return_null=1',
      UBSAN_OPTIONS: 'print_stacktrace=1',
    },
  },
);
process.exit(status ?? 1);
