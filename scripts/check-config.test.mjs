import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importSharedCore } from './shared-core.mjs';
import {
  checkFiles,
  checkFlavours,
  checkRuntimeFiles,
  fileKind,
  parseCheckArgs,
  socketWarnings,
  swappedFiles,
  UsageError,
} from './check-config.mjs';

const workspace = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SCRIPT = path.join(workspace, 'scripts', 'check-config.mjs');
const KEY = 'MCowBQYDK2VwAyEASUCK0GuFmd4mL31SIL5K1DFwU/pEUBNuGkVtSU7j0Cs=';

/** The demo's config.json as an operator deploys it: with every theme's release keys (the demo server adds them). */
const demoConfig = JSON.parse(readFileSync(path.join(workspace, 'host', 'public', 'config.json'), 'utf8'));
const config = { ...demoConfig, remoteKeys: Object.fromEntries(Object.keys(demoConfig.remotes).map((theme) => [theme, [KEY]])) };
const sites = JSON.parse(readFileSync(path.join(workspace, 'sites.json'), 'utf8'));

let dir;
before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'check-config-test-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

function file(name, value) {
  const target = path.join(dir, name);
  writeFileSync(target, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return target;
}

/** Copies of the themes' mf-manifest.json the checks read flavours from, naming the flavours each remote's tokens.ts has. */
function manifestArgs() {
  const flavours = {
    default: ['default-blue', 'default-emerald', 'mix-violet'],
    PRE8: ['pre8-gold', 'mix-violet'],
    OSAKA39: ['osaka-sakura', 'mix-violet'],
  };
  return Object.entries(flavours).map(([theme, names]) => {
    const colors = { theme: '#123456', background: '#fafafa' };
    const appColors = {
      light: colors,
      dark: colors,
      flavours: Object.fromEntries(names.map((name) => [name, { light: colors, dark: colors }])),
    };
    return `--remote-manifest=${theme}=${file(`${theme}-manifest.json`, { metaData: { appColors } })}`;
  });
}

const run = (...args) =>
  spawnSync(process.execPath, [SCRIPT, ...args, ...(args.some((arg) => arg.startsWith('--')) ? [] : manifestArgs())], {
    encoding: 'utf8',
    cwd: dir,
  });

test('valid files: exit 0, saying the host accepts them', () => {
  const result = run(file('config.json', config), file('sites.json', sites));
  assert.equal(result.status, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /^config\.json and sites\.json: the host accepts them\.$/m);
  const alone = run(file('config.json', config));
  assert.equal(alone.status, 0);
  assert.match(alone.stdout, /sites\.json not given: not checked/);
});

test('a wssPort written as a string fails, naming pusher.wssPort', () => {
  const result = run(file('bad-port.json', { ...config, pusher: { ...config.pusher, wssPort: '443' } }), file('sites.json', sites));
  assert.equal(result.status, 1, result.stdout);
  assert.match(result.stdout, /^config\.json: pusher\.wssPort: must be a number, not a string: write 443 without quotes$/m);
  assert.match(result.stdout, /^1 problem in bad-port\.json and sites\.json\.$/m);
  assert.match(result.stdout, /every brand stops on an error page/);
});

test('every problem of config.json at once, each with its path', () => {
  const broken = structuredClone(config);
  broken.pusher.wssPort = '443';
  broken.crypto.key = 'short';
  broken.allowedOrigins = ['javascript:alert(1)'];
  delete broken.remoteKeys.PRE8;
  const result = run(file('broken.json', broken));
  assert.equal(result.status, 1);
  const listed = result.stdout
    .split('\n')
    .filter((line) => line.startsWith('config.json: '))
    .map((line) => line.split(': ')[1]);
  assert.deepEqual(listed, ['crypto.key', 'pusher.wssPort', 'remoteKeys.PRE8', 'allowedOrigins[0]']);
  assert.match(result.stdout, /^4 problems in broken\.json\.$/m);
});

test("the host's checks across the files: a layout naming a theme config.json lacks, unsafe links; one brand stops, the others are served", () => {
  const [pre8, os39, ...others] = sites.sites;
  const badSites = {
    sites: [
      { ...pre8, layout: 'Acme', components: pre8.components.map((c, i) => (i === 0 ? { ...c, layout: 'Acme' } : c)) },
      { ...os39, promoLink: 'javascript:alert(1)', logo: 'data:image/svg+xml,x' },
      ...others,
    ],
  };
  const result = run(file('config.json', config), file('bad-sites.json', badSites));
  assert.equal(result.status, 1, result.stdout);
  assert.match(result.stdout, /^sites\.json: sites\[0\]\.layout: must be one of default, PRE8, OSAKA39$/m);
  assert.match(result.stdout, /^sites\.json: sites\[0\]\.components\[0\]\.layout: must be one of default, PRE8, OSAKA39$/m);
  assert.match(
    result.stdout,
    /^sites\.json: sites\[1\]\.logo: must be an absolute http\(s\) URL or a path on this origin such as \/logo\.svg \(site "os39"\)$/m,
  );
  assert.match(result.stdout, /^sites\.json: sites\[1\]\.promoLink: must be an absolute http\(s\) URL \(site "os39"\)$/m);
  assert.match(result.stdout, /These brands stop on an error page, the others are served: pre8, os39\./);
  // A theme the operator adds to config.json's remotes (with its keys) makes the same layout valid.
  const withAcme = {
    ...config,
    remotes: { ...config.remotes, Acme: 'https://acme.example/mf-manifest.json' },
    remoteKeys: { ...config.remoteKeys, Acme: [KEY] },
  };
  const fixed = run(file('acme-config.json', withAcme), file('acme-sites.json', { sites: [badSites.sites[0], os39, ...others] }));
  assert.equal(fixed.status, 0, fixed.stdout);
});

test('a file that is not JSON, or not the shape of the file, is a problem; one that cannot be read is a bad argument', async () => {
  const notJson = run(file('nope.json', '{"apiBase": '));
  assert.equal(notJson.status, 1);
  assert.match(notJson.stdout, /^config\.json: is not valid JSON \(/m);
  const notSites = await checkRuntimeFiles({ config, sites: { brands: [] } });
  assert.deepEqual(notSites.problems, [{ file: 'sites.json', field: 'sites', problem: 'must be an array' }]);
  const missing = run(path.join(dir, 'missing.json'));
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /cannot read .*missing\.json: no such file/);
  // From a checkout's root, a bare config.json is not there: the message names the demo's.
  const bare = spawnSync(process.execPath, [SCRIPT, 'config.json', 'sites.json'], { encoding: 'utf8', cwd: workspace });
  assert.equal(bare.status, 2);
  assert.match(
    bare.stderr,
    /cannot read config\.json: no such file \(the demo's is host\/public\/config\.json; a deployment's is the operator's own\)/,
  );
});

test("a site's flavour its theme does not have is refused (the site would wear base colours); one another theme of its pages lacks is a warning", async () => {
  const [pre8, ...others] = sites.sites;
  const { changeSiteEntry } = await importSharedCore('./schema/site-entries');
  const typo = { sites: [changeSiteEntry(pre8, { flavour: 'pre8-golld' }), ...others] };
  const result = run(file('config.json', config), file('typo-sites.json', typo));
  assert.equal(result.status, 1, result.stdout);
  assert.match(
    result.stdout,
    /^sites\.json: sites\[0\]\.css: names the flavour "pre8-golld", which theme PRE8 does not have \(its flavours: pre8-gold, mix-violet\): the site would wear PRE8's base colours$/m,
  );
  assert.match(result.stdout, /^These brands would wear their theme's base colours, not their flavour: pre8\.$/m);
  const colors = { theme: '#000000', background: '#ffffff' };
  const appColors = async (theme) =>
    theme === 'Gone' ? null : { light: colors, dark: colors, flavours: theme === 'PRE8' ? { 'pre8-gold': {} } : {} };
  const mixed = await checkFlavours(
    [changeSiteEntry(pre8, { pageThemes: { slot: 'default', fish: 'Gone' } }), changeSiteEntry(others[0], { flavour: '' })],
    appColors,
  );
  assert.deepEqual(mixed.problems, []);
  assert.deepEqual(mixed.warnings, [
    'sites.json: sites[0].css names the flavour "pre8-gold", which theme default does not have (it has none): that theme\'s pages of the site would wear default\'s base colours',
    "theme Gone: its flavours could not be read (its mf-manifest.json unreachable, or built before it stated its colours): its sites' flavours are not checked; give --remote-manifest=Gone=FILE",
  ]);
});

test('the two files given the other way round, or a sites.json alone, are named as such (exit 2)', () => {
  const swapped = run(file('sites.json', sites), file('config.json', config));
  assert.equal(swapped.status, 2, swapped.stdout);
  assert.match(
    swapped.stderr,
    /^check-config: the files look swapped: the first is a sites\.json and the second a config\.json; give config\.json first, then sites\.json$/m,
  );
  const alone = run(file('sites.json', sites));
  assert.equal(alone.status, 2);
  assert.match(alone.stderr, /the first file is a sites\.json: give config\.json first/);
  assert.equal(swappedFiles(config, config), 'both files are a config.json: the second must be the sites.json');
  assert.equal(swappedFiles(config, sites), null);
  assert.deepEqual([fileKind(config), fileKind(sites), fileKind([]), fileKind({ x: 1 })], ['config', 'sites', null, null]);
});

test('an https host whose socket port is a plain ws:// one is warned about; forceTLS, a wssPort or an http host are not', async () => {
  const socket = { ...config.pusher, wsHost: 'socket.operator.example', wsPort: 6001, forceTLS: false };
  delete socket.wssPort;
  const https = { ...config, apiBase: 'https://api.operator.example', pusher: socket };
  assert.deepEqual(socketWarnings(https), [
    'config.json: pusher: an https page opens its socket as wss://socket.operator.example:6001, the port given for plain ws:// (wsPort, no wssPort): the TLS handshake fails there and live updates stay off. Give the TLS port as wssPort (or set forceTLS with it).',
  ]);
  assert.equal(socketWarnings({ ...https, apiBase: '/' }, 'https://members.example.com').length, 1);
  assert.deepEqual(socketWarnings({ ...https, apiBase: 'http://localhost:3100' }, 'http://localhost:3000'), []);
  assert.deepEqual(socketWarnings({ ...https, pusher: { ...socket, wssPort: 6002 } }), []);
  assert.deepEqual(socketWarnings({ ...https, pusher: { ...socket, forceTLS: true } }), []);
  const result = run(file('https-config.json', https), file('sites.json', sites));
  assert.equal(result.status, 0, result.stdout);
  assert.match(result.stdout, /^warning: config\.json: pusher: an https page opens its socket as wss:\/\/socket\.operator\.example:6001/m);
});

test('the other origins the logos come from are shown', async () => {
  const [pre8, ...others] = sites.sites;
  const withCdn = { sites: [{ ...pre8, logo: 'https://cdn.brand.example/pre8.svg' }, ...others] };
  const { lines } = await checkFiles({
    config: file('config.json', config),
    sites: file('cdn-sites.json', withCdn),
    fetchImpl: async () => new Response('gone', { status: 404 }),
  });
  assert.ok(
    lines.includes("Logos on other origins (the page's policy lets images come from them, img-src): https://cdn.brand.example"),
    lines.join('\n'),
  );
});

test('the command line: --help exits 0, anything else it cannot run with exits 2 with the usage', () => {
  const help = run('--help');
  assert.equal(help.status, 0);
  assert.match(
    help.stdout,
    /^Usage: npm run check-config -- <config\.json> \[<sites\.json>\] \[--remote-manifest=THEME=FILE \.\.\.\] \[--host-origin=ORIGIN\]/,
  );
  for (const args of [[], ['--bogus', 'a.json'], ['a.json', 'b.json', 'c.json']]) {
    const result = run(...args);
    assert.equal(result.status, 2, args.join(' '));
    assert.match(result.stderr, /Usage: npm run check-config/, args.join(' '));
  }
  assert.deepEqual(parseCheckArgs(['c.json', 's.json']), { help: false, config: 'c.json', sites: 's.json', remoteManifests: {} });
  assert.deepEqual(parseCheckArgs(['c.json', '--remote-manifest=PRE8=m.json', '--host-origin=https://members.example.com/']), {
    help: false,
    config: 'c.json',
    sites: undefined,
    remoteManifests: { PRE8: 'm.json' },
    hostOrigin: 'https://members.example.com',
  });
  assert.throws(() => parseCheckArgs(['c.json', '--remote-manifest=PRE8']), /give THEME=FILE/);
  assert.throws(() => parseCheckArgs(['c.json', '--host-origin=members.example.com']), /give an origin like/);
  assert.throws(() => parseCheckArgs([]), UsageError);
});

test("the config.json docs/deploy.md gives as the operator's example is one the host accepts", async () => {
  const doc = readFileSync(path.join(workspace, 'docs', 'deploy.md'), 'utf8');
  const example = /^## Pointing `\/config\.json` at the operator\n+```json\n([^]*?)\n```/m.exec(doc)?.[1];
  assert.ok(example, 'the example is in docs/deploy.md');
  assert.deepEqual((await checkRuntimeFiles({ config: JSON.parse(example), sites })).problems, []);
});

test("docs/configuration.md's example prints what the guide shows", () => {
  const readme = readFileSync(path.join(workspace, 'docs', 'configuration.md'), 'utf8');
  const shown = /npm run check-config -- host\/public\/config\.json sites\.json\n```[^]*?\n```\n([^]*?)\n```/.exec(readme)?.[1];
  assert.ok(shown, 'the example output is in docs/configuration.md');
  const result = spawnSync(process.execPath, [SCRIPT, 'host/public/config.json', 'sites.json'], { encoding: 'utf8', cwd: workspace });
  assert.equal(result.status, 1);
  assert.equal(result.stdout.trimEnd(), shown);
});
