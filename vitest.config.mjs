// `npx vitest run` here runs every package's unit tests in one run: each package with a vitest.config.ts is a
// project and keeps its own settings (environment, pool, include, timeouts), named after its package.json.
// e2e has none (Playwright's), and scripts/*.test.mjs are node:test files that `node --test` runs.
import { defineConfig } from 'vitest/config';

// Every core: vitest's default leaves one free, which on a two-core machine is half of it.
export default defineConfig({ test: { projects: ['*/vitest.config.ts'], maxWorkers: '100%' } });
