// `node scripts/child-guard.mjs <command> [args...]`
//
// Runs a command for serve.mjs and makes sure it does not outlive serve.mjs. serve.mjs starts this
// guard as the leader of a new process group with a pipe on its stdin; the command (and whatever
// it spawns, such as tsx's own node child) joins that group. When the pipe closes, which also
// happens when serve.mjs is killed with SIGKILL (Playwright's default way to end a webServer), the
// guard stops the whole group. On SIGTERM/SIGINT it does the same. It exits with the command's code.
//
// A process of its own rather than a package in serve.mjs: execa's `cleanup` and signal-exit run their handlers in
// the parent, which a SIGKILL never lets run, and tree-kill walks the tree with `ps` from the parent as well; a guard
// that outlives the parent and ends its group with one kill(-pgid) leaves no simulator behind either way.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

// Not node:util's parseArgs: the guard has no flags of its own, and every word after the command, flags included,
// is the command's, passed on untouched.
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/child-guard.mjs <command> [args...]');
  process.exit(2);
}

const GRACE_MS = 5000;
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
let stopping = false;

function signalGroup(signal) {
  try {
    process.kill(-process.pid, signal);
  } catch {
    // The group is already empty.
  }
}

function stop(reason) {
  if (stopping) return;
  stopping = true;
  // The whole group, this guard included: the handlers below ignore the echo.
  signalGroup('SIGTERM');
  const timer = setTimeout(() => {
    console.error(`child-guard: ${command} ignored SIGTERM for ${GRACE_MS} ms (${reason}); killing it`);
    signalGroup('SIGKILL');
  }, GRACE_MS);
  timer.unref();
}

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => stop(signal));

let parentGone = false;
const onParentGone = () => {
  parentGone = true;
  stop('parent exited');
};
process.stdin.on('end', onParentGone);
process.stdin.on('close', onParentGone);
process.stdin.on('error', onParentGone);
process.stdin.resume();

child.on('error', (error) => {
  console.error(`child-guard: cannot start ${command}: ${error.message}`);
  process.exit(127);
});

child.on('exit', (code, signal) => {
  // Nobody is left to sweep the group: remove stragglers (and this guard) at once.
  if (parentGone) signalGroup('SIGKILL');
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
