import { spawnSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_PORTS,
  WORKSPACE_ROOT as WORKSPACE,
  banner,
  hostOrigins,
  makeRuntimeConfig,
  parseServeArgs,
  portsFromEnv,
  remapLocalUrls,
  simulatorEnv,
  startAll,
} from './serve.mjs';
import { countPlaywright, countVitest, coverageNote, failedPlaywright, failedVitest } from './test.mjs';

const workspace = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const template = JSON.parse(readFileSync(path.join(workspace, 'host', 'public', 'config.json'), 'utf8'));

test('the generated config follows the ports in use', () => {
  const ports = { host: 4000, remoteDefault: 4001, remotePre8: 4002, remoteOsaka39: 4003, sim: 4100, simAuth: 4101 };
  const config = makeRuntimeConfig(template, ports);
  assert.equal(config.apiBase, 'http://localhost:4100');
  assert.equal(config.broadcastAuthBase, 'http://localhost:4101');
  assert.equal(config.pusher.wsPort, 4100);
  assert.deepEqual(config.remotes, {
    default: 'http://localhost:4001/mf-manifest.json',
    PRE8: 'http://localhost:4002/mf-manifest.json',
    OSAKA39: 'http://localhost:4003/mf-manifest.json',
  });
  assert.deepEqual(config.allowedOrigins, ['http://localhost:4100']);
  assert.deepEqual(config.crypto, template.crypto);
  assert.equal(config.rootRedirect, template.rootRedirect);
  const { remoteKeys: _keys, ...asWritten } = makeRuntimeConfig(template, DEFAULT_PORTS);
  assert.deepEqual(asWritten, template);
});

test("the served config lists each workspace remote's public release keys for the themes served from it", () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'serve-keys-'));
  for (const [dir, keys] of [
    ['remote-default', 'KEY-D\n'],
    ['remote-pre8', 'KEY-P\n'],
  ]) {
    mkdirSync(path.join(scratch, dir, 'release-key'), { recursive: true });
    writeFileSync(path.join(scratch, dir, 'release-key', 'public.txt'), keys);
  }
  writeFileSync(path.join(scratch, 'remote-pre8', 'release-key', 'previous.txt'), 'KEY-OLD\n');
  for (const [dir, port] of [
    ['remote-default', 3001],
    ['remote-pre8', 3002],
    ['remote-osaka39', 3003],
  ]) {
    writeFileSync(
      path.join(scratch, dir === 'remote-osaka39' ? (mkdirSync(path.join(scratch, dir)), dir) : dir, 'package.json'),
      JSON.stringify({ memberTheme: { name: dir, port } }),
    );
  }
  writeFileSync(path.join(scratch, 'pnpm-workspace.yaml'), "packages:\n  - 'remote-*'\n");
  const served = makeRuntimeConfig(
    { ...template, remotes: { ...template.remotes, Acme: template.remotes.PRE8 }, remoteKeys: { OSAKA39: ['OWN'] } },
    DEFAULT_PORTS,
    scratch,
  );
  // The pre8 remote serves PRE8 and Acme; its rotated-out key is still accepted; a key the file lists stays.
  assert.deepEqual(served.remoteKeys, { default: ['KEY-D'], PRE8: ['KEY-P', 'KEY-OLD'], Acme: ['KEY-P', 'KEY-OLD'], OSAKA39: ['OWN'] });
  rmSync(scratch, { recursive: true, force: true });
});

test('ports come from the environment', () => {
  assert.deepEqual(portsFromEnv({}), DEFAULT_PORTS);
  assert.equal(portsFromEnv({ HOST_PORT: '4000', SIM_AUTH_PORT: '4101' }).host, 4000);
  assert.equal(portsFromEnv({ HOST_PORT: '4000', SIM_AUTH_PORT: '4101' }).simAuth, 4101);
  assert.throws(() => portsFromEnv({ SIM_PORT: 'x' }), /SIM_PORT=x/);
  assert.throws(() => portsFromEnv({ REMOTE_PRE8_PORT: '70000' }), /REMOTE_PRE8_PORT/);
});

