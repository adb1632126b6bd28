// Proves the architecture's import rules are enforced by lint, not just written down.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { ESLint } from 'eslint';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { assertHostFoldersPlaced, unplacedHostFolders } from './host-tiers.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const eslint = new ESLint({ cwd: root });

async function ruleIdsFor(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId);
}

test('a remote importing from host fails lint', async () => {
  const ids = await ruleIdsFor(
    'remote-default/src/pages/lint-probe.tsx',
    "import { store } from '../../../host/src/core/base/store';\nexport default store;\n",
  );
  assert.ok(ids.includes('import-x/no-restricted-paths'), ids.join(','));
});

test('a remote importing the router fails lint', async () => {
  const ids = await ruleIdsFor('remote-pre8/src/lint-probe.tsx', "import { Link } from 'react-router-dom';\nexport default Link;\n");
  assert.ok(ids.includes('no-restricted-imports'), ids.join(','));
});

test('shared-core importing from the workspace fails lint', async () => {
  const relative = await ruleIdsFor(
    'shared-core/src/lint-probe.ts',
    "import { store } from '../../host/src/core/base/store';\nexport default store;\n",
  );
  assert.ok(relative.includes('import-x/no-restricted-paths'), relative.join(','));
  const named = await ruleIdsFor('shared-core/src/lint-probe.ts', "import x from '@member/host';\nexport default x;\n");
  assert.ok(named.includes('no-restricted-imports'), named.join(','));
});

test('a UI block reaching the contract by a relative path fails lint', async () => {
  const relative = await ruleIdsFor(
    'ui-kit/src/lint-probe.tsx',
    "import { useBridge } from '../../shared-core/src/bridge/context';\nexport default useBridge;\n",
  );
  assert.ok(relative.includes('import-x/no-restricted-paths'), relative.join(','));
  const named = await ruleIdsFor('ui-kit/src/lint-probe.tsx', "import x from '@member/host';\nexport default x;\n");
  assert.ok(named.includes('no-restricted-imports'), named.join(','));
  const own = await ruleIdsFor(
    'ui-kit/src/lint-probe.tsx',
    "import { useBridge } from '@member/shared-core';\nexport default useBridge;\n",
  );
  assert.deepEqual(
    own.filter((id) => id === 'no-restricted-imports'),
    [],
  );
});

test('the contract imports no workspace package, not even the UI kit', async () => {
  const ids = await ruleIdsFor('shared-core/src/lint-probe.ts', "import { Button } from '@member/ui-kit';\nexport default Button;\n");
  assert.ok(ids.includes('no-restricted-imports'), ids.join(','));
});

test('the host imports neither the UI kit nor the theme kit', async () => {
  for (const pkg of ['@member/ui-kit', '@member/theme-kit']) {
    const ids = await ruleIdsFor('host/src/app/routes/lint-probe.tsx', `import * as kit from '${pkg}';\nexport default kit;\n`);
    assert.ok(ids.includes('no-restricted-imports'), `${pkg}: ${ids.join(',')}`);
  }
  const test = await ruleIdsFor(
    'host/src/app/routes/lint-probe.test.tsx',
    "import * as kit from '@member/theme-kit';\nexport default kit;\n",
  );
  assert.ok(test.includes('no-restricted-imports'), test.join(','));
});

test("a remote's production code may not import the theme kit; its tests and preview may", async () => {
  const page = await ruleIdsFor(
    'remote-pre8/src/pages/lint-probe.tsx',
    "import { mountPreview } from '@member/theme-kit';\nexport default mountPreview;\n",
  );
  assert.ok(page.includes('no-restricted-imports'), page.join(','));
  for (const file of ['remote-pre8/src/lint-probe.test.tsx', 'remote-pre8/src/bootstrap.tsx']) {
    const ids = await ruleIdsFor(file, "import { mountPreview } from '@member/theme-kit';\nexport default mountPreview;\n");
    assert.deepEqual(
      ids.filter((id) => id === 'no-restricted-imports'),
      [],
      file,
    );
  }
  const blocks = await ruleIdsFor('remote-pre8/src/lint-probe.tsx', "import { Button } from '@member/ui-kit';\nexport default Button;\n");
  assert.deepEqual(
    blocks.filter((id) => id === 'no-restricted-imports'),
    [],
  );
});

