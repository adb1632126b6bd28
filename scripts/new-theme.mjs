// `npm run new-theme -- <Name>`: a new theme remote, `remote-<kebab-name>/`, copied from the default theme
// (remote-default, the one theme every deployment has) with its name changed, on the next free port, and listed in the
// demo's host/public/config.json `remotes` under
// <Name>. The workspace picks it up by its folder name (pnpm-workspace.yaml's `remote-*`): serve, build, lint and
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
/** The default theme's name as its sources write it: a string literal (`'default'`, `"default"`) and its test's title. */
const DEFAULT_NAME = /(['"])default\1|'default look'/g;
export const CONFIG_FILE = path.join('host', 'public', 'config.json');
/** Ports the demo's other servers hold (host, simulator, its broadcast auth): never given to a theme. */
const RESERVED_PORTS = new Set([3000, 3100, 3101]);

export class ThemeNameError extends Error {}

/** The folder, port variable and federation-safe names a theme name leads to. */
export function themeNames(name) {
  const kebab = kebabCase(name);
  return { name, kebab, dir: `remote-${kebab}`, env: portEnvOf(name) };
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

/** `text` with the default theme's name replaced by `name`. */
export function renamedTheme(text, name) {
  return text.replace(DEFAULT_NAME, (match, quote) => (quote ? `${quote}${name}${quote}` : `'${name} look'`));
}

/**
 * Writes the new theme: a copy of the template with the theme's name in its sources, its package.json, and its entry in config.json.
 * Returns what was made. Throws ThemeNameError (nothing written) for a refused name.
 */
export function createTheme(name, { root = WORKSPACE_ROOT, template = TEMPLATE_DIR } = {}) {
  const refusal = refusalOf(name, root);
  if (refusal) throw new ThemeNameError(refusal);
  const { dir, env } = themeNames(name);
  const port = nextFreePort(root);
  const target = path.join(root, dir);
  try {
    cpSync(template, target, { recursive: true, filter: (source) => !NOT_COPIED.has(path.basename(source)) });
    for (const file of walk(path.join(target, 'src')).filter((f) => /\.tsx?$/.test(f))) {
      const text = readFileSync(file, 'utf8');
      const filled = renamedTheme(text, name);
      if (filled !== text) writeFileSync(file, filled);
    }
    const pkgFile = path.join(target, 'package.json');
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
    pkg.name = `@member/${dir}`;
    pkg.memberTheme = { name, port, cssPrefix: themeNames(name).kebab };
    writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
    writeFileSync(path.join(target, 'README.md'), themeReadme({ name, dir, port, env, cssPrefix: pkg.memberTheme.cssPrefix }));
  } catch (error) {
    rmSync(target, { recursive: true, force: true });
    throw error;
  }
  const configFile = path.join(root, CONFIG_FILE);
  const config = readConfig(root);
  config.remotes = { ...config.remotes, [name]: `http://localhost:${port}/mf-manifest.json` };
  writeFileSync(configFile, formatConfig(readFileSync(configFile, 'utf8'), config));
  return { name, dir, port, env };
}

/** The new theme's README: what it is, where its look lives, and the commands its brand team runs. */
export function themeReadme({ name, dir, port, env, cssPrefix }) {
  return `# @member/${dir} — the ${name} theme

A theme remote (port ${port}, class prefix \`${cssPrefix}\`: the \`memberTheme\` block of \`package.json\`), started as a
copy of the default theme. Its frame is \`src/layout.tsx\`, its pages are in \`src/pages/\` (placing \`@member/ui-kit\`
blocks), its look is \`src/tokens.ts\` (both schemes and the flavours); \`src/manifest.ts\` lists the pages it provides
and \`src/min-host-contract.ts\` the lowest host contract it runs on. A page it does not provide comes from the
default theme. To show a site in it, set that site's \`layout\` to \`${name}\` in \`sites.json\`.

From the repository root:

\`\`\`sh
npm run pnpm -- --filter @member/${dir} dev    # preview gallery on http://localhost:${port}/ (${env} moves it)
npm run pnpm -- --filter @member/${dir} test   # conformance suite and token contrast
npm run build:remote -- ${dir}                 # signed production build in dist/
\`\`\`

See [Starting a new theme](../README.md#starting-a-new-theme), [How a brand team deploys a theme
remote](../README.md#how-a-brand-team-deploys-a-theme-remote) and [Signed releases](../README.md#signed-releases).
`;
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
  if (positionals.length !== 1) throw new Error(`${positionals.length ? `one name, not ${positionals.length}` : 'name the theme'}\n${USAGE}`);
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
    if (result.status !== 0) console.error('new-theme: pnpm install failed; run it yourself before building the theme.');
  }
  console.log(`next: pnpm --filter @member/${made.dir} dev   (preview gallery at http://localhost:${made.port})`);
  console.log(`      pnpm --filter @member/${made.dir} test  (the conformance suite)`);
  console.log(`      npm run build:remote -- ${made.dir}   then set a site's "layout" to "${made.name}" in sites.json and npm run serve`);
}
