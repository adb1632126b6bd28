// `npm run new-theme`: the names it derives, the names it refuses (writing nothing), and a scaffolded theme
// that passes the conformance suite every remote runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTheme, nextFreePort, parseNewThemeArgs, refusalOf, renamedTheme, themeNames, ThemeNameError } from './new-theme.mjs';
import { kebabCase, portEnvOf, themeRemotes, upperSnakeCase, WORKSPACE_ROOT } from './workspace.mjs';

/** A scratch workspace: the real pnpm-workspace.yaml and config.json, and the three remotes' package.json. */
function scratchRoot() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'new-theme-'));
  cpSync(path.join(WORKSPACE_ROOT, 'pnpm-workspace.yaml'), path.join(root, 'pnpm-workspace.yaml'));
  mkdirSync(path.join(root, 'host', 'public'), { recursive: true });
  cpSync(path.join(WORKSPACE_ROOT, 'host', 'public', 'config.json'), path.join(root, 'host', 'public', 'config.json'));
  for (const { dir } of themeRemotes()) {
    mkdirSync(path.join(root, dir));
    cpSync(path.join(WORKSPACE_ROOT, dir, 'package.json'), path.join(root, dir, 'package.json'));
  }
  return root;
}

function snapshot(root) {
  const files = readdirSync(root, { recursive: true }).sort();
  return { files, config: readFileSync(path.join(root, 'host', 'public', 'config.json'), 'utf8') };
}

test('a theme name gives its folder (kebab case) and port variable (upper snake case)', () => {
  assert.equal(kebabCase('Acme'), 'acme');
  assert.equal(kebabCase('AcmeGold'), 'acme-gold');
  assert.equal(kebabCase('ACMEGold'), 'acme-gold');
  assert.equal(kebabCase('Acme88'), 'acme88');
  assert.equal(kebabCase('PRE8'), 'pre8');
  assert.equal(upperSnakeCase('AcmeGold'), 'ACME_GOLD');
  assert.equal(portEnvOf('OSAKA39'), 'REMOTE_OSAKA39_PORT');
  assert.equal(portEnvOf('default'), 'REMOTE_DEFAULT_PORT');
  assert.deepEqual(themeNames('AcmeGold'), { name: 'AcmeGold', kebab: 'acme-gold', dir: 'remote-acme-gold', env: 'REMOTE_ACME_GOLD_PORT' });
});

test('the existing remotes keep ports 3001-3003; a new one takes the next free port', () => {
  assert.deepEqual(
    themeRemotes().map(({ dir, port, env }) => [dir, port, env]),
    [
      ['remote-default', 3001, 'REMOTE_DEFAULT_PORT'],
      ['remote-pre8', 3002, 'REMOTE_PRE8_PORT'],
      ['remote-osaka39', 3003, 'REMOTE_OSAKA39_PORT'],
    ],
  );
  assert.equal(nextFreePort(), 3004);
});