test('only build configs import the build preset', async () => {
  const code = "import { remoteBuildOptions } from '@member/build-preset';\nexport default remoteBuildOptions;\n";
  const source = await ruleIdsFor('remote-pre8/src/lint-probe.ts', code);
  assert.ok(source.includes('no-restricted-imports'), source.join(','));
  const hostSource = await ruleIdsFor('host/src/app/routes/lint-probe.ts', code);
  assert.ok(hostSource.includes('no-restricted-imports'), hostSource.join(','));
  for (const file of ['remote-pre8/rsbuild.config.ts', 'host/rsbuild.config.ts']) {
    const ids = await ruleIdsFor(file, code);
    assert.deepEqual(
      ids.filter((id) => id === 'no-restricted-imports'),
      [],
      file,
    );
  }
});

test('a remote importing another remote fails lint, by name or by path', async () => {
  const named = await ruleIdsFor('remote-pre8/src/lint-probe.ts', "import x from '@member/remote-osaka39';\nexport default x;\n");
  assert.ok(named.includes('no-restricted-imports'), named.join(','));
  const relative = await ruleIdsFor(
    'remote-pre8/src/lint-probe.ts',
    "import x from '../../remote-osaka39/src/manifest';\nexport default x;\n",
  );
  assert.ok(relative.includes('import-x/no-restricted-paths'), relative.join(','));
});

test('the host importing a remote statically fails lint', async () => {
  const ids = await ruleIdsFor(
    'host/src/app/routes/lint-probe.tsx',
    "import Page from '../../../../remote-osaka39/src/manifest';\nexport default Page;\n",
  );
  assert.ok(ids.includes('import-x/no-restricted-paths'), ids.join(','));
});

test('the API core importing the app or the core above it fails lint', async () => {
  const app = await ruleIdsFor(
    'host/src/core/api/lint-probe.ts',
    "import { AppRoutes } from '../../app/routes/app-routes';\nexport default AppRoutes;\n",
  );
  assert.ok(app.includes('import-x/no-restricted-paths'), app.join(','));
  const core = await ruleIdsFor('host/src/core/api/lint-probe.ts', "import { store } from '../base/store';\nexport default store;\n");
  assert.ok(core.includes('import-x/no-restricted-paths'), core.join(','));
});

test('the API core or the shared lib importing a feature fails lint', async () => {
  const api = await ruleIdsFor(
    'host/src/core/api/lint-probe.ts',
    "import { logoutAtom } from '../../features/session/logout';\nexport default logoutAtom;\n",
  );
  assert.ok(api.includes('import-x/no-restricted-paths'), api.join(','));
  const lib = await ruleIdsFor(
    'host/src/core/lib/lint-probe.ts',
    "import { refreshBalanceAtom } from '../../features/accounts/game-actions';\nexport default refreshBalanceAtom;\n",
  );
  assert.ok(lib.includes('import-x/no-restricted-paths'), lib.join(','));
  const feature = await ruleIdsFor(
    'host/src/features/wallet/lint-probe.ts',
    "import { serverNow } from '../../core/lib/server-clock';\nexport default serverNow;\n",
  );
  assert.deepEqual(
    feature.filter((id) => id === 'import-x/no-restricted-paths'),
    [],
  );
});

test("a feature writing another feature's base atom fails lint; its own flows may", async () => {
  const other = await ruleIdsFor(
    'host/src/features/lobby/lint-probe.ts',
    "import { selectedServiceBase } from '../accounts/state';\nexport default selectedServiceBase;\n",
  );
  assert.ok(other.includes('no-restricted-imports'), other.join(','));
  const own = await ruleIdsFor(
    'host/src/features/accounts/lint-probe.ts',
    "import { selectedServiceBase } from './state';\nexport default selectedServiceBase;\n",
  );
  assert.deepEqual(
    own.filter((id) => id === 'no-restricted-imports'),
    [],
  );
  const derived = await ruleIdsFor(
    'host/src/features/lobby/lint-probe.ts',
    "import { providersAtom } from '../accounts/state';\nexport default providersAtom;\n",
  );
  assert.deepEqual(
    derived.filter((id) => id === 'no-restricted-imports'),
    [],
  );
});

/** How many tier rules a probe file in `folder` breaks when it imports `name` from `from` (both paths in host/src). */
async function tierBreaks(folder, from, name) {
  const specifier = path.posix.relative(`host/src/${folder}`, `host/src/${from}`);
  const ids = await ruleIdsFor(`host/src/${folder}/lint-probe.ts`, `import { ${name} } from '${specifier}';\nexport default ${name};\n`);
  return ids.filter((id) => id === 'import-x/no-restricted-paths').length;
}

