import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importSharedCore } from './shared-core.mjs';
import {
  chooseSite,
  devConfig,
  devRuntimeFiles,
  devSites,
  hostDevMiddleware,
  otherRemotes,
  parseDevArgs,
  reloadSocketOrigins,
} from './dev.mjs';
import { WORKSPACE_ROOT } from './serve.mjs';
import { CSP_NONCE_PLACEHOLDER } from './csp.mjs';

const [{ validateSitesFile }, { changeSiteEntry, siteEntryDrawnBy }] = await Promise.all([
  importSharedCore('./schema/config'),
  importSharedCore('./schema/site-entries'),
]);

const sitesFile = JSON.parse(readFileSync(path.join(WORKSPACE_ROOT, 'sites.json'), 'utf8'));
const template = JSON.parse(readFileSync(path.join(WORKSPACE_ROOT, 'host', 'public', 'config.json'), 'utf8'));
const PORTS = { host: 4800, remoteDefault: 4801, remotePre8: 4802, remoteOsaka39: 4803, sim: 4900, simAuth: 4901 };

test("--theme names the remote, --site the site; both spellings of a flag, and npm's `--`", () => {
  assert.deepEqual(parseDevArgs(['--theme', 'remote-pre8']), { help: false, theme: 'remote-pre8', site: undefined });
  assert.deepEqual(parseDevArgs(['--', '--theme=remote-acme', '--site', 'bkmc']), { help: false, theme: 'remote-acme', site: 'bkmc' });
  assert.deepEqual(parseDevArgs(['--help']), { help: true });
  assert.deepEqual(parseDevArgs(['-h', '--theme', 'x']), { help: true });
});

test('a missing --theme, an unknown flag, a stray word or an empty --site is refused with the usage', () => {
  for (const argv of [
    [],
    ['--site', 'pre8'],
    ['--theme', 'remote-pre8', '--port', '1'],
    ['remote-pre8'],
    ['--theme', 'remote-pre8', 'extra'],
    ['--theme', 'remote-pre8', '--site='],
  ]) {
    assert.throws(() => parseDevArgs(argv), /usage: npm run dev -- --theme <dir>/, argv.join(' '));
  }
  assert.throws(() => parseDevArgs(['--site', 'pre8']), /name the theme remote to work on/);
});

test('the site: the one asked for, else the first whose layout is the theme, else the first', () => {
  assert.equal(chooseSite(sitesFile, 'PRE8', 'sm88'), 'sm88');
  assert.equal(chooseSite(sitesFile, 'PRE8'), 'pre8');
  assert.equal(chooseSite(sitesFile, 'OSAKA39'), 'os39');
  assert.equal(chooseSite(sitesFile, 'default'), 'bkmc');
  // A theme no site uses yet (a new one): the first site.
  assert.equal(chooseSite(sitesFile, 'Acme'), sitesFile.sites[0].key);
  assert.throws(
    () => chooseSite(sitesFile, 'PRE8', 'nope'),
    /--site nope is not a site of sites\.json; the sites are: pre8, os39, bkmc, ufkk, sm88/,
  );
  assert.throws(() => chooseSite({ sites: [] }, 'PRE8'), /sites\.json lists no site/);
});

test('the served sites.json draws the chosen site in the theme on every page, and leaves the rest as written', () => {
  const before = JSON.stringify(sitesFile);
  const served = devSites(sitesFile, { site: 'sm88', theme: 'Acme' });
  const sm88 = served.sites.find((site) => site.key === 'sm88');
  const written = sitesFile.sites.find((site) => site.key === 'sm88');
  const checked = validateSitesFile({ sites: [sm88] });
  assert.ok(checked.ok && checked.value.sites.length === 1, 'the served entry is one the host takes');
  const [shown] = checked.value.sites;
  assert.equal(shown.theme, 'Acme');
  assert.ok(Object.values(shown.pages).every((page) => page.theme === 'Acme' && page.frameTheme === 'Acme'));
  // The entry writer's own rewrite (its frames where the page had one, every other field as written: its unit test).
  assert.deepEqual(sm88, siteEntryDrawnBy(written, 'Acme'));
  assert.deepEqual(
    served.sites.filter((site) => site.key !== 'sm88'),
    sitesFile.sites.filter((site) => site.key !== 'sm88'),
  );
  assert.equal(JSON.stringify(sitesFile), before, 'the file as read is not changed');
});

test("the served config.json points the theme at its dev server and lists the dev key first, keeping the file's", () => {
  const config = { ...template, remoteKeys: { PRE8: ['OLD', 'DEV'], default: ['D'] } };
  const before = JSON.stringify(config);
  const served = devConfig(config, { theme: 'PRE8', manifestUrl: 'http://localhost:4802/mf-manifest.json', publicKey: 'DEV' });
  assert.equal(served.remotes.PRE8, 'http://localhost:4802/mf-manifest.json');
  assert.equal(served.remotes.default, template.remotes.default);
  assert.deepEqual(served.remoteKeys, { PRE8: ['DEV', 'OLD'], default: ['D'] });
  assert.equal(JSON.stringify(config), before, 'the config as read is not changed');
  // A theme the file does not name yet, and a file without keys.
  const added = devConfig(template, { theme: 'Acme', manifestUrl: 'http://localhost:4804/mf-manifest.json', publicKey: 'A' });
  assert.equal(added.remotes.Acme, 'http://localhost:4804/mf-manifest.json');
  assert.deepEqual(added.remoteKeys, { Acme: ['A'] });
});

