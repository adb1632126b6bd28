import { defineConfig } from 'vitest/config';

/**
 * Files that need a worker of their own rather than a VM context (the project @member/host:own-worker, vitest.own-worker.config.ts):
 * react-router-dom's CommonJS build requires react-router's ES module, which Node's VM contexts cannot load; the early
 * start's test signs releases with Node's WebCrypto, which refuses a VM context's buffers (another realm's). Listed in
 * a JSON file both configs read, so neither config imports the other by a path without its extension.
 */
import OWN_WORKER_FILES from './vitest.own-worker-files.json' with { type: 'json' };

export default defineConfig({
  // Most of the host's tests are rules and atoms on a fresh store, which need no DOM; a file that does (cookies,
  // storage, rendering, the document) says so in its first line, `// @vitest-environment happy-dom`, so the
  // others skip a browser environment's set-up.
  // Each file in a VM context of its own inside a reused worker: still isolated (its own module registry and globals,
  // so a module mock stays in its file), without a worker and a DOM environment built per file. Measured: the host's
  // tests in 15-17 s instead of 36 s, on half the CPU. The globals a VM context lacks come from the setup file.
  test: {
    name: '@member/host',
    environment: 'node',
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: OWN_WORKER_FILES,
    setupFiles: ['./src/core/lib/test-vm-globals.ts'],
  },
});
