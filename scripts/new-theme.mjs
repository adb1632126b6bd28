// `npm run new-theme -- <Name>`: a new theme remote, `remote-<kebab-name>/`, copied from the default theme
// (remote-default, the one theme every deployment has) under the new theme's own names (its name, its flavours, the
// prefix of its own custom properties), on the next free port, and listed in the demo's host/public/config.json
// `remotes` under <Name>. The workspace picks it up by its folder name (pnpm-workspace.yaml's `remote-*`): serve, build, lint and
// the unit runs need no edit. Every check runs before anything is written, so a refused name leaves no trace.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { kebabCase, portEnvOf, themeRemotes, WORKSPACE_ROOT } from './workspace.mjs';

/** The theme a new one starts from: the default theme as it is today, so the copy is never behind it. */
export const TEMPLATE_DIR = path.join(WORKSPACE_ROOT, 'remote-default');
/** What the copy leaves out: installed packages, builds and reports. */
// release-key: the default theme's key pair is its brand team's; a new theme makes its own on its first build.
// README.md: the default theme's describes the default theme; the new one gets its own (themeReadme).
const NOT_COPIED = new Set(['node_modules', 'dist', 'dist-dev', '.vitest-report.json', 'release-key', 'README.md']);
/** The copied sources the rename reads: code, tests and stylesheets. */
const RENAMED_FILES = /\.(tsx?|css)$/;
export const CONFIG_FILE = path.join('host', 'public', 'config.json');
/** The shared tokens' prefix (`--mc-*`, which every theme sets): never a theme's own. */
const SHARED_PREFIX = 'mc';
/** Ports the demo's other servers hold (host, simulator, its broadcast auth): never given to a theme. */
const RESERVED_PORTS = new Set([3000, 3100, 3101]);

export class ThemeNameError extends Error {}

/**
 * The folder, port variable and federation-safe names a theme name leads to, and its prefix: of its CSS module
 * classes and of its own custom properties (`--acme-gold-*` beside the shared `--mc-*`).
 */
export function themeNames(name) {
  const kebab = kebabCase(name);
  return { name, kebab, dir: `remote-${kebab}`, env: portEnvOf(name), cssPrefix: kebab };
}

/**
 * Why `name` cannot be a new theme in the workspace at `root`, or null. A theme name is an identifier
 * (letters and digits, starting with a letter): it is a JSON key, a folder, and part of an environment variable.
 */
export function refusalOf(name, root = WORKSPACE_ROOT) {
  if (typeof name !== 'string' || name === '') return 'give the theme a name: npm run new-theme -- <Name> (e.g. Acme)';
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) {
    return `"${name}" is not a valid theme name: use letters and digits only, starting with a letter (e.g. Acme, AcmeGold, Acme88)`;
  }
  const { dir } = themeNames(name);
  if (existsSync(path.join(root, dir))) return `${dir}/ already exists: pick another name, or edit that theme`;
  const remotes = readConfig(root).remotes ?? {};
  const clash = Object.keys(remotes).find((key) => key.toLowerCase() === name.toLowerCase());
  if (clash) return `${CONFIG_FILE} already has a theme "${clash}" in remotes: pick another name`;
  const taken = themeRemotes(root).find((remote) => remote.env === portEnvOf(name));
  if (taken) return `"${name}" would share the port variable ${taken.env} with ${taken.dir}: pick another name`;
  const { cssPrefix } = themeNames(name);
  if (cssPrefix === SHARED_PREFIX)
    return `"${name}" would name its own custom properties --${cssPrefix}-*, the shared tokens' prefix: pick another name`;
  const sharer = themeRemotes(root).find((remote) => remote.cssPrefix === cssPrefix);
  if (sharer) return `"${name}" would share the prefix ${cssPrefix} with ${sharer.dir}: pick another name`;
  return null;
}