test("the reload sockets: the host dev server's and the theme's, on each name the page is opened under", () => {
  assert.deepEqual(reloadSocketOrigins(['http://localhost:4800', 'http://127.0.0.1:4800'], 4802), [
    'ws://localhost:4800',
    'ws://localhost:4802',
    'ws://127.0.0.1:4800',
    'ws://127.0.0.1:4802',
  ]);
  assert.deepEqual(reloadSocketOrigins(['https://demo.lan'], 4802), ['wss://demo.lan', 'wss://demo.lan:4802']);
});

test('other remotes: served from their builds; the default theme built first when it has none; others left out', () => {
  const remotes = [
    { dir: 'remote-default', theme: 'default' },
    { dir: 'remote-pre8', theme: 'PRE8' },
    { dir: 'remote-osaka39', theme: 'OSAKA39' },
  ];
  const names = (plan) => Object.fromEntries(Object.entries(plan).map(([key, list]) => [key, list.map(({ dir }) => dir)]));
  assert.deepEqual(names(otherRemotes(remotes, 'remote-pre8', () => true)), {
    serve: ['remote-default', 'remote-osaka39'],
    build: [],
    missing: [],
  });
  assert.deepEqual(names(otherRemotes(remotes, 'remote-pre8', () => false)), {
    serve: ['remote-default'],
    build: ['remote-default'],
    missing: ['remote-osaka39'],
  });
  // The default theme in dev is not built: its dev server stands in.
  assert.deepEqual(names(otherRemotes(remotes, 'remote-default', () => false)), {
    serve: [],
    build: [],
    missing: ['remote-pre8', 'remote-osaka39'],
  });
});

/** A deployment's two run-time files in a scratch folder. */
function scratchFiles(t) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dev-files-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const configFile = path.join(dir, 'config.json');
  const sitesPath = path.join(dir, 'sites.json');
  writeFileSync(configFile, JSON.stringify(template));
  writeFileSync(sitesPath, JSON.stringify(sitesFile));
  return { configFile, sitesFile: sitesPath };
}

test("the served files: the demo server's ports and keys, then the theme on its dev server and the site in it; the files on disk untouched", (t) => {
  const files = scratchFiles(t);
  const written = { config: readFileSync(files.configFile, 'utf8'), sites: readFileSync(files.sitesFile, 'utf8') };
  const read = devRuntimeFiles({
    ...files,
    ports: PORTS,
    theme: 'PRE8',
    themeUrl: 'http://localhost:4802',
    publicKey: 'DEVKEY',
    site: 'bkmc',
  });
  const { files: served } = read();
  const config = served['/config.json'];
  assert.equal(config.apiBase, 'http://localhost:4900');
  assert.equal(config.remotes.PRE8, 'http://localhost:4802/mf-manifest.json');
  assert.equal(config.remotes.default, 'http://localhost:4801/mf-manifest.json');
  assert.equal(config.remoteKeys.PRE8[0], 'DEVKEY');
  const bkmc = served['/sites.json'].sites.find((site) => site.key === 'bkmc');
  assert.equal(bkmc.layout, 'PRE8');
  assert.equal(
    served['/sites.json'].sites.find((site) => site.key === 'pre8').promoLink.startsWith('http://localhost:4900'),
    true,
    'promotion links follow the ports',
  );
  assert.equal(readFileSync(files.configFile, 'utf8'), written.config);
  assert.equal(readFileSync(files.sitesFile, 'utf8'), written.sites);

  // An edit of the file shows on the next answer, still rewritten.
  writeFileSync(
    files.sitesFile,
    JSON.stringify({ sites: sitesFile.sites.map((site) => (site.key === 'bkmc' ? changeSiteEntry(site, { name: 'Edited' }) : site)) }),
  );
  const again = validateSitesFile(read().files['/sites.json']).value.sites.find((site) => site.key === 'bkmc');
  assert.deepEqual([again.brand.name, again.theme], ['Edited', 'PRE8']);
});

