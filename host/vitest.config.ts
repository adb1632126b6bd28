import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Most of the host's tests are rules and atoms on a fresh store, which need no DOM; a file that does (cookies,
  // storage, rendering, the document) says so in its first line, `// @vitest-environment happy-dom`, so the
  // others skip a browser environment's set-up.
  test: { environment: 'node', include: ['src/**/*.test.{ts,tsx}'] },
});