test('flags', () => {
  const { options, flags } = parseServeArgs([
    '--no-build',
    '--no-sim',
    '--root-host=/a',
    '--dist-root=/d',
    '--log-requests',
    '--api-same-origin',
  ]);
  assert.equal(options.apiSameOrigin, true);
  assert.equal(parseServeArgs([]).options.apiSameOrigin, undefined);
  assert.equal(flags.noBuild, true);
  assert.equal(options.sim, false);
  assert.equal(options.roots.host, '/a');
  assert.equal(options.distRoot, '/d');
  assert.equal(options.logRequests, true);
  assert.throws(() => parseServeArgs(['--nope']), /Unknown option '--nope'[^]*usage: node scripts\/serve\.mjs/);
});

test('flags: a root per theme remote, help, a value after a space; empty values, stray words and values on switches refused', () => {
  const { options, flags } = parseServeArgs(['--root-remote-pre8=/p', '--root-remote-default', '/d', '--dist-root', '/all']);
  assert.deepEqual(options, { roots: { remotePre8: '/p', remoteDefault: '/d' }, distRoot: '/all' });
  assert.deepEqual(flags, {});
  for (const help of ['--help', '-h', '--h']) assert.equal(parseServeArgs([help]).flags.help, true, help);
  assert.deepEqual(parseServeArgs(['--no-build', '--open'], ['open']).flags, { open: true, noBuild: true });
  assert.throws(() => parseServeArgs(['--open']), /Unknown option '--open'/);
  assert.throws(() => parseServeArgs(['--root-host=']), /--root-host needs a value/);
  assert.throws(() => parseServeArgs(['--dist-root']), /'--dist-root <value>' argument missing/);
  assert.throws(() => parseServeArgs(['--dist-root', '--no-sim']), /'--dist-root' argument is ambiguous/);
  assert.throws(() => parseServeArgs(['--no-sim=yes']), /'--no-sim' does not take an argument/);
  assert.throws(() => parseServeArgs(['build']), /Unexpected argument 'build'/);
  assert.throws(
    () => parseServeArgs(['--root-nope=/x']),
    (error) => error.code === 'EUSAGE' && /Unknown option '--root-nope'/.test(error.message),
  );
});

test("test counts from the runners' JSON reports; a missing report counts nothing", () => {
  assert.deepEqual(countVitest({ numPassedTests: 40, numFailedTests: 2, numPendingTests: 1 }), { passed: 40, failed: 2 });
  assert.deepEqual(countVitest(null), { passed: 0, failed: 0 });
  assert.deepEqual(countPlaywright({ stats: { expected: 25, unexpected: 1, flaky: 2, skipped: 0 } }), { passed: 27, failed: 1, flaky: 2 });
  assert.deepEqual(countPlaywright(null), { passed: 0, failed: 0, flaky: 0 });
});

