// Proves the architecture's import rules are enforced by lint, not just written down.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const eslint = new ESLint({ cwd: root });

async function ruleIdsFor(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId);
}

test('a remote importing from host fails lint', async () => {
  const ids = await ruleIdsFor('remote-default/src/pages/lint-probe.tsx', "import { store } from '../../../host/src/state/store';\nexport default store;\n");
  assert.ok(ids.includes('import-x/no-restricted-paths'), ids.join(','));
});

test('a remote importing the router fails lint', async () => {
  const ids = await ruleIdsFor('remote-pre8/src/lint-probe.tsx', "import { Link } from 'react-router-dom';\nexport default Link;\n");
  assert.ok(ids.includes('no-restricted-imports'), ids.join(','));
});

test('shared-core importing from the workspace fails lint', async () => {
  const relative = await ruleIdsFor('shared-core/src/lint-probe.ts', "import { store } from '../../host/src/state/store';\nexport default store;\n");
  assert.ok(relative.includes('import-x/no-restricted-paths'), relative.join(','));
  const named = await ruleIdsFor('shared-core/src/lint-probe.ts', "import x from '@member/host';\nexport default x;\n");
  assert.ok(named.includes('no-restricted-imports'), named.join(','));
});

test('a UI block reaching the contract by a relative path fails lint', async () => {
  const relative = await ruleIdsFor('ui-kit/src/lint-probe.tsx', "import { useBridge } from '../../shared-core/src/bridge/context';\nexport default useBridge;\n");
  assert.ok(relative.includes('no-restricted-imports'), relative.join(','));
  const named = await ruleIdsFor('ui-kit/src/lint-probe.tsx', "import x from '@member/host';\nexport default x;\n");
  assert.ok(named.includes('no-restricted-imports'), named.join(','));
  const own = await ruleIdsFor('ui-kit/src/lint-probe.tsx', "import { useBridge } from '@member/shared-core';\nexport default useBridge;\n");
  assert.deepEqual(own.filter((id) => id === 'no-restricted-imports'), []);
});

test('the host importing a remote statically fails lint', async () => {
  const ids = await ruleIdsFor('host/src/app/lint-probe.tsx', "import Page from '../../../remote-osaka39/src/manifest';\nexport default Page;\n");
  assert.ok(ids.includes('import-x/no-restricted-paths'), ids.join(','));
});

test('the API core importing app state fails lint', async () => {
  const ids = await ruleIdsFor('host/src/api/lint-probe.ts', "import { store } from '../state/store';\nexport default store;\n");
  assert.ok(ids.includes('import-x/no-restricted-paths'), ids.join(','));
});

test('an allowed import passes', async () => {
  const ids = await ruleIdsFor('remote-default/src/lint-probe.tsx', "import { testIds } from '@member/shared-core';\nexport default testIds;\n");
  assert.deepEqual(ids.filter((id) => id === 'import-x/no-restricted-paths' || id === 'no-restricted-imports'), []);
});
