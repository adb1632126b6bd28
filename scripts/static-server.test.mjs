import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { LOOPBACK_HOSTS, acceptedEncodings, cacheControl, createStaticServer } from './static-server.mjs';
import { PERMISSIONS_POLICY } from './csp.mjs';

const HASHED_JS = 'static/js/123.ab12cd34.js';
const JS_SOURCE = `export const answer = ${'"hello federation" + '.repeat(200)}"";\n`;

function write(root, rel, content, mtimeSeconds) {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  if (mtimeSeconds !== undefined) utimesSync(file, mtimeSeconds, mtimeSeconds);
  return file;
}

/** A request with the path sent exactly as given (no client-side normalisation). */
function request(port, rawPath, { method = 'GET', headers = {}, address = '127.0.0.1' } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: address, port, path: rawPath, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

let base;
let hostRoot;
let remoteRoot;
let host;
let remote;
let withOverride;

before(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'static-server-test-'));
  hostRoot = path.join(base, 'host');
  remoteRoot = path.join(base, 'remote');
  const t = 1_700_000_000;
  for (const root of [hostRoot, remoteRoot]) {
    write(root, 'index.html', '<!doctype html><title>app</title>', t);
    write(root, 'config.json', '{"from":"file"}', t);
    write(root, 'sites.json', '{"sites":[]}', t);
    write(root, 'mf-manifest.json', '{"name":"remote"}', t);
    write(root, 'remoteEntry.js', 'var remote = 1;', t);
    write(root, 'sw.js', 'self.addEventListener("fetch", () => {});', t);
    write(root, 'logos/pre8.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', t);
    write(root, HASHED_JS, JS_SOURCE, t);
    write(root, `${HASHED_JS}.br`, zlib.brotliCompressSync(JS_SOURCE), t + 10);
    write(root, `${HASHED_JS}.gz`, zlib.gzipSync(JS_SOURCE), t + 10);
    // A compressed copy older than its source: left over from an earlier build.
    write(root, 'static/js/stale.0badc0de.js', 'fresh content', t + 20);
    write(root, 'static/js/stale.0badc0de.js.br', zlib.brotliCompressSync('old content'), t);
    write(root, '.env', 'SECRET=1', t);
  }
  write(base, 'secret.txt', 'outside the root');
  symlinkSync(path.join(base, 'secret.txt'), path.join(hostRoot, 'escape.txt'));
  host = await createStaticServer({ root: hostRoot, port: 0, host: '127.0.0.1', spaFallback: true, cors: false });
  remote = await createStaticServer({ root: remoteRoot, port: 0, host: '127.0.0.1', spaFallback: false, cors: true });
  withOverride = await createStaticServer({
    root: hostRoot,
    port: 0,
    host: '127.0.0.1',
    spaFallback: true,
    configOverride: { apiBase: 'http://localhost:4100' },
  });
});

after(async () => {
  await Promise.all([host?.close(), remote?.close(), withOverride?.close()]);
  rmSync(base, { recursive: true, force: true });
});

