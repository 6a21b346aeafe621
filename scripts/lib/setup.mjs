// Installs what the build needs on a fresh Debian 12 machine: system packages through apt
// (directly as root, through sudo otherwise, or printing the exact command), then npm ci.
// Idempotent and quiet when everything is present.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './paths.mjs';

const SYSTEM_NEEDS = [
  // [package, file that proves it is installed]
  ['emscripten', '/usr/bin/emcc'],
  ['nlohmann-json3-dev', '/usr/include/nlohmann/json.hpp'],
  ['doctest-dev', '/usr/include/doctest/doctest.h'],
  ['chromium', '/usr/bin/chromium'],
  ['cmake', '/usr/bin/cmake'],
  ['g++', '/usr/bin/g++'],
  ['make', '/usr/bin/make'],
  ['zip', '/usr/bin/zip'],
  // xmllint validates the course packages' manifests against the SCORM 1.2 schemas.
  ['libxml2-utils', '/usr/bin/xmllint'],
];

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status})`);
}

function canSudo() {
  return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
}

export function missingSystemPackages() {
  return SYSTEM_NEEDS.filter(([, file]) => !existsSync(file)).map(([pkg]) => pkg);
}

function installSystemPackages() {
  const missing = missingSystemPackages();
  if (missing.length === 0) return;
  const isRoot = process.getuid && process.getuid() === 0;
  const apt = ['apt-get', 'install', '-y', '--no-install-recommends', ...missing];
  console.log(`[setup] installing system packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (isRoot) {
    run('apt-get', ['update'], { env });
    run(apt[0], apt.slice(1), { env });
  } else if (canSudo()) {
    run('sudo', ['apt-get', 'update'], { env });
    run('sudo', ['DEBIAN_FRONTEND=noninteractive', ...apt], { env });
  } else {
    console.error('[setup] These system packages are missing and this user cannot install them.');
    console.error(
      `[setup] Run this once, then try again:\n\n  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}\n`,
    );
    process.exit(1);
  }
}

function installNodePackages() {
  const modules = join(root, 'node_modules');
  const lock = join(root, 'package-lock.json');
  const stamp = join(modules, '.package-lock.json');
  const fresh = existsSync(stamp) && statSync(stamp).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh) return;
  console.log('[setup] npm ci');
  run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root });
}

/** Makes sure system and npm dependencies are present. */
export function ensureSetup() {
  installSystemPackages();
  installNodePackages();
}

export function toolVersion(cmd, args = ['--version']) {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8' }).split('\n')[0];
  } catch {
    return 'not found';
  }
}