function readConfig(root) {
  return JSON.parse(readFileSync(path.join(root, CONFIG_FILE), 'utf8'));
}

/** The lowest port above every theme remote's that no other demo server holds. */
export function nextFreePort(root = WORKSPACE_ROOT) {
  let port = Math.max(3000, ...themeRemotes(root).map((remote) => remote.port)) + 1;
  while (RESERVED_PORTS.has(port)) port += 1;
  return port;
}

function walk(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** The names a theme remote's sources call themselves by, as its package.json states them (`default`, `df`). */
export function templateNames(template = TEMPLATE_DIR) {
  const { name, cssPrefix } = JSON.parse(readFileSync(path.join(template, 'package.json'), 'utf8')).memberTheme;
  return { name, kebab: kebabCase(name), cssPrefix };
}

const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The ways the template's sources name their own theme, each with what the new theme writes there:
 * - the theme's name as a string literal (`theme: 'default'`, `theme="default"`), and in its pages' address
 *   (`/profile/theme/default`);
 * - its flavours, whose names start with its own (`'default-blue'` → `'acme-gold-blue'`);
 * - its own custom properties (`--df-tint` → `--acme-gold-tint`);
 * - "default theme" / "default-theme" / "default look" in prose (comments, a test's title): "the default theme's
 *   tokens" → "the AcmeGold theme's tokens". The fallback theme is written as code there (the `default` theme)
 *   and stays.
 */
function renamings(theme, from) {
  const name = escaped(from.name);
  return [
    [new RegExp(`(['"])${name}\\1`, 'g'), (_, quote) => `${quote}${theme.name}${quote}`],
    [new RegExp(`/theme/${name}\\b`, 'g'), () => `/theme/${theme.name}`],
    [
      new RegExp(`(['"\`])${escaped(from.kebab)}-([a-z0-9]+(?:-[a-z0-9]+)*)\\1`, 'g'),
      (_, quote, rest) => `${quote}${theme.kebab}-${rest}${quote}`,
    ],
    [new RegExp(`--${escaped(from.cssPrefix)}-`, 'g'), () => `--${theme.cssPrefix}-`],
    [new RegExp(`\\b${name}(?=[ -](?:theme|look)\\b)`, 'gi'), () => theme.name],
  ];
}

/**
 * `text` with the template theme's names (`from`, by default remote-default's) replaced by the new theme's
 * (`theme`: a name, or themeNames' answer).
 */
export function renamedTheme(text, theme, from = templateNames()) {
  const names = typeof theme === 'string' ? themeNames(theme) : theme;
  return renamings(names, from).reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

/** The flavours a theme's tokens.ts names (its `flavours` keys: quoted kebab names), in the file's order. */
export function flavourNames(tokensText) {
  const block = tokensText.slice(tokensText.indexOf('flavours:'));
  return [...block.matchAll(/^\s+(['"])([a-z0-9]+(?:-[a-z0-9]+)*)\1:\s*\{/gm)].map((match) => match[2]);
}

/**
 * Writes the new theme: a copy of the template with the theme's names in its sources (renamedTheme), its
 * package.json, its README, and its entry in config.json. Returns what was made, with its flavours (the first is
 * its base look). Throws ThemeNameError (nothing written) for a refused name.
 */
export function createTheme(name, { root = WORKSPACE_ROOT, template = TEMPLATE_DIR } = {}) {
  const refusal = refusalOf(name, root);
  if (refusal) throw new ThemeNameError(refusal);
  const theme = themeNames(name);
  const { dir, env, cssPrefix } = theme;
  const from = templateNames(template);
  const port = nextFreePort(root);
  const target = path.join(root, dir);
  let flavours;
  try {
    cpSync(template, target, { recursive: true, filter: (source) => !NOT_COPIED.has(path.basename(source)) });
    for (const file of walk(path.join(target, 'src')).filter((f) => RENAMED_FILES.test(f))) {
      const text = readFileSync(file, 'utf8');
      const filled = renamedTheme(text, theme, from);
      if (filled !== text) writeFileSync(file, filled);
    }
    flavours = flavourNames(readFileSync(path.join(target, 'src', 'tokens.ts'), 'utf8'));
    const pkgFile = path.join(target, 'package.json');
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
    pkg.name = `@member/${dir}`;
    pkg.memberTheme = { name, port, cssPrefix };
    writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
    writeFileSync(path.join(target, 'README.md'), themeReadme({ name, dir, port, env, cssPrefix, flavours }));
  } catch (error) {
    rmSync(target, { recursive: true, force: true });
    throw error;
  }
  const configFile = path.join(root, CONFIG_FILE);
  const config = readConfig(root);
  config.remotes = { ...config.remotes, [name]: `http://localhost:${port}/mf-manifest.json` };
  writeFileSync(configFile, formatConfig(readFileSync(configFile, 'utf8'), config));
  return { name, dir, port, env, cssPrefix, flavours };
}

const code = (text) => `\`${text}\``;

/** The new theme's README: what it is, where its look lives, and the commands its brand team runs. */
export function themeReadme({ name, dir, port, env, cssPrefix, flavours }) {
  return `# @member/${dir} — the ${name} theme

A theme remote (port ${port}, prefix ${code(cssPrefix)} of its CSS module classes and of its own custom properties
${code(`--${cssPrefix}-*`)}, beside the shared ${code('--mc-*')} tokens: the ${code('memberTheme')} block of ${code('package.json')}), started as a copy of
the default theme (${code('remote-default')}). Its frame is ${code('src/layout.tsx')}, its pages are in ${code('src/pages/')} (placing
${code('@member/ui-kit')} blocks), its look is ${code('src/tokens.ts')}: both schemes and the flavours ${flavours.map(code).join(', ') || '(none yet)'}
(the first is the base look), one of which a site picks by its ${code('css')} in ${code('sites.json')}. ${code('src/manifest.ts')} lists the
pages it provides and ${code('src/min-host-contract.ts')} the lowest host contract it runs on. A page it does not provide
comes from the ${code('default')} theme. To show a site in it, set that site's ${code('layout')} (and its ${code('components[].layout')}) to
${code(name)}${flavours.length ? ` and its ${code('css')} to ${code(flavours[0])}` : ''} in ${code('sites.json')}.

From the repository root, in order:

${readmeSteps({ name, dir, port, env, flavours }).join('\n')}

See [Starting a new theme](../docs/themes.md#starting-a-new-theme), [How a brand team deploys a theme
remote](../docs/themes.md#how-a-brand-team-deploys-a-theme-remote) and [Signed releases](../docs/themes.md#signed-releases).
`;
}

/**
 * The brand team's path from here, in order, as printed and as the theme's README and docs/themes.md ("Starting a new
 * theme") show it: each command runs as written from the repository root of a fresh clone, where pnpm is reached
 * through `npm run pnpm` rather than the PATH. Step 4 is an edit of sites.json, not a command.
 * @returns {{ command?: string, edit?: string, note: string }[]}
 */
export function nextSteps({ name, dir, flavours = [] }) {
  const css = flavours.length ? ` and its "css" to "${flavours[0]}"` : '';
  return [
    {
      command: `npm run dev -- --theme ${dir}`,
      note: 'the theme in the real site, hot reload; restyle src/tokens.ts first (stop npm start: same ports)',
    },
    { command: `npm run pnpm -- --filter @member/${dir} test`, note: 'conformance suite and token contrast' },
    { command: `npm run build:remote -- ${dir}`, note: 'signed production build in dist/' },
    { edit: `in sites.json, set a site's "layout" (and its components' "layout") to "${name}"${css}` },
    { command: 'npm run serve', note: 'serves the builds, this one beside the others (stop npm run dev first)' },
  ];
}

/** The gallery of every page of the theme, on its own (no host, no simulator): a command beside the path. */
export function galleryLine({ dir, port, env }) {
  return {
    command: `npm run pnpm -- --filter @member/${dir} dev`,
    note: `on http://localhost:${port}/; ${env} moves it, and when that port is taken it takes the next free one and prints the address`,
  };
}

/** The path as the theme's README lists it: a numbered Markdown list, then the gallery. */
export function readmeSteps(theme) {
  const gallery = galleryLine(theme);
  return [
    ...nextSteps(theme).map((step, index) => `${index + 1}. ${step.command ? `${code(step.command)}: ${step.note}` : step.edit}.`),
    '',
    `The gallery of every page alone: ${code(gallery.command)} (${gallery.note}).`,
  ];
}

/** The numbered path and the gallery, as the command prints them. */
export function commandLines(theme) {
  const steps = nextSteps(theme).map((step, index) => ({ text: `${index + 1}. ${step.command ?? step.edit}`, note: step.note }));
  const width = Math.max(...steps.filter((step) => step.note).map((step) => step.text.length));
  const gallery = galleryLine(theme);
  return [
    ...steps.map((step) => (step.note ? `${step.text.padEnd(width)}   # ${step.note}` : step.text)),
    `The gallery of every page alone: ${gallery.command}`,
    `(${gallery.note})`,
  ];
}

/** config.json rewritten with one more remote, keeping the file's one-line objects where it can. */
function formatConfig(original, config) {
  const remotes = JSON.stringify(config.remotes, null, 2).replace(/\n/g, '\n  ');
  const replaced = original.replace(/"remotes": \{[^}]*\}/, `"remotes": ${remotes}`);
  return JSON.stringify(JSON.parse(replaced)) === JSON.stringify(config) ? replaced : `${JSON.stringify(config, null, 2)}\n`;
}

export const USAGE = 'usage: npm run new-theme -- <Name> [--no-install]   (letters and digits, starting with a letter, e.g. Acme)';

/**
 * The theme's name and whether to skip `pnpm install`, from the command line; throws with the usage on an unknown
 * flag or anything but one name. A `--` (which a runner may pass on to the script) is dropped, so flags after it count.
 */
export function parseNewThemeArgs(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv.filter((arg) => arg !== '--'),
      options: { 'no-install': { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new Error(`${error.message}\n${USAGE}`, { cause: error });
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  if (positionals.length !== 1)
    throw new Error(`${positionals.length ? `one name, not ${positionals.length}` : 'name the theme'}\n${USAGE}`);
  return { name: positionals[0], skipInstall: values['no-install'], help: false };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let args;
  try {
    args = parseNewThemeArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`new-theme: ${error.message}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const { skipInstall } = args;
  let made;
  try {
    made = createTheme(args.name);
  } catch (error) {
    console.error(`new-theme: ${error.message}\nnew-theme: nothing was written.`);
    process.exit(1);
  }
  console.log(`new-theme: created ${made.dir}/ (theme "${made.name}", port ${made.port}, moved by ${made.env})`);
  console.log(`new-theme: added "${made.name}": "http://localhost:${made.port}/mf-manifest.json" to ${CONFIG_FILE} remotes`);
  if (!skipInstall) {
    // Links the new package's dependencies (all already in the store: the template uses the workspace's own).
    const result = spawnSync(process.execPath, [path.join(WORKSPACE_ROOT, 'scripts', 'run-pnpm.mjs'), 'install', '--prefer-offline'], {
      cwd: WORKSPACE_ROOT,
      stdio: 'inherit',
    });
    if (result.status !== 0) console.error('new-theme: pnpm install failed; run `npm run pnpm -- install` before building the theme.');
  }
  console.log(`next, from the repository root, in order (docs/themes.md, "Starting a new theme"; also in ${made.dir}/README.md):`);
  for (const line of commandLines(made)) console.log(`  ${line}`);
}
