// `npm start`: install if needed, build the four production bundles, compress them, then serve them
// with the simulator (scripts/serve.mjs) until Ctrl-C.
//
//   node scripts/start.mjs [--no-build] [serve.mjs flags: --no-sim, --log-requests, --api-same-origin, --dist-root=DIR, --root-*=DIR]
import { ensureInstall } from './ensure-install.mjs';
import { buildAll } from './build.mjs';
import { checkPorts, parseServeArgs, serveUntilSignal } from './serve.mjs';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode();

let parsed;
try {
  parsed = parseServeArgs(process.argv.slice(2));
} catch (error) {
  console.error(error.message.replace('serve.mjs', 'start.mjs [--no-build]'));
  process.exit(2);
}

if (parsed.flags.help) {
  console.log(
    'usage: node scripts/start.mjs [--no-build] [--no-sim] [--log-requests] [--api-same-origin] [--dist-root=DIR] [--root-host=DIR] ...',
  );
  console.log('       (the serve.mjs flags and port variables; see node scripts/serve.mjs --help)');
  process.exit(0);
}

// Before the build: a second `npm start` says at once that the ports are taken, without rebuilding the running demo's files.
try {
  await checkPorts({ sim: parsed.options.sim });
} catch (error) {
  console.error(`start: ${error.message}`);
  process.exit(1);
}

const started = performance.now();
await ensureInstall();
if (parsed.flags.noBuild) {
  console.log('start: --no-build, serving the existing dist folders');
} else {
  const code = await buildAll();
  if (code !== 0) process.exit(code);
  console.log(`start: installed, built and compressed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
await serveUntilSignal(parsed.options);
