import { defineConfig } from 'vitest/config';
import OWN_WORKER_FILES from './vitest.own-worker-files.json' with { type: 'json' };

/** The host's tests that cannot run in a VM context (vitest.config.ts says why): worker threads, each file isolated. */
export default defineConfig({
  test: { name: '@member/host:own-worker', environment: 'node', pool: 'threads', include: OWN_WORKER_FILES },
});