/** The middleware on a real server, with a stand-in for Rsbuild's dev server serving `html`. */
async function middlewareServer(t, { html, runtimeFiles }) {
  const middleware = hostDevMiddleware({
    runtimeFiles,
    socketOrigins: ['ws://localhost:4800', 'ws://localhost:4802'],
    server: { environments: { web: { getTransformedHtml: async (entry) => (entry === 'index' ? html : '') } } },
  });
  const server = http.createServer((req, res) =>
    middleware(req, res, () => {
      res.writeHead(404);
      res.end('passed on');
    }),
  );
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${server.address().port}`;
}

test('the host dev server answers the run-time files and the page with a fresh nonce its policy names, and passes the rest on', async (t) => {
  const files = scratchFiles(t);
  const runtimeFiles = devRuntimeFiles({
    ...files,
    ports: PORTS,
    theme: 'PRE8',
    themeUrl: 'http://localhost:4802',
    publicKey: 'DEVKEY',
    site: 'pre8',
  });
  const inline = 'window.early = 1;';
  const page = (nonce) =>
    `<!doctype html><html><head><script nonce="${nonce}">${inline}</script><script src="/static/js/index.js"></script></head><body></body></html>`;
  const html = page(CSP_NONCE_PLACEHOLDER);
  const base = await middlewareServer(t, { html, runtimeFiles });

  const config = await fetch(`${base}/config.json`);
  assert.equal(config.headers.get('cache-control'), 'no-cache');
  assert.equal((await config.json()).remotes.PRE8, 'http://localhost:4802/mf-manifest.json');
  assert.equal((await (await fetch(`${base}/sites.json`)).json()).sites.find((site) => site.key === 'pre8').layout, 'PRE8');

  const answer = await fetch(`${base}/login?prefix=pre8`, { headers: { accept: 'text/html' } });
  const body = await answer.text();
  const nonce = /nonce="([^"]+)"/.exec(body)?.[1];
  assert.ok(nonce && nonce !== CSP_NONCE_PLACEHOLDER);
  assert.equal(body, page(nonce));
  const policy = answer.headers.get('content-security-policy');
  const directive = (name) =>
    policy
      .split('; ')
      .find((item) => item.startsWith(`${name} `))
      .split(' ')
      .slice(1);
  assert.ok(directive('script-src').includes(`'nonce-${nonce}'`), "the inline early start, by this answer's nonce");
  assert.ok(directive('script-src').includes('http://localhost:4802'), "the theme's dev server");
  assert.ok(directive('connect-src').includes('ws://localhost:4802'), "the theme's reload socket");
  assert.ok(directive('connect-src').includes('ws://localhost:4800'), "the host's reload socket");
  assert.equal(directive('script-src').includes("'unsafe-eval'") || directive('style-src').includes("'unsafe-inline'"), false);
  assert.equal(answer.headers.get('x-frame-options'), 'DENY');
  const again = await fetch(`${base}/login?prefix=pre8`, { headers: { accept: 'text/html' } });
  assert.notEqual(/nonce="([^"]+)"/.exec(await again.text())?.[1], nonce);

  // Files of the build, and what is not a page, are Rsbuild's.
  assert.equal(await (await fetch(`${base}/static/js/index.js`)).text(), 'passed on');
  assert.equal(await (await fetch(`${base}/login`, { headers: { accept: 'application/json' } })).text(), 'passed on');
});

/** Ports nothing listens on now, one per name. */
async function freePorts(names) {
  const servers = await Promise.all(
    names.map(
      () =>
        new Promise((resolve) => {
          const server = net.createServer().listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return Object.fromEntries(names.map((name, index) => [name, String(ports[index])]));
}

const DEV = path.join(WORKSPACE_ROOT, 'scripts', 'dev.mjs');

test('a taken port stops the start in one line naming it and its variable, before anything is started or made', async (t) => {
  const env = await freePorts(['HOST_PORT', 'REMOTE_DEFAULT_PORT', 'REMOTE_PRE8_PORT', 'REMOTE_OSAKA39_PORT', 'SIM_PORT', 'SIM_AUTH_PORT']);
  const taken = net.createServer();
  await new Promise((resolve) => taken.listen(Number(env.REMOTE_PRE8_PORT), resolve));
  t.after(() => new Promise((resolve) => taken.close(resolve)));
  const run = spawnSync(process.execPath, [DEV, '--theme', 'remote-pre8'], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 30_000,
  });
  assert.equal(run.status, 1, run.stderr);
  assert.equal(
    run.stderr,
    `dev: already in use: port ${env.REMOTE_PRE8_PORT} (remote-pre8, env REMOTE_PRE8_PORT). Stop what listens there or choose other ports.\n`,
  );
  assert.equal(run.stdout, '');
});

test('--help prints the usage; a bad command line, an unknown theme or site exits 2 with a reason', () => {
  const help = spawnSync(process.execPath, [DEV, '--help'], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^usage: npm run dev -- --theme <dir> \[--site <prefix>\]/);
  const bad = spawnSync(process.execPath, [DEV, '--theme'], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^dev: .*--theme/);
  const unknown = spawnSync(process.execPath, [DEV, '--theme', 'remote-nope'], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(unknown.status, 2);
  assert.match(
    unknown.stderr,
    /^dev: remote-nope is not a theme remote of the workspace; the remotes are: remote-default, remote-pre8, remote-osaka39\n$/,
  );
  const site = spawnSync(process.execPath, [DEV, '--theme', 'remote-pre8', '--site', 'nope'], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(site.status, 2);
  assert.match(site.stderr, /^dev: --site nope is not a site of sites\.json; the sites are: pre8, os39, bkmc, ufkk, sm88\n$/);
});