describe('precompressed files', () => {
  test('sends the .br copy to a client that accepts br', async () => {
    const res = await request(host.port, `/${HASHED_JS}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(res.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(res.headers.vary, 'Accept-Encoding');
    assert.equal(Number(res.headers['content-length']), res.body.length);
    assert.equal(zlib.brotliDecompressSync(res.body).toString(), JS_SOURCE);
  });

  test('sends the .gz copy when br is not accepted or refused with q=0', async () => {
    for (const accept of ['gzip', 'gzip, br;q=0', 'br;q=0.1, gzip;q=0.9']) {
      const res = await request(host.port, `/${HASHED_JS}`, { headers: { 'accept-encoding': accept } });
      assert.equal(res.headers['content-encoding'], 'gzip', accept);
      assert.equal(zlib.gunzipSync(res.body).toString(), JS_SOURCE);
    }
  });

  test('sends the file itself without Accept-Encoding', async () => {
    const res = await request(host.port, `/${HASHED_JS}`);
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.headers.vary, 'Accept-Encoding');
    assert.equal(res.body.toString(), JS_SOURCE);
    assert.equal(Number(res.headers['content-length']), Buffer.byteLength(JS_SOURCE));
  });

  test('ignores a compressed copy older than its source', async () => {
    const res = await request(host.port, '/static/js/stale.0badc0de.js', { headers: { 'accept-encoding': 'br' } });
    assert.equal(res.headers['content-encoding'], undefined);
    assert.equal(res.body.toString(), 'fresh content');
  });

  test('stats on every request: a rebuilt file is sent whole', async () => {
    const rel = 'logos/grow.svg';
    write(hostRoot, rel, '<svg/>');
    const first = await request(host.port, `/${rel}`);
    write(hostRoot, rel, `<svg>${'x'.repeat(5000)}</svg>`);
    const second = await request(host.port, `/${rel}`);
    assert.equal(Number(first.headers['content-length']), 6);
    assert.equal(Number(second.headers['content-length']), 5011);
    assert.equal(second.body.length, 5011);
  });

  test('parses Accept-Encoding q-values and *', () => {
    assert.deepEqual(
      acceptedEncodings('gzip, br').map((e) => e.coding),
      ['br', 'gzip'],
    );
    assert.deepEqual(
      acceptedEncodings('br;q=0.5, gzip').map((e) => e.coding),
      ['gzip', 'br'],
    );
    assert.deepEqual(
      acceptedEncodings('*;q=0.3, br;q=0').map((e) => e.coding),
      ['gzip'],
    );
    assert.deepEqual(
      acceptedEncodings('identity').map((e) => e.coding),
      [],
    );
    assert.deepEqual(acceptedEncodings(undefined), []);
  });
});

describe('Cache-Control', () => {
  const cases = [
    ['/index.html', 'no-cache'],
    ['/config.json', 'no-cache'],
    ['/sites.json', 'no-cache'],
    ['/mf-manifest.json', 'no-cache'],
    ['/remoteEntry.js', 'no-cache'],
    // The service worker: the browser's update check must reach the server, never a cached copy.
    ['/sw.js', 'no-cache'],
    [`/${HASHED_JS}`, 'public, max-age=31536000, immutable'],
    ['/logos/pre8.svg', 'public, max-age=3600'],
  ];
  for (const [url, expected] of cases) {
    test(`${url}: ${expected}`, async () => {
      const res = await request(remote.port, url);
      assert.equal(res.status, 200);
      assert.equal(res.headers['cache-control'], expected);
    });
  }

  test('classifies names without a server', () => {
    assert.equal(cacheControl('static/js/async/__federation_expose_pages_login.3f2a9c1b.js'), 'public, max-age=31536000, immutable');
    assert.equal(cacheControl('static/css/index.9f8e7d6c.css'), 'public, max-age=31536000, immutable');
    assert.equal(cacheControl('static/js/12345678.js'), 'public, max-age=3600');
    assert.equal(cacheControl('other.html'), 'no-cache');
  });
});

describe('validation', () => {
  test('answers 304 to a matching If-None-Match, per encoding', async () => {
    const first = await request(host.port, `/${HASHED_JS}`, { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.etag;
    assert.ok(etag);
    const again = await request(host.port, `/${HASHED_JS}`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    assert.equal(again.headers.etag, etag);
    assert.equal(again.headers['cache-control'], 'public, max-age=31536000, immutable');
    // The br copy's tag does not validate the uncompressed file.
    const identity = await request(host.port, `/${HASHED_JS}`, { headers: { 'if-none-match': etag } });
    assert.equal(identity.status, 200);
    assert.notEqual(identity.headers.etag, etag);
  });

  test('HEAD sends the headers without a body', async () => {
    const res = await request(host.port, `/${HASHED_JS}`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    assert.equal(res.status, 200);
    assert.equal(res.body.length, 0);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.ok(Number(res.headers['content-length']) > 0);
  });

  test('refuses other methods', async () => {
    const res = await request(host.port, '/index.html', { method: 'POST' });
    assert.equal(res.status, 405);
  });
});

describe('paths', () => {
  for (const url of [
    '/../secret.txt',
    '/static/../../secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/static/..%5c..%5csecret.txt',
  ]) {
    test(`refuses traversal ${url}`, async () => {
      const res = await request(host.port, url);
      assert.equal(res.status, 403);
      assert.doesNotMatch(res.body.toString(), /outside the root/);
    });
  }

  test('refuses a symlink that leads out of the root', async () => {
    const res = await request(host.port, '/escape.txt');
    assert.equal(res.status, 403);
  });

  test('hides dotfiles', async () => {
    assert.equal((await request(remote.port, '/.env')).status, 404);
  });

  test('answers 404 for a missing file and lists no directory', async () => {
    assert.equal((await request(remote.port, '/missing.js')).status, 404);
    assert.equal((await request(remote.port, '/static/js/')).status, 404);
    assert.equal((await request(host.port, '/static/js/missing.js')).status, 404);
  });

  test('serves index.html for /', async () => {
    const res = await request(host.port, '/');
    assert.equal(res.status, 200);
    assert.match(res.body.toString(), /<title>app<\/title>/);
  });
});

describe('SPA fallback', () => {
  test('the host answers an extensionless route with index.html', async () => {
    const res = await request(host.port, '/login?prefix=pre8');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.match(res.body.toString(), /<title>app<\/title>/);
  });

  test('a remote does not', async () => {
    assert.equal((await request(remote.port, '/login')).status, 404);
  });
});

describe('headers', () => {
  test('remotes allow any origin, the host does not', async () => {
    const fromRemote = await request(remote.port, '/remoteEntry.js');
    assert.equal(fromRemote.headers['access-control-allow-origin'], '*');
    assert.equal((await request(remote.port, '/missing.js')).headers['access-control-allow-origin'], '*');
    const fromHost = await request(host.port, '/remoteEntry.js');
    assert.equal(fromHost.headers['access-control-allow-origin'], undefined);
  });

  test('HTML carries the security headers', async () => {
    for (const url of ['/index.html', '/profile']) {
      const res = await request(host.port, url);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
      assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
    }
  });
});

describe('configOverride', () => {
  test('serves /config.json from the object, uncached', async () => {
    const res = await request(withOverride.port, '/config.json', { headers: { 'accept-encoding': 'br' } });
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.body.toString()), { apiBase: 'http://localhost:4100' });
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    const again = await request(withOverride.port, '/config.json', { headers: { 'if-none-match': res.headers.etag } });
    assert.equal(again.status, 304);
  });

  test('a run-time answer of some size goes compressed in the coding the client takes best, and plain to one taking none', async () => {
    const sites = { sites: Array.from({ length: 20 }, (_, i) => ({ key: `s${i}`, web: `Site ${i}`, logo: `/logos/s${i}.svg` })) };
    const server = await createStaticServer({ root: hostRoot, port: 0, host: '127.0.0.1', jsonOverrides: { '/sites.json': sites } });
    try {
      const plain = await request(server.port, '/sites.json');
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.deepEqual(JSON.parse(plain.body.toString()), sites);
      const br = await request(server.port, '/sites.json', { headers: { 'accept-encoding': 'gzip, br' } });
      assert.equal(br.headers['content-encoding'], 'br');
      assert.match(br.headers.vary, /Accept-Encoding/);
      assert.ok(br.body.length < plain.body.length / 3, `${br.body.length} bytes against ${plain.body.length}`);
      assert.deepEqual(JSON.parse(zlib.brotliDecompressSync(br.body).toString()), sites);
      const gz = await request(server.port, '/sites.json', { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.deepEqual(JSON.parse(zlib.gunzipSync(gz.body).toString()), sites);
      // Each coding is its own representation: a validator of one is not the other's.
      assert.notEqual(br.headers.etag, plain.headers.etag);
      assert.notEqual(br.headers.etag, gz.headers.etag);
      assert.equal(
        (await request(server.port, '/sites.json', { headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag } })).status,
        304,
      );
      assert.equal(
        (await request(server.port, '/sites.json', { headers: { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag } })).status,
        200,
      );
    } finally {
      await server.close();
    }
  });

  test('without it the file is served', async () => {
    const res = await request(host.port, '/config.json');
    assert.deepEqual(JSON.parse(res.body.toString()), { from: 'file' });
  });
});

test('reports a port in use', async () => {
  await assert.rejects(
    createStaticServer({ root: hostRoot, port: host.port, host: '127.0.0.1' }),
    (error) => error.code === 'EADDRINUSE' && error.message.includes(String(host.port)),
  );
});

describe('bind address', () => {
  // This machine's own addresses that are not loopback: reachable from other machines.
  const outward = Object.values(networkInterfaces())
    .flat()
    .filter((nic) => nic && !nic.internal && nic.family === 'IPv4')
    .map((nic) => nic.address);
  const ipv6Loopback = Object.values(networkInterfaces())
    .flat()
    .some((nic) => nic?.address === '::1');

  test('loopback only by default: 127.0.0.1, and ::1 when the machine has it', async () => {
    const server = await createStaticServer({ root: hostRoot, port: 0 });
    try {
      assert.deepEqual(server.addresses, ipv6Loopback ? ['127.0.0.1', '::1'] : ['127.0.0.1']);
      assert.ok(server.addresses.every((address) => LOOPBACK_HOSTS.includes(address)));
      assert.equal((await request(server.port, '/index.html')).status, 200);
      if (ipv6Loopback) assert.equal((await request(server.port, '/index.html', { address: '::1' })).status, 200);
      for (const address of outward) {
        await assert.rejects(request(server.port, '/index.html', { address }), /ECONNREFUSED/, `reachable on ${address}`);
      }
    } finally {
      await server.close();
    }
  });

  test('binds the one address it is given', async () => {
    const server = await createStaticServer({ root: hostRoot, port: 0, host: '0.0.0.0' });
    try {
      assert.deepEqual(server.addresses, ['0.0.0.0']);
      for (const address of ['127.0.0.1', ...outward]) {
        assert.equal((await request(server.port, '/index.html', { address })).status, 200, address);
      }
    } finally {
      await server.close();
    }
    const only = await createStaticServer({ root: hostRoot, port: 0, host: '127.0.0.1' });
    try {
      assert.deepEqual(only.addresses, ['127.0.0.1']);
    } finally {
      await only.close();
    }
  });

  test('port 0: a number free on 127.0.0.1 but held on ::1 is given up for another', async (t) => {
    if (!ipv6Loopback) return;
    // The kernel picks the number on 127.0.0.1 alone; this makes the first ::1 listen meet it taken, as another
    // process's socket would.
    const listen = http.Server.prototype.listen;
    const refused = [];
    t.mock.method(http.Server.prototype, 'listen', function (port, host, ...rest) {
      if (host === '::1' && refused.length === 0) {
        refused.push(port);
        process.nextTick(() => this.emit('error', Object.assign(new Error(`listen EADDRINUSE ::1:${port}`), { code: 'EADDRINUSE' })));
        return this;
      }
      return listen.call(this, port, host, ...rest);
    });
    const server = await createStaticServer({ root: hostRoot, port: 0 });
    try {
      assert.equal(refused.length, 1);
      assert.deepEqual(server.addresses, ['127.0.0.1', '::1']);
      assert.equal((await request(server.port, '/index.html')).status, 200);
      // The first number was let go on 127.0.0.1 too.
      await assert.rejects(request(refused[0], '/'), /ECONNREFUSED/);
    } finally {
      await server.close();
    }
  });

  test('refuses to start when the port is taken on ::1, rather than let localhost reach another server', async () => {
    if (!ipv6Loopback) return;
    // The port is free on ::1 when the squatter takes it, not necessarily on 127.0.0.1: another process's connection
    // may hold the same number there (the two address families count their ports apart). Then the server refuses for
    // 127.0.0.1 instead, which is not this case: a few tries find a port that is free on 127.0.0.1.
    for (let tries = 1; ; tries += 1) {
      const squatter = await new Promise((resolve) => {
        const server = http.createServer((_req, res) => res.end('someone else')).listen(0, '::1', () => resolve(server));
      });
      try {
        const refusal = await createStaticServer({ root: hostRoot, port: squatter.address().port }).then(
          async (server) => {
            await server.close();
            return null;
          },
          (error) => error,
        );
        if (refusal?.code === 'EADDRINUSE' && refusal.message.includes('127.0.0.1') && tries < 5) continue;
        assert.ok(refusal, 'the server started though ::1 was taken');
        assert.equal(refusal.code, 'EADDRINUSE');
        assert.match(refusal.message, /::1/);
        // Nothing was left listening on 127.0.0.1.
        await assert.rejects(request(squatter.address().port, '/'), /ECONNREFUSED/);
        return;
      } finally {
        await new Promise((resolve) => squatter.close(resolve));
      }
    }
  });
});

describe('the host origins only, and a policy on the page', () => {
  const HOST_ORIGIN = 'http://localhost:4400';
  const POLICY = "default-src 'self'; frame-ancestors 'none'";
  let listed;
  let page;
  before(async () => {
    listed = await createStaticServer({ root: remoteRoot, port: 0, host: '127.0.0.1', cors: [HOST_ORIGIN, 'http://127.0.0.1:4400'] });
    page = await createStaticServer({
      root: hostRoot,
      port: 0,
      host: '127.0.0.1',
      spaFallback: true,
      contentSecurityPolicy: POLICY,
      jsonOverrides: { '/sites.json': { sites: [{ key: 'pre8' }] } },
    });
  });
  after(async () => {
    await Promise.all([listed?.close(), page?.close()]);
  });

  test('a remote answers CORS to a listed origin by name, and to no other', async () => {
    const ok = await request(listed.port, '/remoteEntry.js', { headers: { origin: HOST_ORIGIN, 'accept-encoding': 'gzip' } });
    assert.equal(ok.headers['access-control-allow-origin'], HOST_ORIGIN);
    assert.equal(ok.headers['timing-allow-origin'], HOST_ORIGIN);
    assert.match(ok.headers.vary, /Origin/);
    const other = await request(listed.port, '/mf-manifest.json', { headers: { origin: 'https://evil.example' } });
    assert.equal(other.status, 200);
    assert.equal(other.headers['access-control-allow-origin'], undefined);
    assert.equal(other.headers['timing-allow-origin'], undefined);
    assert.match(other.headers.vary, /Origin/);
    const none = await request(listed.port, '/mf-manifest.json');
    assert.equal(none.headers['access-control-allow-origin'], undefined);
  });

  test('a preflight from another origin gets no CORS permission', async () => {
    const ok = await request(listed.port, '/mf-manifest.json', {
      method: 'OPTIONS',
      headers: { origin: HOST_ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-a' },
    });
    assert.equal(ok.status, 204);
    assert.equal(ok.headers['access-control-allow-origin'], HOST_ORIGIN);
    assert.equal(ok.headers['access-control-allow-headers'], 'x-a');
    const other = await request(listed.port, '/mf-manifest.json', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-a' },
    });
    assert.equal(other.headers['access-control-allow-origin'], undefined);
    assert.equal(other.headers['access-control-allow-methods'], undefined);
    assert.equal(other.headers['access-control-allow-headers'], undefined);
  });

  test('the page, and the page the SPA fallback sends, carry the policy; nothing else does', async () => {
    for (const url of ['/index.html', '/profile', '/']) {
      const res = await request(page.port, url);
      assert.equal(res.headers['content-security-policy'], POLICY, url);
      assert.equal(res.headers['x-frame-options'], 'DENY', url);
      assert.equal(res.headers['permissions-policy'], PERMISSIONS_POLICY, url);
    }
    assert.equal((await request(page.port, '/config.json')).headers['content-security-policy'], undefined);
    assert.equal((await request(page.port, '/config.json')).headers['permissions-policy'], undefined);
    assert.equal((await request(host.port, '/index.html')).headers['content-security-policy'], undefined);
  });

  test('/sites.json can be served from an object too', async () => {
    const res = await request(page.port, '/sites.json');
    assert.deepEqual(JSON.parse(res.body.toString()), { sites: [{ key: 'pre8' }] });
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.deepEqual(JSON.parse((await request(page.port, '/config.json')).body.toString()), { from: 'file' });
  });
});

describe("apiProxy: the API under the host's origin", () => {
  const DATE = 'Mon, 01 Jan 2001 00:00:00 GMT';
  let api;
  let auth;
  let proxied;
  let underPath;
  /** What the API received, newest last. */
  const received = [];
  /** Lets the streaming test's upstream finish its reply. */
  let finishStream = () => {};

  /** A stand-in API that records each request and answers by path. */
  function fakeApi(name) {
    const server = http.createServer((req, res) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ name, method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
        if (req.url.startsWith('/api/stream')) {
          res.writeHead(200, { 'Content-Type': 'text/plain' });
          res.write('first part;');
          finishStream = () => res.end('second part');
          return;
        }
        if (req.url.startsWith('/api/silent')) return;
        res.writeHead(req.url.startsWith('/api/refuse') ? 401 : 200, [
          'Content-Type',
          'application/json; charset=utf-8',
          'Cache-Control',
          'no-store',
          'Date',
          DATE,
          'X-Api',
          name,
          'Vary',
          'Origin',
          'Vary',
          'Accept',
        ]);
        res.end(JSON.stringify({ from: name, method: req.method }));
      });
    });
    return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
  }

  /** A request with a body, answered with every header line as sent. */
  function send(port, rawPath, { method = 'GET', headers = {}, body } = {}) {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: rawPath, method, headers, agent: false }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const lines = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push([res.rawHeaders[i].toLowerCase(), res.rawHeaders[i + 1]]);
          resolve({ status: res.statusCode, headers: res.headers, lines, body: Buffer.concat(chunks).toString() });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  before(async () => {
    api = await fakeApi('api');
    auth = await fakeApi('auth');
    proxied = await createStaticServer({
      root: hostRoot,
      port: 0,
      host: '127.0.0.1',
      spaFallback: true,
      contentSecurityPolicy: "default-src 'self'",
      apiProxy: `http://127.0.0.1:${api.address().port}`,
      broadcastAuthProxy: `http://127.0.0.1:${auth.address().port}/`,
      apiProxyTimeoutMs: 300,
    });
    underPath = await createStaticServer({
      root: hostRoot,
      port: 0,
      host: '127.0.0.1',
      apiProxy: `http://127.0.0.1:${api.address().port}/v2/`,
    });
  });
  after(async () => {
    await Promise.all([proxied?.close(), underPath?.close()]);
    for (const server of [api, auth]) {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    }
  });

  test('a call goes to the API as the page sent it: method, body, headers, and who called', async () => {
    const body = JSON.stringify({ token: 'x'.repeat(10) });
    const res = await send(proxied.port, '/api/withdraw?x=1', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        origin: 'http://localhost:3000',
        'idempotency-key': 'k-1',
        host: 'localhost:3000',
      },
      body,
    });
    assert.equal(res.status, 200);
    const call = received.at(-1);
    assert.deepEqual(
      { name: call.name, method: call.method, url: call.url, body: call.body },
      { name: 'api', method: 'POST', url: '/api/withdraw?x=1', body },
    );
    assert.equal(call.headers['content-type'], 'application/json');
    assert.equal(call.headers['idempotency-key'], 'k-1');
    assert.equal(call.headers.origin, 'http://localhost:3000');
    // The API is called by its own name; who called, and under which name, travel beside it.
    assert.equal(call.headers.host, `127.0.0.1:${api.address().port}`);
    assert.equal(call.headers['x-forwarded-for'], '127.0.0.1');
    assert.equal(call.headers['x-forwarded-host'], 'localhost:3000');
    assert.equal(call.headers['x-forwarded-proto'], 'http');
  });

  test("the reply is the API's: status, body and headers, with nothing of the host's added and nothing twice", async () => {
    const res = await send(proxied.port, '/api/refuse', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(res.status, 401);
    assert.deepEqual(JSON.parse(res.body), { from: 'api', method: 'POST' });
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(res.headers['x-api'], 'api');
    assert.deepEqual(
      res.lines.filter(([name]) => name === 'vary').map(([, value]) => value),
      ['Origin', 'Accept'],
    );
    for (const name of ['cache-control', 'date']) assert.equal(res.lines.filter(([line]) => line === name).length, 1, name);
    assert.equal(res.headers.date, DATE);
    assert.equal(res.headers['cache-control'], 'no-store');
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
      'etag',
      'referrer-policy',
      'permissions-policy',
    ])
      assert.equal(res.headers[name], undefined, name);
  });

  test("every method goes through, a preflight included (it is the API's to answer)", async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'OPTIONS']) {
      const res = await send(proxied.port, '/api/checkPrefix?prefix=pre8', { method });
      assert.equal(res.status, 200, method);
      assert.deepEqual({ method: received.at(-1).method, url: received.at(-1).url }, { method, url: '/api/checkPrefix?prefix=pre8' });
    }
  });

  test('the reply is streamed: its first part reaches the page before the API has finished', async () => {
    const res = await new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: proxied.port, path: '/api/stream', agent: false }, (answer) => {
          const parts = [];
          answer.on('data', (chunk) => {
            parts.push(chunk.toString());
            if (parts.length === 1) finishStream();
          });
          answer.on('end', () => resolve(parts));
        })
        .on('error', reject);
    });
    assert.equal(res[0], 'first part;');
    assert.equal(res.join(''), 'first part;second part');
  });

  test('channel authorisation goes to its own upstream; an API under a path keeps it', async () => {
    await send(proxied.port, '/api/member/broadcasting/auth', {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: '{}',
    });
    assert.deepEqual(
      { name: received.at(-1).name, url: received.at(-1).url, authorization: received.at(-1).headers.authorization },
      { name: 'auth', url: '/api/member/broadcasting/auth', authorization: 'Bearer t' },
    );
    await send(underPath.port, '/api/member/broadcasting/auth', { method: 'POST', body: '{}' });
    assert.deepEqual({ name: received.at(-1).name, url: received.at(-1).url }, { name: 'api', url: '/v2/api/member/broadcasting/auth' });
    await send(underPath.port, '/api/getProfile');
    assert.equal(received.at(-1).url, '/v2/api/getProfile');
  });

  test("anything else is still this server's: files, routes, and a path that only looks like the API's", async () => {
    const count = received.length;
    assert.deepEqual(JSON.parse((await send(proxied.port, '/config.json')).body), { from: 'file' });
    const route = await send(proxied.port, '/apidocs');
    assert.equal(route.headers['content-security-policy'], "default-src 'self'");
    assert.equal((await send(proxied.port, '/api/../config.json')).status, 403);
    assert.equal(received.length, count);
    // Without the option, /api/ is a route of the app like any other.
    assert.match((await send(host.port, '/api/checkPrefix')).headers['content-type'], /^text\/html/);
  });

  test('an API that is down answers 502, one that stays silent 504, and the page is told at once', async () => {
    const silent = await send(proxied.port, '/api/silent');
    assert.equal(silent.status, 504);
    assert.equal(silent.headers['cache-control'], 'no-store');
    const downPort = await new Promise((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
    });
    const down = await createStaticServer({ root: hostRoot, port: 0, host: '127.0.0.1', apiProxy: `http://127.0.0.1:${downPort}` });
    try {
      assert.equal((await send(down.port, '/api/getProfile', { method: 'POST', body: '{}' })).status, 502);
    } finally {
      await down.close();
    }
  });

  test('refuses a proxy target that is not a plain http(s) URL', async () => {
    for (const apiProxy of ['localhost:3100', 'ftp://localhost:3100', 'http://localhost:3100/?x=1']) {
      await assert.rejects(createStaticServer({ root: hostRoot, port: 0, apiProxy }), /apiProxy must be an http\(s\) URL/, apiProxy);
    }
    await assert.rejects(createStaticServer({ root: hostRoot, port: 0, broadcastAuthProxy: 'http://localhost:3101' }), /needs apiProxy/);
  });
});

