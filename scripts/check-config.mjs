// Checks a deployment's run-time files with the host's own schemas (shared-core's `schema/config`, what the host runs
// at boot), before members meet them:
//
//   npm run check-config -- <config.json> [<sites.json>]
//
// Lists every problem with its path (`config.json: pusher.wssPort: must be a number…`), and the checks across the two
// files the host makes (a site naming a theme config.json does not list; links that are not safe http(s) URLs). Beyond
// the host's own checks: a site's flavour (`css`) its theme does not have (the site would wear the theme's base colours
// unnoticed), the two files given the other way round, and a plain ws:// socket port under an https host. Also shows
// the other origins the sites' logos come from (the page's policy lets images come from them).
// Exit 0 when the host accepts both, 1 when it would not (or a site names a flavour its theme lacks), 2 for bad
// arguments. deploy/write-nginx-includes.mjs runs the host's check and writes nothing for files that fail it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { importSharedCore } from './shared-core.mjs';
import { logoOrigins, originOf } from './csp.mjs';
import { remoteAppColors } from './web-apps.mjs';

export const USAGE = `Usage: npm run check-config -- <config.json> [<sites.json>] [--remote-manifest=THEME=FILE ...] [--host-origin=ORIGIN]

Checks a deployment's config.json (and its sites.json) as the host checks them when a page opens: the same schemas,
from shared-core. Lists every problem with the field it is in, then what members would see:
  - a problem in config.json stops every brand on an error page;
  - a problem in a sites.json entry (a bad field, an unsafe link, a layout naming a theme config.json's remotes does
    not list) stops that brand alone; the other brands are served;
  - a site whose flavour (css) its theme does not have would wear the theme's base colours: refused here too.
Without sites.json, config.json alone is checked. The themes' flavours are read from each remote's mf-manifest.json:
the URL config.json names, or a local copy given with --remote-manifest (a theme that cannot be read is named, its
sites' flavours not checked). Warns when an https host would open a plain ws:// socket's port (the host's origin is
--host-origin, else https when config.json's API or remotes are).

Options:
  --remote-manifest THEME=FILE  a local copy of a theme's mf-manifest.json (repeatable)
  --host-origin ORIGIN          the origin members open the site at (https://members.example.com)
  --help                        print this text

Exit code: 0 the host accepts the files, 1 it would not (or a flavour is unknown), 2 bad arguments (a file that cannot
be read, or the two files given the other way round).
`;

/** A command line the check cannot run with; `usage` false for a file that cannot be read (the usage would not help). */
export class UsageError extends Error {
  constructor(message, { usage = true } = {}) {
    super(message);
    this.usage = usage;
  }
}