test("the failed tests by name, each with its error's first lines, from the same reports; none when all passed", () => {
  const playwright = {
    suites: [
      {
        title: 'tests/wallet.spec.ts',
        specs: [
          {
            title: 'a deposit shows',
            file: 'tests/wallet.spec.ts',
            line: 12,
            tests: [{ projectName: 'pre8', status: 'expected', results: [{ status: 'passed' }] }],
          },
        ],
        suites: [
          {
            title: 'withdraw',
            specs: [
              {
                title: 'a lost reply is asked again',
                file: 'tests/wallet.spec.ts',
                line: 40,
                tests: [
                  {
                    projectName: 'sm88',
                    status: 'unexpected',
                    results: [
                      {
                        status: 'failed',
                        errors: [
                          {
                            message:
                              '\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: x\n    at tests/wallet.spec.ts:41:3',
                          },
                        ],
                      },
                    ],
                  },
                  { projectName: 'pre8', status: 'flaky', results: [{ status: 'failed' }, { status: 'passed' }] },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
  assert.deepEqual(failedPlaywright(playwright), [
    '[sm88] tests/wallet.spec.ts:40 › withdraw › a lost reply is asked again: Error: expect(locator).toBeVisible() failed\n    Locator: x',
  ]);
  const vitest = {
    testResults: [
      {
        name: path.join('/repo', 'host/src/a.test.ts'),
        assertionResults: [
          { status: 'passed', fullName: 'a works' },
          { status: 'failed', fullName: 'a refuses', failureMessages: ['AssertionError: expected 1 to be 2\n    at x (a.test.ts:3:5)'] },
          { status: 'failed', fullName: 'a waits', failureMessages: ['Error: STACK_TRACE_ERROR\n    at y (a.test.ts:9:3)'] },
        ],
      },
    ],
  };
  assert.deepEqual(failedVitest(vitest, '/repo'), [
    'host/src/a.test.ts › a refuses: AssertionError: expected 1 to be 2',
    'host/src/a.test.ts › a waits: Error: timed out (the test or one of its hooks ran past its timeout)',
  ]);
  assert.deepEqual(failedPlaywright(null), []);
  assert.deepEqual(failedVitest(null), []);
});

test("the unit stage's coverage line from vitest's json-summary; none without one", () => {
  const summary = { total: { lines: { pct: 86.41 }, statements: { pct: 84.5 }, branches: { pct: 79.66 }, functions: { pct: 83.8 } } };
  assert.equal(coverageNote(summary), 'coverage: lines 86.4%, branches 79.7%, functions 83.8%');
  assert.equal(coverageNote(null), '');
});

test("npm test's command line: --help prints the stages; an unknown flag, word or stage exits 2 with the usage, running nothing", () => {
  const script = path.join(import.meta.dirname, 'test.mjs');
  const help = spawnSync(process.execPath, [script, '--help'], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(help.status, 0, help.stderr);
  assert.equal(
    help.stdout,
    'usage: node scripts/test.mjs [--only=stage,...] [--skip=stage,...] [--coverage] [--help]; stages: install lint typecheck unit build e2e\n',
  );
  for (const [args, message] of [
    [['--nope'], /Unknown option '--nope'/],
    [['unit'], /Unexpected argument 'unit'/],
    [['--only=unti'], /unknown stage unti/],
  ]) {
    const run = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 20_000 });
    assert.equal(run.status, 2, args.join(' '));
    assert.match(run.stderr, message);
    assert.match(run.stderr, /usage: node scripts\/test\.mjs/);
    assert.equal(run.stdout, '');
  }
});

async function freePorts(count) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve) => {
          const server = net.createServer().listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      })
      .on('error', reject);
  });
}

function getWithOrigin(url, origin) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { origin } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers }));
      })
      .on('error', reject);
  });
}

let distRoot;
before(() => {
  distRoot = mkdtempSync(path.join(tmpdir(), 'serve-test-'));
  for (const pkg of ['host', 'remote-default', 'remote-pre8', 'remote-osaka39']) {
    mkdirSync(path.join(distRoot, pkg, 'dist'), { recursive: true });
    writeFileSync(path.join(distRoot, pkg, 'dist', 'index.html'), `<title>${pkg}</title>`);
    if (pkg !== 'host') writeFileSync(path.join(distRoot, pkg, 'dist', 'mf-manifest.json'), `{"name":"${pkg}"}`);
  }
  writeFileSync(
    path.join(distRoot, 'sites.json'),
    // The workspace's pre8 alone.
    JSON.stringify({
      sites: JSON.parse(readFileSync(new URL('../sites.json', import.meta.url), 'utf8')).sites.filter((s) => s.key === 'pre8'),
    }),
  );
});
after(() => rmSync(distRoot, { recursive: true, force: true }));

