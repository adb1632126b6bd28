import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Most of the host's tests are rules and atoms on a fresh store, which need no DOM; a file that does (cookies,
  // storage, rendering, the document) says so in its first line, `// @vitest-environment happy-dom`, so the
  // others skip a browser environment's set-up.
  // Worker threads, not processes: the files still run isolated, and start a sixth faster.
  test: { environment: 'node', pool: 'threads', include: ['src/**/*.test.{ts,tsx}'] },
});
