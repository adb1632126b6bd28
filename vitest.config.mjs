// `npx vitest run` here runs every package's unit tests in one run: each package with a vitest.config.ts is a
// project and keeps its own settings (environment, pool, include, timeouts), named after its package.json.
// e2e has none (Playwright's), and scripts/*.test.mjs are node:test files that `node --test` runs.
// `npx vitest run --project @member/shared-core` runs one package's tests alone (a few seconds for most packages); the
// host's are two projects (host/vitest.config.ts says why): `--project '@member/host*'`.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['*/vitest.config.ts', 'host/vitest.own-worker.config.ts'],
    // One worker more than the cores (vitest's default leaves one free, which on a two-core machine is half of it): the
    // simulator's tests wait on real time (a held bank, a slow reply), and a file waiting would hold a core idle.
    // Measured on two cores: 48-49 s with two workers, 40-42 s with three, 43 s with four.
    maxWorkers: availableParallelism() + 1,
    // Every package but the host sets `isolate: false` in its own config: its files share a worker's module registry
    // instead of importing everything again per file, which takes a third off their time (39 to 27 s). Their tests are
    // pure functions, schemas and components on fresh stores; a module mock would leak into the next file, so lint
    // refuses vi.mock and its kin there (eslint.config.mjs). The host's tests mock modules, and stay isolated:
    // each file in a VM context of its own (host/vitest.config.ts).
    // With --coverage (`npm test -- --coverage` passes it): the share of the packages' source the unit tests run, from V8's own
    // counters, reported and not gated. Tests, test helpers, the remotes' standalone entries and declarations are not
    // source under test.
    coverage: {
      provider: 'v8',
      include: ['*/src/**/*.{ts,tsx}'],
      exclude: [
        'e2e/**',
        '**/*.test.{ts,tsx}',
        '**/test-*.{ts,tsx}',
        '**/testing/**',
        '**/*.d.ts',
        'remote-*/src/index.ts',
        'remote-*/src/bootstrap.tsx',
      ],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'node_modules/.cache/member-coverage',
    },
  },
});
