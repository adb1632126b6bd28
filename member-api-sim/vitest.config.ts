import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    // Worker threads, not processes: they start a sixth faster. One module registry per worker (isolate: false):
    // see ../vitest.config.mjs.
    pool: 'threads',
    isolate: false,
    include: ['src/**/*.test.ts'],
    testTimeout: 15_000,
  },
});