/** The files to check, from the command line; throws UsageError for anything else. */
export function parseCheckArgs(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: {
        help: { type: 'boolean', default: false },
        'remote-manifest': { type: 'string', multiple: true, default: [] },
        'host-origin': { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(error.message);
  }
  if (parsed.values.help) return { help: true };
  const [config, sites, ...extra] = parsed.positionals;
  if (!config) throw new UsageError('give the config.json to check');
  if (extra.length > 0) throw new UsageError(`one config.json and at most one sites.json, not also ${extra.join(' ')}`);
  const remoteManifests = Object.fromEntries(
    parsed.values['remote-manifest'].map((value) => {
      const at = value.indexOf('=');
      if (at <= 0 || at === value.length - 1) throw new UsageError(`--remote-manifest=${value}: give THEME=FILE`);
      return [value.slice(0, at), value.slice(at + 1)];
    }),
  );
  const hostOrigin = parsed.values['host-origin'];
  if (hostOrigin !== undefined && !/^https?:$/.test(new URL(originOf(hostOrigin) ?? 'x:').protocol))
    throw new UsageError(`--host-origin=${hostOrigin}: give an origin like https://members.example.com`);
  return { help: false, config, sites, remoteManifests, ...(hostOrigin === undefined ? {} : { hostOrigin: originOf(hostOrigin) }) };
}

/** Which of the two run-time files a parsed JSON value looks like: `config`, `sites`, or null. */
export function fileKind(value) {
  if (!isRecord(value)) return null;
  if (Array.isArray(value.sites) && value.remotes === undefined) return 'sites';
  if (value.remotes !== undefined || value.apiBase !== undefined || value.pusher !== undefined) return 'config';
  return null;
}

/** What to say when the files were given the wrong way round (or a sites.json alone), else null. */
export function swappedFiles(config, sites) {
  const first = fileKind(config);
  const second = sites === undefined ? undefined : fileKind(sites);
  if (first === 'sites' && (second === 'config' || second === undefined || second === null)) {
    return second === 'config'
      ? 'the files look swapped: the first is a sites.json and the second a config.json; give config.json first, then sites.json'
      : 'the first file is a sites.json: give config.json first, then sites.json';
  }
  if (first === 'config' && second === 'config') return 'both files are a config.json: the second must be the sites.json';
  return null;
}

/**
 * Sites whose flavour (`css`) a theme they are drawn in does not have: each would wear that theme's base colours. The
 * site's own theme (`layout`) lacking it is a problem; another theme of its pages lacking it, a warning. A theme whose
 * flavours cannot be read (its manifest unreachable, or built before it stated its colours) is named, once. Each entry
 * is read through the host's schema; one it refuses is left to checkRuntimeFiles, which names its problems. A problem
 * names the entry's field as the operator writes it (`sites[2].css`).
 * @param {unknown[]} sites sites.json's entries
 * @param {(theme: string) => Promise<{flavours?: object} | null>} appColors a theme's app colours (web-apps.mjs)
 */
export async function checkFlavours(sites, appColors) {
  const { validateSitesFile } = await importSharedCore('./schema/config');
  const problems = [];
  const warnings = [];
  const unread = new Set();
  for (const [index, entry] of sites.entries()) {
    const checked = validateSitesFile({ sites: [entry] });
    const site = checked.ok ? checked.value.sites[0] : undefined;
    if (!site || site.flavour === '') continue;
    const themes = [site.theme, ...new Set(Object.values(site.pages).flatMap((page) => [page.theme, page.frameTheme]))];
    for (const theme of new Set(themes)) {
      const colors = await appColors(theme);
      if (!colors || !isRecord(colors.flavours)) {
        unread.add(theme);
        continue;
      }
      if (Object.hasOwn(colors.flavours, site.flavour)) continue;
      const known = Object.keys(colors.flavours);
      const problem = `names the flavour "${site.flavour}", which theme ${theme} does not have (${known.length ? `its flavours: ${known.join(', ')}` : 'it has none'}): the site would wear ${theme}'s base colours`;
      const field = `sites[${index}].css`;
      if (theme === site.theme) problems.push({ file: 'sites.json', field, problem, site: site.key, kind: 'look' });
      else warnings.push(`sites.json: ${field} ${problem.replace(' the site would', " that theme's pages of the site would")}`);
    }
  }
  for (const theme of unread)
    warnings.push(
      `theme ${theme}: its flavours could not be read (its mf-manifest.json unreachable, or built before it stated its colours): its sites' flavours are not checked; give --remote-manifest=${theme}=FILE`,
    );
  return { problems, warnings };
}

/** The pusher ports an https page would open a TLS socket on, when they are a plain socket's: a warning each. */
export function socketWarnings(config, hostOrigin) {
  const pusher = isRecord(config?.pusher) ? config.pusher : null;
  if (!pusher || typeof pusher.wsHost !== 'string' || pusher.forceTLS === true) return [];
  const https = hostOrigin
    ? hostOrigin.startsWith('https:')
    : [config.apiBase, config.broadcastAuthBase, ...Object.values(isRecord(config.remotes) ? config.remotes : {})].some(
        (url) => typeof url === 'string' && url.startsWith('https:'),
      );
  if (!https || pusher.wssPort !== undefined) return [];
  const port = pusher.wsPort ?? 443;
  if (port === 443) return [];
  return [
    `config.json: pusher: an https page opens its socket as wss://${pusher.wsHost}:${port}, the port given for plain ws:// (wsPort, no wssPort): the TLS handshake fails there and live updates stay off. Give the TLS port as wssPort (or set forceTLS with it).`,
  ];
}

const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The host's checks of the parsed files: config.json alone, then sites.json against config.json's themes (the names
 * its `remotes` lists, as written: a bad URL there does not hide a site's layout naming an unknown theme).
 * `sites` undefined: not checked. Returns every problem as {file, field, problem, site?} (site: the key of a sites.json
 * entry the host sets aside, which stops that brand alone).
 */
export async function checkRuntimeFiles({ config, sites }) {
  const { checkRuntimeConfig, validateSitesFile } = await importSharedCore('./schema/config');
  const problems = [];
  const checked = checkRuntimeConfig(config);
  if (!checked.ok) problems.push(...checked.problems.map((problem) => ({ file: 'config.json', ...problem })));
  if (sites !== undefined) {
    const themes = checked.ok
      ? Object.keys(checked.value.remotes)
      : isRecord(config) && isRecord(config.remotes)
        ? Object.keys(config.remotes)
        : null;
    const sitesChecked = validateSitesFile(sites, themes);
    if (!sitesChecked.ok) {
      problems.push({ file: 'sites.json', field: sitesChecked.field, problem: sitesChecked.problem });
    } else {
      for (const invalid of sitesChecked.value.invalid ?? []) {
        for (const problem of invalid.problems) problems.push({ file: 'sites.json', ...problem, site: invalid.key });
      }
    }
  }
  return { ok: problems.length === 0, problems };
}

/** One line per problem: `config.json: pusher.wssPort: must be a number…` (the file alone when the field is the file). */
export function formatProblems(problems) {
  return problems.map(({ file, field, problem }) => (field === file ? `${file}: ${problem}` : `${file}: ${field}: ${problem}`));
}

/** What members would see, in a sentence or two. */
export function consequences(problems) {
  const lines = [];
  const keyOf = (p) => (p.site === null ? '(an entry without a key)' : p.site);
  if (problems.some((p) => p.file === 'config.json'))
    lines.push('With this config.json every brand stops on an error page that names its problems.');
  if (problems.some((p) => p.file === 'sites.json' && p.site === undefined))
    lines.push('With this sites.json every brand stops on an error page.');
  const brands = [...new Set(problems.filter((p) => p.file === 'sites.json' && p.site !== undefined && p.kind !== 'look').map(keyOf))];
  if (brands.length > 0) lines.push(`These brands stop on an error page, the others are served: ${brands.join(', ')}.`);
  const looks = [...new Set(problems.filter((p) => p.kind === 'look').map(keyOf))];
  if (looks.length > 0) lines.push(`These brands would wear their theme's base colours, not their flavour: ${looks.join(', ')}.`);
  return lines;
}

/** The demo's config.json, from the repository root: a checkout has no config.json of its own to check. */
const DEMO_CONFIG = path.join('host', 'public', 'config.json');

/** A file's JSON: {value} when it parses, {problem} when it does not; a file that cannot be read is a usage error. */
function readJson(file, name) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code !== 'ENOENT') throw new UsageError(`cannot read ${file}: ${error.message}`, { usage: false });
    const where = name === 'config.json' ? ` (the demo's is ${DEMO_CONFIG}; a deployment's is the operator's own)` : '';
    throw new UsageError(`cannot read ${file}: no such file${where}`, { usage: false });
  }
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { problem: { file: name, field: name, problem: `is not valid JSON (${error.message})` } };
  }
}

