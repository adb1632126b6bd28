import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    // Worker threads, not processes: the files still run isolated, and start a sixth faster.
    pool: 'threads',
    include: ['src/**/*.test.ts'],
    testTimeout: 15_000,
  },
});
