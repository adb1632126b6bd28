// The life of a command that starts servers and runs until Ctrl-C (`npm start`, `npm run serve`, `npm run dev`): the
// first SIGINT, SIGTERM or SIGHUP aborts a start-up under way or stops what runs, then exits 0; a second one exits at
// once; a start-up that fails, or a fatal error while running, stops what was started and exits 1 (2 for bad usage).
// Node's own process.on and AbortController: signal-exit only runs handlers as the process leaves, where the first
// signal here starts an asynchronous stop and only the second exits at once; and serve.mjs, which imports this
// module, is loaded by `npm start` and `npm test` before they install the workspace.

/**
 * @template {{ stop(): Promise<void> }} T
 * @param {object} options
 * @param {string} options.label the command's name at the head of its lines (`serve`, `dev`)
 * @param {(signal: AbortSignal, onFatal: (error: Error) => Promise<void>) => Promise<T>} options.start
 * @returns {Promise<T>} what `start` returned, once it runs
 */
export async function runUntilSignal({ label, start }) {
  const controller = new AbortController();
  let running = null;
  let signalled = false;
  const onSignal = async (name) => {
    if (signalled) {
      console.error(`${label}: ${name} again, exiting without waiting`);
      process.exit(1);
    }
    signalled = true;
    controller.abort();
    if (running) {
      console.log(`\n${label}: ${name}, stopping...`);
      await running.stop();
      console.log(`${label}: stopped`);
      process.exit(0);
    }
  };
  for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(name, () => onSignal(name));

  const onFatal = async (error) => {
    console.error(`${label}: ${error.message}; stopping everything`);
    await running?.stop();
    process.exit(1);
  };
  try {
    running = await start(controller.signal, onFatal);
  } catch (error) {
    if (error.code === 'ABORT_ERR' || signalled) {
      console.log(`${label}: stopped during start-up`);
      process.exit(0);
    }
    console.error(`${label}: ${error.message}`);
    process.exit(error.code === 'EUSAGE' ? 2 : 1);
  }
  if (signalled) {
    await running.stop();
    process.exit(0);
  }
  return running;
}