test('startAll serves the four folders with the generated config, and stop() frees the ports', async () => {
  const [host, remoteDefault, remotePre8, remoteOsaka39, sim, simAuth] = await freePorts(6);
  const ports = { host, remoteDefault, remotePre8, remoteOsaka39, sim, simAuth };
  const running = await startAll({ sim: false, ports, distRoot, sitesFile: path.join(distRoot, 'sites.json'), log: () => {}, env: {} });
  try {
    const config = JSON.parse((await get(`http://127.0.0.1:${host}/config.json`)).body);
    assert.equal(config.apiBase, `http://localhost:${sim}`);
    assert.equal(config.remotes.PRE8, `http://localhost:${remotePre8}/mf-manifest.json`);
    const route = await get(`http://127.0.0.1:${host}/deposit?prefix=pre8`);
    assert.match(route.body, /<title>host<\/title>/);
    // The served sites.json follows the ports too: the promotion page is on the simulator in use.
    const served = JSON.parse((await get(`http://127.0.0.1:${host}/sites.json`)).body);
    assert.equal(served.sites[0].promoLink, `http://localhost:${sim}/promo/pre8`);
    // The host's page carries the policy for the config and sites in use, for its brand: its promotion may be framed.
    assert.match(route.headers['content-security-policy'], new RegExp(`script-src 'self' http://localhost:${remoteDefault} `));
    assert.match(route.headers['content-security-policy'], new RegExp(`frame-src http://localhost:${sim};`));
    // A page of no brand frames nothing.
    assert.match(running.contentSecurityPolicy, /frame-src 'none';/);
    assert.equal((await get(`http://127.0.0.1:${host}/deposit`)).headers['content-security-policy'], running.contentSecurityPolicy);
    // The remotes answer CORS to the host's origins only.
    const manifest = await getWithOrigin(`http://127.0.0.1:${remoteOsaka39}/mf-manifest.json`, `http://127.0.0.1:${host}`);
    assert.equal(manifest.headers['access-control-allow-origin'], `http://127.0.0.1:${host}`);
    const foreign = await getWithOrigin(`http://127.0.0.1:${remoteOsaka39}/mf-manifest.json`, 'https://evil.example');
    assert.equal(foreign.headers['access-control-allow-origin'], undefined);
    assert.equal((await get(`http://127.0.0.1:${remoteOsaka39}/deposit`)).status, 404);
    assert.deepEqual(running.sites, [{ key: 'pre8', name: 'PRE8', url: `http://localhost:${host}/login?prefix=pre8` }]);
    // Loopback only unless SERVE_HOST says otherwise.
    assert.deepEqual(Object.keys(running.addresses).sort(), ['host', 'remoteDefault', 'remoteOsaka39', 'remotePre8']);
    for (const [id, addresses] of Object.entries(running.addresses)) {
      assert.equal(addresses[0], '127.0.0.1', id);
      assert.ok(
        addresses.every((address) => address === '127.0.0.1' || address === '::1'),
        `${id}: ${addresses}`,
      );
    }
    assert.match(banner(running), new RegExp(`PRE8\\s+http://localhost:${host}/login\\?prefix=pre8`));

    await assert.rejects(startAll({ sim: false, ports, distRoot, log: () => {}, env: {} }), (error) => {
      assert.equal(error.code, 'EADDRINUSE');
      assert.match(error.message, new RegExp(`port ${host} \\(host, env HOST_PORT\\)`));
      return true;
    });
  } finally {
    await running.stop();
  }
  await assert.rejects(get(`http://127.0.0.1:${host}/`), /ECONNREFUSED/);
});

