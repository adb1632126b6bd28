import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { themeRemotes, workspaceDirs } from './scripts/workspace.mjs';
import { assertHostFoldersPlaced, HOST_TIERS, hostTierZones } from './scripts/host-tiers.mjs';

// Every package and every theme remote comes from the workspace itself (pnpm-workspace.yaml, remote-*/package.json).
const packages = workspaceDirs();
const remotes = themeRemotes().map(({ dir }) => dir);

/** The features by their folder's own name (`session`), as another feature's import names it (`../session/state`). */
const hostFeatures = HOST_TIERS.find(({ tier }) => tier === 'feature')
  .groups.flat()
  .map((folder) => folder.split('/').pop());

// The host's folders in three tiers (app, features, core): who may import whom inside host/src.
const hostZones = hostTierZones();
assertHostFoldersPlaced(join(import.meta.dirname, 'host/src'));

/**
 * Who may import whom (docs/architecture.md), by package: the workspace packages each one's production code may
 * import. The contract imports nothing; the UI kit, the theme kit and the build preset build on the contract only;
 * a remote adds the UI kit; the host reads the contract only (it ships no block and no block CSS).
 */
const ALLOWED = {
  'shared-core': [],
  'ui-kit': ['shared-core'],
  'theme-kit': ['shared-core'],
  'build-preset': ['shared-core'],
  host: ['shared-core'],
  'member-api-sim': ['shared-core'],
  e2e: ['shared-core', 'member-api-sim'],
  ...Object.fromEntries(remotes.map((remote) => [remote, ['shared-core', 'ui-kit']])),
};
const allowedFor = (pkg) => ALLOWED[pkg] ?? ['shared-core'];
/** Files that may also import the theme kit: tests, and a remote's standalone preview (src/bootstrap.tsx). */
const TEST_FILES = ['**/*.test.{ts,tsx}', 'src/bootstrap.tsx'];
/** The packages whose tests (and preview) render blocks through the theme kit's preview bridge. */
const TESTED_WITH_THEME_KIT = new Set(['ui-kit', ...remotes]);
/** Build configs, the only files that may import the build preset (it runs under Node at build time). */
const CONFIG_FILES = ['*.config.{ts,mjs}'];

const WHY = {
  'shared-core': "the contract is reached by its package name, so a remote uses the host's singleton.",
  'ui-kit': 'the UI kit is bundled into the remotes; the host ships no blocks and no block CSS.',
  'theme-kit': 'the theme kit (preview, conformance suite) is for tests and the standalone preview only.',
  'build-preset': 'the build preset is Node-only, for build configs.',
  host: 'a remote talks to the host only through the bridge in the contract.',
  'member-api-sim': 'the simulator is reached over HTTP only.',
};
const why = (from) =>
  WHY[from] ?? (from.startsWith('remote-') ? 'remotes are independent deployments, loaded at run time.' : 'not an allowed dependency.');

/** Relative imports into another package are never allowed: packages meet by name, through their exports. */
const importZones = [
  ...packages.flatMap((target) =>
    packages
      .filter((from) => from !== target)
      .map((from) => ({ target: `./${target}`, from: `./${from}`, message: `${target} may not reach into ${from} by path: ${why(from)}` })),
  ),
  ...hostZones,
];

/** Inside the host: a feature's base atoms are written by its own flows only. */
const HOST_PATTERNS = [
  {
    // The others read its derived atoms and call its action atoms.
    group: hostFeatures.map((feature) => `**/${feature}/state`),
    importNamePattern: 'Base$',
    message: "Another feature's base atom: read its derived atom or call its action atom.",
  },
];

const REMOTE_PATHS = [
  { name: 'react-router-dom', message: 'Remotes navigate through the bridge (actions.navigate, Link).' },
  { name: 'react-router', message: 'Remotes navigate through the bridge (actions.navigate, Link).' },
  { name: 'ky', message: 'Remotes never call the API; use the bridge.' },
];

/**
 * The packages whose unit tests share a worker's module registry (`isolate: false` in their vitest.config.ts): a module
 * mock made by one file would still be there for the next, so their tests make none.
 */
const sharedRegistryPackages = packages.filter((pkg) => {
  const config = join(import.meta.dirname, pkg, 'vitest.config.ts');
  return existsSync(config) && /\bisolate:\s*false\b/.test(readFileSync(config, 'utf8'));
});
const MODULE_MOCKS = ['mock', 'doMock', 'unmock', 'doUnmock', 'resetModules'].map((property) => ({
  object: 'vi',
  property,
  message: "This package's tests share one module registry per worker (isolate: false): test through arguments, not module mocks.",
}));

/** `no-restricted-imports` for one package and the extra packages some of its files may import. */
function packageImports(pkg, extra = []) {
  const allowed = new Set([pkg, ...allowedFor(pkg), ...extra]);
  const banned = packages.filter((other) => !allowed.has(other));
  return [
    'error',
    {
      ...(remotes.includes(pkg) ? { paths: REMOTE_PATHS } : {}),
      patterns: [
        ...banned.map((other) => ({
          group: [`@member/${other}`, `@member/${other}/*`],
          message: `${pkg} may not import @member/${other}: ${why(other)}`,
        })),
        ...(pkg === 'host' ? HOST_PATTERNS : []),
      ],
    },
  ];
}

/** One block per package: its production files, its tests and preview, its build configs. */
const packageRules = packages.flatMap((pkg) => [
  { files: [`${pkg}/**/*.{ts,tsx,mjs}`], rules: { 'no-restricted-imports': packageImports(pkg) } },
  {
    files: TEST_FILES.map((glob) => `${pkg}/${glob}`),
    rules: { 'no-restricted-imports': packageImports(pkg, TESTED_WITH_THEME_KIT.has(pkg) ? ['theme-kit'] : []) },
  },
  {
    files: CONFIG_FILES.map((glob) => `${pkg}/${glob}`),
    rules: { 'no-restricted-imports': packageImports(pkg, ['build-preset', ...(TESTED_WITH_THEME_KIT.has(pkg) ? ['theme-kit'] : [])]) },
  },
]);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-dev/**',
      '**/dist-server/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.mjs', '.js'] } } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  ...packageRules,
  {
    files: sharedRegistryPackages.map((pkg) => `${pkg}/src/**/*.test.{ts,tsx}`),
    rules: { 'no-restricted-properties': ['error', ...MODULE_MOCKS] },
  },
  {
    // The shared lib's tests may mount it in the app's frame.
    files: ['host/src/core/lib/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: importZones.filter((zone) => zone.target !== './host/src/core/lib') }] },
  },
  {
    files: ['scripts/**/*.mjs', 'member-api-sim/**/*.ts', 'e2e/**/*.ts', '**/*.config.{ts,mjs}'],
    rules: { 'no-console': 'off' },
  },
  {
    // Playwright fixtures receive a `use` callback that is not React's hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
