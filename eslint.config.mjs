import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const remotes = ['remote-default', 'remote-pre8', 'remote-osaka39'];
const workspace = ['host', ...remotes, 'member-api-sim', 'e2e'];

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
  // Layers inside the host: app → state / federation / realtime / bridge / session → api → config.
  ...['app', 'state', 'federation', 'bridge', 'realtime', 'session', 'boot'].map((from) => ({
    target: './host/src/api',
    from: `./host/src/${from}`,
    message: 'The API core sits below the state and the app.',
  })),
  ...['app', 'state', 'federation', 'bridge', 'realtime', 'session', 'api', 'boot'].map((from) => ({
    target: './host/src/config',
    from: `./host/src/${from}`,
    message: 'Config loading is the lowest layer.',
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
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['shared-core/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@member/*'], message: 'shared-core imports nothing from the workspace.' }] }],
    },
  },
  {
    // The UI blocks are bundled into each remote, not shared. They reach the contract by its package name so
    // that, in a remote, they read the host's singleton (bridge, translator) rather than a private copy.
    files: ['ui-kit/src/**/*.{ts,tsx}'],
    ignores: ['ui-kit/src/**/*.test.{ts,tsx}'],
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
    files: ['host/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@member/remote-*', '@member/member-api-sim'], message: 'The host loads remotes at run time and reaches the simulator over HTTP.' }] },
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