test('the host page is read at every answer, with a fresh nonce its policy names: a rebuild is served at once, under the same policy', async () => {
  const [host, remoteDefault, remotePre8, remoteOsaka39, sim, simAuth] = await freePorts(6);
  const ports = { host, remoteDefault, remotePre8, remoteOsaka39, sim, simAuth };
  const root = mkdtempSync(path.join(tmpdir(), 'serve-rebuild-'));
  for (const pkg of ['host', 'remote-default', 'remote-pre8', 'remote-osaka39']) {
    mkdirSync(path.join(root, pkg, 'dist'), { recursive: true });
    if (pkg !== 'host') writeFileSync(path.join(root, pkg, 'dist', 'mf-manifest.json'), `{"name":"${pkg}"}`);
  }
  const page = (build) =>
    `<!doctype html><head><script nonce="member-csp-nonce">start(${JSON.stringify(build)})</script></head><body></body>`;
  writeFileSync(path.join(root, 'host', 'dist', 'index.html'), page('/static/js/index.1111aaaa.js'));
  const running = await startAll({
    sim: false,
    ports,
    distRoot: root,
    sitesFile: path.join(distRoot, 'sites.json'),
    log: () => {},
    env: {},
  });
  const nonceOf = (answer) => /<script nonce="([^"]+)">/.exec(answer.body)?.[1];
  try {
    const first = await get(`http://127.0.0.1:${host}/login?prefix=pre8`);
    assert.match(first.body, /index\.1111aaaa\.js/);
    assert.match(
      first.headers['content-security-policy'],
      new RegExp(`script-src 'self' 'nonce-${nonceOf(first).replace(/[+/]/g, '\\$&')}'`),
    );
    assert.equal(first.headers.etag, undefined, 'no validator: a 304 would keep an old nonce under a new policy');
    // A rebuild of the host (a changed entry), the server left running: its page at once, its inline script allowed.
    writeFileSync(path.join(root, 'host', 'dist', 'index.html'), page('/static/js/index.2222bbbb.js'));
    const rebuilt = await get(`http://127.0.0.1:${host}/login?prefix=pre8`);
    assert.match(rebuilt.body, /index\.2222bbbb\.js/);
    assert.notEqual(nonceOf(rebuilt), nonceOf(first));
    assert.ok(rebuilt.headers['content-security-policy'].includes(`'nonce-${nonceOf(rebuilt)}'`));
  } finally {
    await running.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

test("the deployment's sites.json and config.json are read when served: an edit shows on the next request, no restart", async () => {
  const [host, remoteDefault, remotePre8, remoteOsaka39, sim, simAuth] = await freePorts(6);
  const ports = { host, remoteDefault, remotePre8, remoteOsaka39, sim, simAuth };
  const folder = mkdtempSync(path.join(tmpdir(), 'serve-runtime-'));
  const sitesFile = path.join(folder, 'sites.json');
  const configFile = path.join(folder, 'config.json');
  const template = JSON.parse(readFileSync(path.join(WORKSPACE, 'host', 'public', 'config.json'), 'utf8'));
  writeFileSync(sitesFile, JSON.stringify({ sites: [{ key: 'pre8', promoLink: 'http://localhost:3100/promo/pre8' }] }));
  writeFileSync(configFile, JSON.stringify(template));
  const running = await startAll({ sim: false, ports, distRoot, sitesFile, configFile, log: () => {}, env: {} });
  try {
    const before = await get(`http://127.0.0.1:${host}/login`);
    assert.doesNotMatch(before.headers['content-security-policy'], /acme\.example/);
    writeFileSync(sitesFile, JSON.stringify({ sites: [{ key: 'acme', promoLink: 'http://localhost:3100/promo/acme' }] }));
    writeFileSync(
      configFile,
      JSON.stringify({ ...template, remotes: { ...template.remotes, Acme: 'https://acme.example/mf-manifest.json' } }),
    );
    const sites = JSON.parse((await get(`http://127.0.0.1:${host}/sites.json`)).body);
    assert.deepEqual(sites.sites, [{ key: 'acme', promoLink: `http://localhost:${sim}/promo/acme` }]);
    const config = JSON.parse((await get(`http://127.0.0.1:${host}/config.json`)).body);
    assert.equal(config.remotes.Acme, 'https://acme.example/mf-manifest.json');
    assert.equal(config.remotes.PRE8, `http://localhost:${remotePre8}/mf-manifest.json`);
    // The page's policy follows the config: the new theme's origin may serve scripts.
    assert.match(
      (await get(`http://127.0.0.1:${host}/login`)).headers['content-security-policy'],
      /script-src [^;]*https:\/\/acme\.example/,
    );
    // A file that does not parse reaches the page as it is, so the page can name the problem.
    writeFileSync(sitesFile, '{"sites": [');
    assert.equal((await get(`http://127.0.0.1:${host}/sites.json`)).body, '{"sites": [');
  } finally {
    await running.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});

/** A stand-in for one of the simulator's ports: answers every request with what it received. */
function echoServer(port, name) {
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(401, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(
        JSON.stringify({
          name,
          method: req.method,
          url: req.url,
          body: Buffer.concat(chunks).toString(),
          origin: req.headers.origin ?? null,
        }),
      );
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

function post(url, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

test("apiSameOrigin: the host passes /api/ to the simulator and config.json's apiBase is the host's origin", async () => {
  const [host, remoteDefault, remotePre8, remoteOsaka39, sim, simAuth] = await freePorts(6);
  const ports = { host, remoteDefault, remotePre8, remoteOsaka39, sim, simAuth };
  const stand = await Promise.all([echoServer(sim, 'api'), echoServer(simAuth, 'auth')]);
  const running = await startAll({
    sim: false,
    apiSameOrigin: true,
    ports,
    distRoot,
    sitesFile: path.join(distRoot, 'sites.json'),
    log: () => {},
    env: {},
  });
  try {
    assert.equal(running.apiSameOrigin, true);
    assert.equal(running.urls.api, `http://localhost:${host}`);
    const config = JSON.parse((await get(`http://127.0.0.1:${host}/config.json`)).body);
    assert.equal(config.apiBase, `http://localhost:${host}`);
    assert.equal(config.broadcastAuthBase, `http://localhost:${host}`);
    // The socket, the error reports and the links the simulator hands out keep its origin.
    assert.equal(config.pusher.wsPort, sim);
    assert.equal(config.errorReportUrl, `http://localhost:${sim}/reports`);
    // A call under the host's origin reaches the simulator, its reply as the simulator sent it.
    const call = await post(`http://127.0.0.1:${host}/api/phoneLogin?x=1`, '{"a":1}', { origin: `http://localhost:${host}` });
    assert.equal(call.status, 401);
    assert.deepEqual(JSON.parse(call.body), {
      name: 'api',
      method: 'POST',
      url: '/api/phoneLogin?x=1',
      body: '{"a":1}',
      origin: `http://localhost:${host}`,
    });
    assert.equal(call.headers['cache-control'], 'no-store');
    assert.equal(call.headers['content-security-policy'], undefined);
    assert.equal(JSON.parse((await post(`http://127.0.0.1:${host}/api/member/broadcasting/auth`, '{}')).body).name, 'auth');
    // The policy: images may still come from the simulator (bank logos, avatars); the page is served as before.
    assert.match(running.contentSecurityPolicy, new RegExp(`img-src [^;]*http://localhost:${sim}(;| )`));
    assert.match(banner(running), new RegExp(`API as the page calls it\\s+http://localhost:${host}/api/`));
    assert.match((await get(`http://127.0.0.1:${host}/deposit`)).body, /<title>host<\/title>/);
  } finally {
    await running.stop();
    for (const server of stand) await new Promise((resolve) => server.close(resolve));
  }
  // The default is the demo as it always was: the API on the simulator's origin, nothing proxied.
  const [host2, ...others] = await freePorts(4);
  const plain = await startAll({
    sim: false,
    ports: { host: host2, remoteDefault: others[0], remotePre8: others[1], remoteOsaka39: others[2], sim, simAuth },
    distRoot,
    log: () => {},
    env: {},
  });
  try {
    assert.equal(plain.apiSameOrigin, false);
    assert.equal(plain.config.apiBase, `http://localhost:${sim}`);
    assert.match((await get(`http://127.0.0.1:${host2}/api/phoneLogin`)).body, /<title>host<\/title>/);
    assert.doesNotMatch(banner(plain), /API as the page calls it/);
  } finally {
    await plain.stop();
  }
});

test('startAll refuses to serve without a host build', async () => {
  // Free ports, so the refusal is the missing build's whatever else this machine runs on the demo's ports.
  const [host, remoteDefault, remotePre8, remoteOsaka39, sim, simAuth] = await freePorts(6);
  await assert.rejects(
    startAll({
      sim: false,
      ports: { host, remoteDefault, remotePre8, remoteOsaka39, sim, simAuth },
      distRoot: path.join(distRoot, 'nowhere'),
      log: () => {},
      env: {},
    }),
    (error) => error.code === 'ENODIST' && /build first/.test(error.message),
  );
});

test('startAll refuses a port browsers block', async () => {
  await assert.rejects(
    startAll({ sim: false, distRoot, ports: { host: 6000 }, log: () => {}, env: {} }),
    (error) => error.code === 'EPORTCONFIG' && /port 6000 \(host, env HOST_PORT\).*bad port/.test(error.message),
  );
});

test('SERVE_HOST moves the static servers to another address', async () => {
  const [host, remoteDefault, remotePre8, remoteOsaka39] = await freePorts(4);
  const ports = { host, remoteDefault, remotePre8, remoteOsaka39 };
  const running = await startAll({ sim: false, ports, distRoot, log: () => {}, env: { SERVE_HOST: '0.0.0.0' } });
  try {
    assert.deepEqual(running.addresses, {
      remoteDefault: ['0.0.0.0'],
      remotePre8: ['0.0.0.0'],
      remoteOsaka39: ['0.0.0.0'],
      host: ['0.0.0.0'],
    });
    assert.match((await get(`http://127.0.0.1:${host}/deposit`)).body, /<title>host<\/title>/);
  } finally {
    await running.stop();
  }
});

test('the simulator gets the host origins in use (its CORS and control API), unless they are set', () => {
  const ports = { ...DEFAULT_PORTS, host: 4000, sim: 4100, simAuth: 4101 };
  assert.deepEqual(simulatorEnv(ports, { SIM_HOST: '0.0.0.0', OTHER: 'kept' }), {
    SIM_HOST: '0.0.0.0',
    OTHER: 'kept',
    SIM_PORT: '4100',
    SIM_AUTH_PORT: '4101',
    SIM_ALLOWED_ORIGINS: 'http://localhost:4000,http://127.0.0.1:4000',
    SIM_PUBLIC_BASE: 'http://localhost:4100',
  });
  assert.equal(simulatorEnv(ports, { SIM_ALLOWED_ORIGINS: 'https://members.example' }).SIM_ALLOWED_ORIGINS, 'https://members.example');
});

test('HOST_ORIGINS names the host origins when the demo is published under another name', () => {
  const ports = { ...DEFAULT_PORTS, host: 4000 };
  assert.deepEqual(hostOrigins(ports, {}), ['http://localhost:4000', 'http://127.0.0.1:4000']);
  assert.deepEqual(hostOrigins(ports, { HOST_ORIGINS: 'http://demo.lan:4000, http://10.0.0.5:4000' }), [
    'http://demo.lan:4000',
    'http://10.0.0.5:4000',
  ]);
  assert.equal(simulatorEnv(ports, { HOST_ORIGINS: 'http://demo.lan:4000' }).SIM_ALLOWED_ORIGINS, 'http://demo.lan:4000');
  assert.throws(() => hostOrigins(ports, { HOST_ORIGINS: 'demo.lan' }), /not an origin/);
});

test('sites.json follows the ports: only localhost URLs on a default port move', () => {
  const ports = { ...DEFAULT_PORTS, sim: 4500 };
  const sites = {
    sites: [
      { promoLink: 'http://localhost:3100/promo/pre8' },
      { promoLink: 'https://promo.example.com:3100/x' },
      { promoLink: 'http://127.0.0.1:9999/p' },
    ],
  };
  assert.deepEqual(
    remapLocalUrls(sites, ports).sites.map((site) => site.promoLink),
    ['http://localhost:4500/promo/pre8', 'https://promo.example.com:3100/x', 'http://127.0.0.1:9999/p'],
  );
});
