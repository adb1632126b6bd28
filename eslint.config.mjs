import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const remotes = ['remote-default', 'remote-pre8', 'remote-osaka39'];
const workspace = ['host', ...remotes, 'member-api-sim', 'e2e'];

const hostFeatures = ['session', 'accounts', 'lobby', 'wallet', 'realtime', 'theme'];
const hostLayers = [...hostFeatures, 'app', 'bridge', 'boot', 'member', 'security', 'i18n', 'api', 'config', 'lib'];
/** The host's folders above `layer` (api, then config, then lib: each may import only those after it). */
const hostAbove = (layer) => hostLayers.slice(0, hostLayers.indexOf(layer));

/** The shared lib knows no feature (its tests may mount it in the app's frame). */
const libZones = hostAbove('lib').map((from) => ({
  target: './host/src/lib',
  from: `./host/src/${from}`,
  message: 'The shared lib knows no feature: a feature imports it, never the other way round.',
}));

/** Who may import whom (docs/architecture.md). */
const importZones = [
  // shared-core imports nothing from the workspace.
  ...workspace.map((from) => ({ target: './shared-core', from: `./${from}`, message: 'shared-core is the contract: it imports nothing from the workspace.' })),
  // A remote imports only shared-core: never the host, never another remote.
  ...remotes.flatMap((target) => [
    { target: `./${target}`, from: './host', message: 'A remote talks to the host only through the bridge in shared-core.' },
    { target: `./${target}`, from: './member-api-sim', message: 'A remote never calls the API.' },
    ...remotes.filter((r) => r !== target).map((other) => ({ target: `./${target}`, from: `./${other}`, message: 'Remotes are independent deployments.' })),
  ]),
  // The host never imports a remote statically: it loads them at run time.
  ...remotes.map((from) => ({ target: './host', from: `./${from}`, message: 'The host loads remotes at run time through Module Federation.' })),
  { target: './host', from: './member-api-sim', message: 'The host reaches the simulator only over HTTP.' },
  // Layers inside the host: the features (session, accounts, lobby, wallet, realtime, theme) and the app, bridge and
  // boot that wire them sit on the API core, which sits on config, which sits on the shared lib.
  ...hostAbove('api').map((from) => ({
    target: './host/src/api',
    from: `./host/src/${from}`,
    message: 'The API core sits below the features and the app.',
  })),
  ...hostAbove('config').map((from) => ({
    target: './host/src/config',
    from: `./host/src/${from}`,
    message: 'Config loading sits below the API core; only the shared lib is below it.',
  })),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/test-results/**', '**/playwright-report/**', '.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.mjs', '.js'] } } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...importZones, ...libZones] }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['shared-core/**/*.{ts,tsx}'],
    ignores: ['shared-core/src/ui/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@member/*'], message: 'shared-core imports nothing from the workspace.' }] }],
    },
  },
  {
    // The UI blocks are bundled into each remote, not shared. They reach the contract by its package name so
    // that, in a remote, they read the host's singleton (bridge, translator) rather than a private copy.
    files: ['shared-core/src/ui/**/*.{ts,tsx}'],
    ignores: ['shared-core/src/ui/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@member/*', '!@member/shared-core', '!@member/shared-core/*'], message: 'shared-core imports nothing from the workspace.' },
            { group: ['../*'], message: "UI blocks import the contract as '@member/shared-core', so a remote uses the host's singleton." },
          ],
        },
      ],
    },
  },
  ...remotes.map((remote) => ({
    files: [`${remote}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router-dom', message: 'Remotes navigate through the bridge (actions.navigate, Link).' },
            { name: 'react-router', message: 'Remotes navigate through the bridge (actions.navigate, Link).' },
            { name: 'ky', message: 'Remotes never call the API; use the bridge.' },
          ],
          patterns: [
            { group: ['@member/host', '@member/host/*', '@member/remote-*', '@member/member-api-sim'], message: 'A remote imports only @member/shared-core.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['host/src/lib/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: importZones }] },
  },
  {
    files: ['host/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@member/remote-*', '@member/member-api-sim'], message: 'The host loads remotes at run time and reaches the simulator over HTTP.' },
            {
              // A feature's base atoms are written by its own flows only; the others read its derived atoms and call its actions.
              group: hostFeatures.map((feature) => `**/${feature}/state`),
              importNamePattern: 'Base$',
              message: "Another feature's base atom: read its derived atom or call its action atom.",
            },
          ],
        },
      ],
    },
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
