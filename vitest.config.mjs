// `npx vitest run` here runs every package's unit tests in one run: each package with a vitest.config.ts is a
// project and keeps its own settings (environment, pool, include, timeouts), named after its package.json.
// e2e has none (Playwright's), and scripts/*.test.mjs are node:test files that `node --test` runs.
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { projects: ['*/vitest.config.ts'] } });