test('refuses a name that is not an identifier, exists as a folder or as a remotes key, and writes nothing', () => {
  const root = scratchRoot();
  try {
    const config = JSON.parse(readFileSync(path.join(root, 'host', 'public', 'config.json'), 'utf8'));
    config.remotes.Zeta = 'http://localhost:3999/mf-manifest.json';
    writeFileSync(path.join(root, 'host', 'public', 'config.json'), JSON.stringify(config, null, 2));
    mkdirSync(path.join(root, 'remote-acme'));
    const before = snapshot(root);
    const cases = [
      ['', /give the theme a name/],
      ['9lives', /not a valid theme name/],
      ['acme-gold', /not a valid theme name/],
      ['Acme Gold', /not a valid theme name/],
      ['Ácme', /not a valid theme name/],
      ['_Acme', /not a valid theme name/],
      ['Acme', /remote-acme\/ already exists/],
      ['PRE8', /remote-pre8\/ already exists/],
      ['Zeta', /already has a theme "Zeta"/],
      ['zeta', /already has a theme "Zeta"/],
      ['Default', /remote-default\/ already exists/],
    ];
    for (const [name, message] of cases) {
      assert.match(refusalOf(name, root) ?? '', message, name);
      assert.throws(() => createTheme(name, { root }), (error) => error instanceof ThemeNameError && message.test(error.message), name);
    }
    assert.deepEqual(snapshot(root), before);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('writes the remote as a copy of the default theme under its own name, and lists it in config.json remotes, on the next port', () => {
  const root = scratchRoot();
  try {
    const made = createTheme('AcmeGold', { root });
    assert.deepEqual(made, { name: 'AcmeGold', dir: 'remote-acme-gold', port: 3004, env: 'REMOTE_ACME_GOLD_PORT' });
    const pkg = JSON.parse(readFileSync(path.join(root, 'remote-acme-gold', 'package.json'), 'utf8'));
    assert.equal(pkg.name, '@member/remote-acme-gold');
    assert.deepEqual(pkg.memberTheme, { name: 'AcmeGold', port: 3004, cssPrefix: 'acme-gold' });
    assert.match(readFileSync(path.join(root, 'remote-acme-gold', 'src', 'manifest.ts'), 'utf8'), /theme: 'AcmeGold'/);
    const scaffold = path.join(root, 'remote-acme-gold');
    const files = readdirSync(scaffold, { recursive: true })
      .map(String)
      .filter((file) => statSync(path.join(scaffold, file)).isFile());
    // Nothing installed, built or reported is copied, nor the default theme's release key pair; the default theme's
    // name is left nowhere in the sources.
    assert.deepEqual(files.filter((file) => /(^|\/)(node_modules|dist|dist-dev|release-key)(\/|$)|vitest-report/.test(file)), []);
    assert.deepEqual(files.filter((file) => /['"]default['"]/.test(readFileSync(path.join(scaffold, file), 'utf8'))), []);
    assert.match(readFileSync(path.join(scaffold, 'src', 'layout.tsx'), 'utf8'), /theme="AcmeGold"/);
    assert.ok(files.includes(path.join('src', 'tokens.ts')) && files.includes(path.join('src', 'min-host-contract.ts')));
    // Its own README, with its own name and commands.
    const readme = readFileSync(path.join(scaffold, 'README.md'), 'utf8');
    assert.match(readme, /^# @member\/remote-acme-gold — the AcmeGold theme/);
    assert.match(readme, /--filter @member\/remote-acme-gold dev .*localhost:3004/);
    const config = JSON.parse(readFileSync(path.join(root, 'host', 'public', 'config.json'), 'utf8'));
    assert.equal(config.remotes.AcmeGold, 'http://localhost:3004/mf-manifest.json');
    assert.equal(config.remotes.PRE8, 'http://localhost:3002/mf-manifest.json');
    assert.deepEqual(
      themeRemotes(root).map(({ dir, port }) => [dir, port]).at(-1),
      ['remote-acme-gold', 3004],
    );
    assert.match(refusalOf('AcmeGold', root) ?? '', /already exists/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a scaffolded theme passes the conformance suite', { timeout: 120_000 }, () => {
  // A scratch copy beside the workspace's packages (linked, not copied); the new remote borrows remote-default's
  // node_modules, which hold exactly the template's dependencies, instead of a pnpm install.
  const root = scratchRoot();
  try {
    for (const item of ['shared-core', 'ui-kit', 'theme-kit', 'build-preset', 'node_modules', 'tsconfig.base.json', 'sites.json']) {
      symlinkSync(path.join(WORKSPACE_ROOT, item), path.join(root, item));
    }
    const { dir } = createTheme('Acme', { root });
    symlinkSync(path.join(WORKSPACE_ROOT, 'remote-default', 'node_modules'), path.join(root, dir, 'node_modules'));
    const vitest = path.join(root, dir, 'node_modules', 'vitest', 'vitest.mjs');
    const run = spawnSync(process.execPath, [vitest, 'run', '--reporter=dot'], { cwd: path.join(root, dir), encoding: 'utf8' });
    const output = `${run.stdout}\n${run.stderr}`;
    assert.equal(run.status, 0, output.slice(-4000));
    assert.match(output, /Tests\s+.*\d+ passed/);
    assert.match(output, /Test Files\s+.*2 passed/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("the copy names the new theme where the default theme's sources name themselves, and nowhere else", () => {
  assert.equal(renamedTheme(`<ui.ThemeRoot theme="default" frame>`, 'Acme'), `<ui.ThemeRoot theme="Acme" frame>`);
  assert.equal(renamedTheme(`mountPreview({ theme: 'default', Layout });`, 'Acme'), `mountPreview({ theme: 'Acme', Layout });`);
  assert.equal(renamedTheme(`describe('default look', () => {`, 'Acme'), `describe('Acme look', () => {`);
  // Not a theme name: a default export, a flavour named after the theme, a word in a comment.
  for (const text of ['export default function Login() {}', `'default-emerald': {`, '// the default theme lobby']) assert.equal(renamedTheme(text, 'Acme'), text);
});

test('the command line: one name, --no-install anywhere (a `--` before it too), help; an unknown flag or a second name refused', () => {
  assert.deepEqual(parseNewThemeArgs(['Acme']), { name: 'Acme', skipInstall: false, help: false });
  assert.deepEqual(parseNewThemeArgs(['--no-install', 'Acme']), { name: 'Acme', skipInstall: true, help: false });
  assert.deepEqual(parseNewThemeArgs(['--', 'Acme', '--no-install']), { name: 'Acme', skipInstall: true, help: false });
  assert.equal(parseNewThemeArgs(['-h']).help, true);
  assert.equal(parseNewThemeArgs(['--help']).help, true);
  assert.throws(() => parseNewThemeArgs([]), /name the theme\nusage: npm run new-theme -- <Name>/);
  assert.throws(() => parseNewThemeArgs(['Acme', 'Gold']), /one name, not 2\nusage:/);
  assert.throws(() => parseNewThemeArgs(['Acme', '--no-instal']), /Unknown option '--no-instal'[^]*usage: npm run new-theme/);
  assert.throws(() => parseNewThemeArgs(['Acme', '--no-install=yes']), /'--no-install' does not take an argument/);
});

test('the command: an unknown flag exits 2 with the usage and writes nothing', () => {
  const run = spawnSync(process.execPath, [path.join(import.meta.dirname, 'new-theme.mjs'), 'Acme', '--dry-run'], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(run.status, 2, run.stderr);
  assert.match(run.stderr, /^new-theme: Unknown option '--dry-run'[^]*usage: npm run new-theme -- <Name> \[--no-install\]/);
  assert.equal(existsSync(path.join(WORKSPACE_ROOT, 'remote-acme')), false);
});
