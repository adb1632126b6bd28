/**
 * For the host's model-based tests only: the seed of a run and how many sequences it explores. Each run prints its
 * seed; a failure also prints the path of the shrunk sequence, and the counterexample ends with the replayPath of its
 * commands (`/*replayPath="…"*\/`). To replay it:
 *
 *   MODEL_SEED=<seed> MODEL_PATH=<path> MODEL_REPLAY=<replayPath> npx vitest run --project @member/host <test file>
 *
 * MODEL_RUNS sets how many sequences a run explores (more for a long hunt, fewer while editing); MODEL_VERBOSE=1 lists
 * every failing sequence met while shrinking, the first one as it was found.
 */
import type { Parameters } from 'fast-check';

export function modelRunParameters<T>(name: string, defaultRuns: number): Parameters<T> {
  const given = process.env.MODEL_SEED;
  const seed = given !== undefined && given !== '' ? Number(given) : (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
  const numRuns = process.env.MODEL_RUNS ? Number(process.env.MODEL_RUNS) : defaultRuns;
  const path = process.env.MODEL_PATH;
  console.info(`[${name}] seed ${seed}, ${numRuns} sequences (replay: MODEL_SEED=${seed})`);
  const verbose = Number(process.env.MODEL_VERBOSE ?? 0);
  return { seed, numRuns, verbose, ...(path ? { path, endOnFailure: true } : {}) };
}

/** fast-check's command sequences, replaying the commands of a failure when MODEL_REPLAY gives their replayPath. */
export function modelCommands(): { maxCommands: number; size: 'large'; replayPath?: string } {
  const replayPath = process.env.MODEL_REPLAY;
  return { maxCommands: 30, size: 'large', ...(replayPath ? { replayPath } : {}) };
}