/**
 * Reads and checks the files the command line names; {ok, problems, lines} where lines is what to print. Throws
 * UsageError for files given the other way round.
 */
export async function checkFiles({ config: configFile, sites: sitesFile, remoteManifests = {}, hostOrigin, fetchImpl = fetch }) {
  const config = readJson(configFile, 'config.json');
  const sites = sitesFile === undefined ? undefined : readJson(sitesFile, 'sites.json');
  const swapped = !config.problem && !sites?.problem ? swappedFiles(config.value, sites?.value) : null;
  if (swapped) throw new UsageError(swapped, { usage: false });
  const unreadable = [config, sites].flatMap((file) => (file?.problem ? [file.problem] : []));
  const problems = unreadable.length > 0 ? unreadable : (await checkRuntimeFiles({ config: config.value, sites: sites?.value })).problems;
  const warnings = unreadable.length > 0 ? [] : socketWarnings(config.value, hostOrigin);
  const siteList = unreadable.length === 0 && Array.isArray(sites?.value?.sites) ? sites.value.sites : [];
  // Flavours are looked up in the themes config.json names once the host would take config.json at all.
  if (siteList.length > 0 && !problems.some((p) => p.file === 'config.json')) {
    const flavours = await checkFlavours(
      siteList,
      remoteAppColors({
        remotes: isRecord(config.value.remotes) ? config.value.remotes : {},
        localManifests: remoteManifests,
        fetchImpl,
        timeoutMs: 5000,
      }),
    );
    problems.push(...flavours.problems);
    warnings.push(...flavours.warnings);
  }
  const files = [configFile, sitesFile].filter((file) => file !== undefined).map((file) => path.relative(process.cwd(), file) || file);
  const origins = siteList.length > 0 ? logoOrigins(siteList) : [];
  const notes = [
    ...warnings.map((warning) => `warning: ${warning}`),
    ...(origins.length > 0
      ? [`Logos on other origins (the page's policy lets images come from them, img-src): ${origins.join(', ')}`]
      : []),
  ];
  const lines =
    problems.length === 0
      ? [
          `${files.join(' and ')}: the host accepts ${files.length === 1 ? 'it' : 'them'}.${sitesFile === undefined ? ' (sites.json not given: not checked.)' : ''}`,
          ...notes,
        ]
      : [
          ...formatProblems(problems),
          '',
          `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${files.join(' and ')}.`,
          ...consequences(problems),
          ...notes,
        ];
  return { ok: problems.length === 0, problems, warnings, lines };
}

async function main() {
  let options;
  try {
    options = parseCheckArgs(process.argv.slice(2));
    if (options.help) {
      console.log(USAGE);
      return 0;
    }
    const { ok, lines } = await checkFiles(options);
    for (const line of lines) console.log(line);
    return ok ? 0 : 1;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.usage ? `check-config: ${error.message}\n\n${USAGE}` : `check-config: ${error.message}`);
    return 2;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      console.error(`check-config: ${error.stack ?? error}`);
      process.exitCode = 1;
    },
  );
}
