// The native `atlas` CLI for scripts that ask the engine something at the terminal (fidelity,
// types): built on first use, then asked one command with one JSON request.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cli, nativeDir, root } from './paths.mjs';

/** Builds the CLI if it is not there yet; exits the process when the build fails. */
function ensureCli() {
  if (existsSync(cli)) return;
  const step = (args) => spawnSync('cmake', args, { stdio: 'inherit', cwd: root }).status === 0;
  const built =
    step(['-S', root, '-B', nativeDir, '-DCMAKE_BUILD_TYPE=Release']) &&
    step(['--build', nativeDir, '-j2', '--target', 'atlas']);
  if (!built) process.exit(1);
}

/** The engine's parsed answer to `command` with `request`; an error answer ends the process. */
export function askEngine(command, request) {
  ensureCli();
  const r = spawnSync(cli, [command, '-'], { input: JSON.stringify(request), encoding: 'utf8', maxBuffer: 64 << 20 });
  const answer = JSON.parse(r.stdout);
  if (answer.error) {
    console.error(answer.error.message);
    process.exit(1);
  }
  return answer;
}