/** Each import [folder, from, name] is refused by the tiers (once), and each allowed one passes. */
async function assertTiers(refused, allowed) {
  for (const [folder, from, name] of refused) assert.equal(await tierBreaks(folder, from, name), 1, `${folder} importing ${from}`);
  for (const [folder, from, name] of allowed) assert.equal(await tierBreaks(folder, from, name), 0, `${folder} importing ${from}`);
}

test('in the host, a feature importing another feature fails lint; accounts, which the others stand on, passes', () =>
  assertTiers(
    [
      ['features/lobby', 'features/wallet/on-session-end', 'walletOnSessionEnd'],
      ['features/session', 'features/lobby/state', 'lobbyClearedAtom'],
      ['features/realtime', 'features/wallet/state', 'signalWithdrawSettledAtom'],
      ['features/remotes', 'features/realtime/live-updates-notice', 'LiveUpdatesNotice'],
      ['features/accounts', 'features/lobby/open-external', 'openExternalAtom'],
    ],
    [['features/wallet', 'features/accounts/state', 'gameAccountsAtom']],
  ));

test('in the host, a feature importing the app fails lint, and so does the core importing a feature or the app', () =>
  assertTiers(
    [
      ['features/wallet', 'app/routes/guards', 'Guarded'],
      ['features/accounts', 'app/bridge/page-hooks', 'bridgeHooks'],
      ['features/lobby', 'app/member-chunks/games-chunk', 'hooks'],
      ['features/worker', 'worker/sw', 'nothing'],
      ['core/base', 'features/session/logout', 'logoutAtom'],
      ['core/base', 'app/routes/app-routes', 'AppRoutes'],
    ],
    [['features/wallet', 'core/base/session-end', 'unauthorizedAtom']],
  ));

test('in the host, the app tier imports only down: the member chunks never reach the bridge or the routes', () =>
  assertTiers(
    [
      ['app/bridge', 'app/routes/guards', 'Guarded'],
      ['app/member-chunks', 'app/bridge/page-hooks', 'bridgeHooks'],
      ['app/routes', 'app/boot/start-boot', 'startBootAtom'],
    ],
    [
      ['app/routes', 'app/bridge/page-hooks', 'loadPageHooks'],
      ['worker', 'features/worker/cache-rules', 'cacheRuleFor'],
    ],
  ));

test('a new folder of code in the host that no tier names stops lint until it is placed', async () => {
  const src = await mkdtemp(path.join(tmpdir(), 'host-src-'));
  try {
    const files = [
      ['features/wallet', 'state.ts'],
      ['payouts', 'nested/payout.ts'],
      ['app/styles', 'host.css'],
      ['features/payments', 'payment.ts'],
      ['core', 'loose.ts'],
    ];
    for (const [folder, file] of files) {
      await mkdir(path.dirname(path.join(src, folder, file)), { recursive: true });
      await writeFile(path.join(src, folder, file), '');
    }
    assert.deepEqual(unplacedHostFolders(src), ['core/loose.ts', 'features/payments', 'payouts']);
    assert.throws(() => assertHostFoldersPlaced(src), /host\/src\/core\/loose.ts is in no tier/);
  } finally {
    await rm(src, { recursive: true, force: true });
  }
  assert.deepEqual(unplacedHostFolders(path.join(root, 'host/src')), []);
});

test('an allowed import passes', async () => {
  const ids = await ruleIdsFor(
    'remote-default/src/lint-probe.tsx',
    "import { testIds } from '@member/shared-core';\nexport default testIds;\n",
  );
  assert.deepEqual(
    ids.filter((id) => id === 'import-x/no-restricted-paths' || id === 'no-restricted-imports'),
    [],
  );
});

test("a module mock in a package whose tests share a worker's module registry fails lint; the host's tests may mock", async () => {
  const code = "import { vi } from 'vitest';\nvi.mock('./schema');\n";
  for (const file of ['shared-core/src/lint-probe.test.ts', 'member-api-sim/src/lint-probe.test.ts', 'ui-kit/src/lint-probe.test.tsx']) {
    const ids = await ruleIdsFor(file, code);
    assert.ok(ids.includes('no-restricted-properties'), `${file}: ${ids.join(',')}`);
  }
  const host = await ruleIdsFor('host/src/core/base/lint-probe.test.ts', code);
  assert.deepEqual(
    host.filter((id) => id === 'no-restricted-properties'),
    [],
  );
});
