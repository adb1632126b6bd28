import { spawn, type ChildProcess } from 'node:child_process';

/** A server a spec starts itself (the demo server, the dev harness, a theme's dev server), with what it printed. */
export type ChildServer = { child: ChildProcess; output: string[] };

/**
 * Starts `node <script> <args>` in a process group of its own, as a terminal's foreground job, so a signal to the
 * group (Ctrl-C) reaches it and every process it starts. Its stdout and stderr are kept, for the failure messages.
 */
export function startChildServer(script: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): ChildServer {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output };
}

/** Whether it still runs. */
export const isRunning = (server: ChildServer | undefined): boolean =>
  server !== undefined && server.child.exitCode === null && server.child.signalCode === null;

/** Sends `signal` to its whole process group and waits for it to exit; nothing when it has already. */
export async function stopChildServer(server: ChildServer | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!server?.child.pid || !isRunning(server)) return;
  const stopped = new Promise((resolve) => server.child.once('exit', resolve));
  process.kill(-server.child.pid, signal);
  await stopped;
}
