import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Most of these tests are rules, schemas and strings, which need no DOM; a file that does (rendering, hooks) says so
  // in its first line, `// @vitest-environment happy-dom`, so the others skip a browser environment's set-up.
  test: { isolate: false, environment: 'node', include: ['src/**/*.test.{ts,tsx}'] },
});
