import { optionsFromEnv } from './config';
import { startSimulator, type RunningSimulator } from './server';

let simulator: RunningSimulator;
try {
  simulator = await startSimulator(optionsFromEnv(process.env));
} catch (error) {
  process.stderr.write(`member-api-sim: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  simulator.close().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`member-api-sim: stopping on ${signal} failed: ${String(error)}\n`);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
