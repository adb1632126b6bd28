import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkRuntimeFiles, parseCheckArgs, UsageError } from './check-config.mjs';

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

const run = (...args) => spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8', cwd: dir });

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
  const listed = result.stdout.split('\n').filter((line) => line.startsWith('config.json: ')).map((line) => line.split(': ')[1]);
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
  assert.match(result.stdout, /^sites\.json: sites\[1\]\.logo: must be an absolute http\(s\) URL or a path on this origin such as \/logo\.svg \(site "os39"\)$/m);
  assert.match(result.stdout, /^sites\.json: sites\[1\]\.promoLink: must be an absolute http\(s\) URL \(site "os39"\)$/m);
  assert.match(result.stdout, /These brands stop on an error page, the others are served: pre8, os39\./);
  // A theme the operator adds to config.json's remotes (with its keys) makes the same layout valid.
  const withAcme = { ...config, remotes: { ...config.remotes, Acme: 'https://acme.example/mf-manifest.json' }, remoteKeys: { ...config.remoteKeys, Acme: [KEY] } };
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
});

test('the command line: --help exits 0, anything else it cannot run with exits 2 with the usage', () => {
  const help = run('--help');
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^Usage: npm run check-config -- <config\.json> \[<sites\.json>\]/);
  for (const args of [[], ['--bogus', 'a.json'], ['a.json', 'b.json', 'c.json']]) {
    const result = run(...args);
    assert.equal(result.status, 2, args.join(' '));
    assert.match(result.stderr, /Usage: npm run check-config/, args.join(' '));
  }
  assert.deepEqual(parseCheckArgs(['c.json', 's.json']), { help: false, config: 'c.json', sites: 's.json' });
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
