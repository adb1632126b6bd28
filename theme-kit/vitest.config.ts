import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Most of these tests are rules, schemas and strings, which need no DOM; a file that does (rendering, hooks) says so
  // in its first line, `// @vitest-environment happy-dom`, so the others skip a browser environment's set-up.
  // Worker threads, not processes: the files still run isolated, and start faster.
  test: { environment: 'node', pool: 'threads', include: ['src/**/*.test.{ts,tsx}'] },
});
