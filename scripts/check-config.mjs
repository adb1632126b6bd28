// Checks a deployment's run-time files with the host's own schemas (shared-core's `schema/config`, what the host runs
// at boot), before members meet them:
//
//   npm run check-config -- <config.json> [<sites.json>]
//
// Lists every problem with its path (`config.json: pusher.wssPort: must be a number…`), and the checks across the two
// files the host makes (a site naming a theme config.json does not list; links that are not safe http(s) URLs).
// Exit 0 when the host accepts both, 1 when it would not, 2 for bad arguments. deploy/write-nginx-includes.mjs runs the
// same check and writes nothing for files that fail it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { importSharedCore } from './shared-core.mjs';

export const USAGE = `Usage: npm run check-config -- <config.json> [<sites.json>]

Checks a deployment's config.json (and its sites.json) as the host checks them when a page opens: the same schemas,
from shared-core. Lists every problem with the field it is in, then what members would see:
  - a problem in config.json stops every brand on an error page;
  - a problem in a sites.json entry (a bad field, an unsafe link, a layout naming a theme config.json's remotes does
    not list) stops that brand alone; the other brands are served.
Without sites.json, config.json alone is checked.

Options:
  --help    print this text

Exit code: 0 the host accepts the files, 1 it would not, 2 bad arguments (or a file that cannot be read).
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
    parsed = parseArgs({ args: argv, strict: true, allowPositionals: true, options: { help: { type: 'boolean', default: false } } });
  } catch (error) {
    throw new UsageError(error.message);
  }
  if (parsed.values.help) return { help: true };
  const [config, sites, ...extra] = parsed.positionals;
  if (!config) throw new UsageError('give the config.json to check');
  if (extra.length > 0) throw new UsageError(`one config.json and at most one sites.json, not also ${extra.join(' ')}`);
  return { help: false, config, sites };
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
    const themes = checked.ok ? Object.keys(checked.value.remotes) : isRecord(config) && isRecord(config.remotes) ? Object.keys(config.remotes) : null;
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
  if (problems.some((p) => p.file === 'config.json')) lines.push('With this config.json every brand stops on an error page that names its problems.');
  if (problems.some((p) => p.file === 'sites.json' && p.site === undefined)) lines.push('With this sites.json every brand stops on an error page.');
  const brands = [...new Set(problems.filter((p) => p.file === 'sites.json' && p.site !== undefined).map((p) => (p.site === null ? '(an entry without a key)' : p.site)))];
  if (brands.length > 0) lines.push(`These brands stop on an error page, the others are served: ${brands.join(', ')}.`);
  return lines;
}

/** A file's JSON: {value} when it parses, {problem} when it does not; a file that cannot be read is a usage error. */
function readJson(file, name) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`, { usage: false });
  }
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { problem: { file: name, field: name, problem: `is not valid JSON (${error.message})` } };
  }
}

/** Reads and checks the files the command line names; {ok, problems, lines} where lines is what to print. */
export async function checkFiles({ config: configFile, sites: sitesFile }) {
  const config = readJson(configFile, 'config.json');
  const sites = sitesFile === undefined ? undefined : readJson(sitesFile, 'sites.json');
  const unreadable = [config, sites].flatMap((file) => (file?.problem ? [file.problem] : []));
  const { problems } = unreadable.length > 0
    ? { problems: unreadable }
    : await checkRuntimeFiles({ config: config.value, sites: sites?.value });
  const files = [configFile, sitesFile].filter((file) => file !== undefined).map((file) => path.relative(process.cwd(), file) || file);
  const lines = problems.length === 0
    ? [`${files.join(' and ')}: the host accepts ${files.length === 1 ? 'it' : 'them'}.${sitesFile === undefined ? ' (sites.json not given: not checked.)' : ''}`]
    : [...formatProblems(problems), '', `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${files.join(' and ')}.`, ...consequences(problems)];
  return { ok: problems.length === 0, problems, lines };
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
