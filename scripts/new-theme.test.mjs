// `npm run new-theme`: the names it derives, the names it refuses (writing nothing), and a scaffolded theme
// that passes the conformance suite every remote runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  commandLines,
  createTheme,
  flavourNames,
  galleryLine,
  nextFreePort,
  nextSteps,
  parseNewThemeArgs,
  readmeSteps,
  refusalOf,
  renamedTheme,
  templateNames,
  TEMPLATE_DIR,
  themeNames,
  ThemeNameError,
} from './new-theme.mjs';
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
  assert.deepEqual(themeNames('AcmeGold'), {
    name: 'AcmeGold',
    kebab: 'acme-gold',
    dir: 'remote-acme-gold',
    env: 'REMOTE_ACME_GOLD_PORT',
    cssPrefix: 'acme-gold',
  });
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

test('refuses a name that is not an identifier, exists as a folder or as a remotes key, or whose prefix is taken, and writes nothing', () => {
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
      ['Mc', /--mc-\*, the shared tokens' prefix/],
      ['MC', /--mc-\*, the shared tokens' prefix/],
      ['Df', /share the prefix df with remote-default/],
      ['P8', /share the prefix p8 with remote-pre8/],
      ['Os', /share the prefix os with remote-osaka39/],
    ];
    for (const [name, message] of cases) {
      assert.match(refusalOf(name, root) ?? '', message, name);
      assert.throws(
        () => createTheme(name, { root }),
        (error) => error instanceof ThemeNameError && message.test(error.message),
        name,
      );
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
    assert.deepEqual(made, {
      name: 'AcmeGold',
      dir: 'remote-acme-gold',
      port: 3004,
      env: 'REMOTE_ACME_GOLD_PORT',
      cssPrefix: 'acme-gold',
      flavours: ['acme-gold-blue', 'acme-gold-emerald', 'mix-violet'],
    });
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
    assert.deepEqual(
      files.filter((file) => /(^|\/)(node_modules|dist|dist-dev|release-key)(\/|$)|vitest-report/.test(file)),
      [],
    );
    assert.deepEqual(
      files.filter((file) => /['"]default['"]/.test(readFileSync(path.join(scaffold, file), 'utf8'))),
      [],
    );
    assert.match(readFileSync(path.join(scaffold, 'src', 'layout.tsx'), 'utf8'), /theme="AcmeGold"/);
    assert.ok(files.includes(path.join('src', 'tokens.ts')) && files.includes(path.join('src', 'min-host-contract.ts')));
    // Its own README, with its own name and commands.
    const readme = readFileSync(path.join(scaffold, 'README.md'), 'utf8');
    assert.match(readme, /^# @member\/remote-acme-gold — the AcmeGold theme/);
    assert.match(readme, /--filter @member\/remote-acme-gold dev\b.*localhost:3004/);
    assert.match(readme, /custom properties\s+`--acme-gold-\*`/);
    assert.match(readme, /flavours `acme-gold-blue`, `acme-gold-emerald`, `mix-violet`/);
    assert.match(readme, /`css` to `acme-gold-blue`/);
    for (const line of readmeSteps(made).filter(Boolean)) assert.ok(readme.includes(`\n${line}\n`), line);
    const config = JSON.parse(readFileSync(path.join(root, 'host', 'public', 'config.json'), 'utf8'));
    assert.equal(config.remotes.AcmeGold, 'http://localhost:3004/mf-manifest.json');
    assert.equal(config.remotes.PRE8, 'http://localhost:3002/mf-manifest.json');
    assert.deepEqual(
      themeRemotes(root)
        .map(({ dir, port }) => [dir, port])
        .at(-1),
      ['remote-acme-gold', 3004],
    );
    assert.match(refusalOf('AcmeGold', root) ?? '', /already exists/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("the copy keeps none of the default theme's own names: comments, flavours, custom properties", () => {
  const root = scratchRoot();
  try {
    const { dir } = createTheme('AcmeGold', { root });
    const read = (file) => readFileSync(path.join(root, dir, 'src', file), 'utf8');
    const sources = readdirSync(path.join(root, dir, 'src'), { recursive: true })
      .map(String)
      .filter((file) => /\.(tsx?|css)$/.test(file));
    const template = Object.fromEntries(sources.map((file) => [file, readFileSync(path.join(TEMPLATE_DIR, 'src', file), 'utf8')]));
    const count = (text, pattern) => text.match(pattern)?.length ?? 0;

    // Its own custom properties: every one the template's sources write under the default theme's prefix, under its own.
    const templateProperties = Object.values(template).reduce((sum, text) => sum + count(text, /--df-/g), 0);
    assert.ok(templateProperties > 50, `the template writes ${templateProperties} --df-* properties`);
    assert.equal(
      sources.reduce((sum, file) => sum + count(read(file), /--acme-gold-/g), 0),
      templateProperties,
    );
    assert.deepEqual(
      sources.filter((file) => read(file).includes('--df-')),
      [],
    );
    assert.match(read('tokens.ts'), /'--acme-gold-bar-bg': '#ffffff'/);
    assert.match(read('layout.module.css'), /var\(--acme-gold-bar-height\)/);

    // Its flavours, named after it; the violet one a mixed site shares across themes keeps its name.
    assert.deepEqual(flavourNames(read('tokens.ts')), ['acme-gold-blue', 'acme-gold-emerald', 'mix-violet']);
    assert.deepEqual(flavourNames(template['tokens.ts']), ['default-blue', 'default-emerald', 'mix-violet']);

    // Its name in the prose that described the default theme.
    assert.match(read('tokens.ts'), /The AcmeGold theme's design tokens/);
    assert.match(read('tokens.ts'), /Pairs the AcmeGold look draws/);
    assert.match(read('layout.tsx'), /The AcmeGold theme's frame/);
    assert.match(read('theme.module.css'), /AcmeGold theme: the root's own look/);
    assert.match(read(path.join('pages', 'profile.tsx')), /\(\/profile\/theme\/AcmeGold\)/);

    // What is left of "default" in its sources is a default export, nothing that names a theme.
    const leftovers = sources.flatMap((file) =>
      read(file)
        .split('\n')
        .filter((line) => /default/i.test(line) && !/^export default (function|manifest;)/.test(line.trim()))
        .map((line) => `${file}: ${line.trim()}`),
    );
    assert.deepEqual(leftovers, []);
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
    const run = spawnSync(process.execPath, [vitest, 'run', '--reporter=verbose'], {
      cwd: path.join(root, dir),
      env: { ...process.env, NO_COLOR: '1' },
      encoding: 'utf8',
    });
    const output = `${run.stdout}\n${run.stderr}`;
    assert.equal(run.status, 0, output.slice(-4000));
    assert.match(output, /Tests\s+.*\d+ passed/);
    assert.match(output, /Test Files\s+.*2 passed/);
    // The contrast checks ran over its own flavours and its own properties.
    assert.match(output, /flavour "acme-emerald", dark scheme contrast .* --acme-on-tint on --acme-tint/);
    assert.doesNotMatch(output, /default-emerald|--df-/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("the copy names the new theme where the default theme's sources name themselves, and nowhere else", () => {
  const from = templateNames();
  assert.deepEqual(from, { name: 'default', kebab: 'default', cssPrefix: 'df' });
  const cases = [
    // The theme's name as a string literal, and in its pages' address.
    [`<ui.ThemeRoot theme="default" frame>`, `<ui.ThemeRoot theme="Acme" frame>`],
    [`mountPreview({ theme: 'default', Layout });`, `mountPreview({ theme: 'Acme', Layout });`],
    ['// On its own address (/profile/theme/default) the links stay', '// On its own address (/profile/theme/Acme) the links stay'],
    // Flavours, named after the theme (kebab case), wherever they are quoted.
    [`'default-emerald': {`, `'acme-emerald': {`],
    [`"default-blue"`, `"acme-blue"`],
    ['// a site asks for `default-emerald`', '// a site asks for `acme-emerald`'],
    // Its own custom properties, under its prefix.
    [`'--df-tint': '#e6ecfd',`, `'--acme-tint': '#e6ecfd',`],
    ['  border-bottom: 1px solid var(--df-divider);', '  border-bottom: 1px solid var(--acme-divider);'],
    ['  --mc-divider: var(--df-divider);', '  --mc-divider: var(--acme-divider);'],
    // Prose: comments and a test's title.
    [
      `/** The default theme's design tokens: clean light-blue and indigo. */`,
      `/** The Acme theme's design tokens: clean light-blue and indigo. */`,
    ],
    ['/* Default theme: the root', '/* Acme theme: the root'],
    ['// One screen of the default theme.', '// One screen of the Acme theme.'],
    ['// a default-theme lobby', '// a Acme-theme lobby'],
    [`describe('default look', () => {`, `describe('Acme look', () => {`],
  ];
  for (const [text, renamed] of cases) assert.equal(renamedTheme(text, 'Acme', from), renamed, text);
  // A two-word name: its kebab case in flavours and the prefix.
  assert.equal(
    renamedTheme(`'default-blue': { light: { '--df-tint': '#fff' } }`, 'AcmeGold', from),
    `'acme-gold-blue': { light: { '--acme-gold-tint': '#fff' } }`,
  );
  // Not the theme's own name: a default export, the fallback theme written as code, other words and properties.
  for (const text of [
    'export default function Login() {}',
    'import Layout, { default as Frame } from "./layout";',
    '// a page it lacks comes from the `default` theme',
    '// by default the bar is 64 px; defaults stay',
    `'defaults'`,
    `const defaultTheme = 'default-';`,
    '  --dfx: 1px; --mc-df-gap: 2px; var(--mc-dfine);',
  ]) {
    assert.equal(renamedTheme(text, 'Acme', from), text);
  }
});

test("the next steps it prints and writes are the brand team's path in order, each run as printed from the repository root: npm scripts, never a bare pnpm", () => {
  const scripts = JSON.parse(readFileSync(path.join(WORKSPACE_ROOT, 'package.json'), 'utf8')).scripts;
  const theme = { ...themeNames('Acme'), port: 3004, flavours: ['acme-blue', 'acme-emerald'] };
  const steps = nextSteps(theme);
  assert.deepEqual(
    steps.map((step) => step.command ?? step.edit),
    [
      'npm run dev -- --theme remote-acme',
      'npm run pnpm -- --filter @member/remote-acme test',
      'npm run build:remote -- remote-acme',
      'in sites.json, set a site\'s "layout" (and its components\' "layout") to "Acme" and its "css" to "acme-blue"',
      'npm run serve',
    ],
  );
  const commands = [...steps.filter((step) => step.command).map((step) => step.command), galleryLine(theme).command];
  for (const command of commands) assert.ok(Object.hasOwn(scripts, command.split(' ')[2]), `${command}: no such npm script`);
  // docs/themes.md's "Starting a new theme" shows the same commands, in the same order.
  const guide = readFileSync(path.join(WORKSPACE_ROOT, 'docs', 'themes.md'), 'utf8');
  const start = guide.indexOf('## Starting a new theme');
  assert.ok(start >= 0, 'docs/themes.md has "Starting a new theme"');
  const section = guide.slice(start, guide.indexOf('\n## ', start + 1));
  const at = commands.map((command) => section.indexOf(`\`${command}\``));
  assert.deepEqual(
    at.filter((index) => index < 0),
    [],
    `every command in the section: ${commands.join(', ')}`,
  );
  assert.deepEqual(
    [...at.slice(0, -1)].sort((x, y) => x - y),
    at.slice(0, -1),
    'in the order the command prints them',
  );
  // And so does the README's path for a brand team, in the same order.
  const readme = readFileSync(path.join(WORKSPACE_ROOT, 'README.md'), 'utf8');
  const inReadme = commands.slice(0, -1).map((command) => readme.indexOf(command));
  assert.deepEqual(
    inReadme.filter((index) => index < 0),
    [],
    'the README shows the path',
  );
  assert.deepEqual(
    [...inReadme].sort((x, y) => x - y),
    inReadme,
  );
});

test('the command prints those next steps in order, and the flavour to give a site', () => {
  // The command on a scratch workspace: its scripts and the template copied, so it writes there.
  const root = scratchRoot();
  try {
    cpSync(path.join(WORKSPACE_ROOT, 'scripts'), path.join(root, 'scripts'), { recursive: true });
    cpSync(path.join(TEMPLATE_DIR, 'src'), path.join(root, 'remote-default', 'src'), { recursive: true });
    const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'new-theme.mjs'), 'AcmeGold', '--no-install'], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(run.status, 0, run.stderr);
    const printed = run.stdout.split('\n');
    const from = printed.findIndex((line) => line.startsWith('next, from the repository root, in order'));
    assert.ok(from > 0, run.stdout);
    const made = { ...themeNames('AcmeGold'), port: 3004, flavours: ['acme-gold-blue', 'acme-gold-emerald', 'mix-violet'] };
    assert.deepEqual(
      printed.slice(from + 1, from + 1 + commandLines(made).length),
      commandLines(made).map((line) => `  ${line}`),
    );
    assert.match(printed[from + 1], /^ {2}1\. npm run dev -- --theme remote-acme-gold\s+#/);
    assert.match(printed[from + 4], /^ {2}4\. in sites\.json, set a site's "layout" .* to "AcmeGold" and its "css" to "acme-gold-blue"$/);
    assert.deepEqual(
      printed.filter((line) => /(^|[^-\w])pnpm /.test(line) && !line.includes('npm run pnpm -- ')),
      [],
    );
    assert.deepEqual(
      printed.filter((line) => /warn/i.test(line)),
      [],
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
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
  const run = spawnSync(process.execPath, [path.join(import.meta.dirname, 'new-theme.mjs'), 'Acme', '--dry-run'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  assert.equal(run.status, 2, run.stderr);
  assert.match(run.stderr, /^new-theme: Unknown option '--dry-run'[^]*usage: npm run new-theme -- <Name> \[--no-install\]/);
  assert.equal(existsSync(path.join(WORKSPACE_ROOT, 'remote-acme')), false);
});