describe("a theme remote under the host's origin, and pages drawn in the HTML", () => {
  let proxied;
  before(async () => {
    proxied = await createStaticServer({
      root: hostRoot,
      port: 0,
      host: '127.0.0.1',
      spaFallback: true,
      contentSecurityPolicy: ({ nonce }) => `default-src 'self'; style-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''}; img-src 'self'`,
      remoteProxies: { PRE8: `http://127.0.0.1:${remote.port}` },
      drawnPage: async (urlPath, search, cookie) =>
        urlPath === '/login' && search === '?prefix=pre8'
          ? { body: Buffer.from(`<!doctype html><style nonce="member-csp-nonce"></style><p>drawn ${cookie}</p>`) }
          : null,
    });
  });
  after(() => proxied?.close());

  test("/remotes/{theme}/ is the theme's own server, its answer passed on as it is", async () => {
    const answer = await request(proxied.port, '/remotes/PRE8/mf-manifest.json?x=1', { headers: { origin: 'http://h.test' } });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.toString(), '{"name":"remote"}');
    assert.equal(answer.headers['access-control-allow-origin'], '*');
    assert.equal((await request(proxied.port, `/remotes/PRE8/${HASHED_JS}`)).body.toString(), JS_SOURCE);
    // Another theme is not proxied anywhere: an extensionless path is the app's page, a file is missing.
    assert.equal((await request(proxied.port, '/remotes/OSAKA39/mf-manifest.json')).status, 404);
  });

  test("a visit with a drawn page gets it, its inline stylesheet allowed by the answer's own nonce; any other the app's page", async () => {
    const drawn = await request(proxied.port, '/login?prefix=pre8', { headers: { cookie: 'scheme=dark' } });
    const nonce = /'nonce-([^']+)'/.exec(String(drawn.headers['content-security-policy']))?.[1];
    assert.ok(nonce);
    assert.equal(drawn.body.toString(), `<!doctype html><style nonce="${nonce}"></style><p>drawn scheme=dark</p>`);
    assert.equal(drawn.headers['content-security-policy'], `default-src 'self'; style-src 'self' 'nonce-${nonce}'; img-src 'self'`);
    assert.equal(drawn.headers['cache-control'], 'no-cache');
    // Made per answer: no validator, and the next answer's nonce is its own.
    assert.equal(drawn.headers.etag, undefined);
    assert.notEqual(
      (await request(proxied.port, '/login?prefix=pre8')).headers['content-security-policy'],
      drawn.headers['content-security-policy'],
    );
    const undrawn = await request(proxied.port, '/login?prefix=os39');
    assert.equal(undrawn.body.toString(), '<!doctype html><title>app</title>');
    assert.equal(undrawn.headers['content-security-policy'], "default-src 'self'; style-src 'self'; img-src 'self'");
  });
});
