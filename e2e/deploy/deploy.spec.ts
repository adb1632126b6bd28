import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { LoginPage } from '../support/login-page';
import { deployPorts, findNginx, startDeployStack, WORKSPACE, type DeployStack } from '../support/nginx-stack';

// The production recipe in deploy/, run through Debian's nginx against the built dist folders.
const nginx = findNginx();
if (!nginx) {
  console.log('deploy.spec: nginx is not installed, so the production recipe is not tried (apt-get install nginx; .ci/run does).');
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request, as sent (no decompression), to 127.0.0.1:port. */
function get(port: number, urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

test.describe('the production recipe (nginx)', () => {
  test.describe.configure({ mode: 'serial' });

  let stack: DeployStack;
  test.beforeAll(async () => {
    // Like Chromium, nginx is part of what `npm test` needs (.ci/run installs both): a missing one is a clear failure.
    if (!nginx) throw new Error('nginx is not installed: apt-get install nginx libnginx-mod-http-brotli-static');
    test.setTimeout(90_000);
    stack = await startDeployStack(nginx!, deployPorts());
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test("the host: the page with its policy, routes fall back to it, assets never do", async () => {
    const { host } = stack.ports;
    for (const route of ['/', '/login', '/check/line', '/slot/theme/PRE8']) {
      const page = await get(host, route);
      expect(page.status, route).toBe(200);
      expect(page.headers['content-type'], route).toBe('text/html; charset=utf-8');
      expect(page.body.toString(), route).toContain('<div id="root">');
      expect(page.headers['cache-control'], route).toBe(NO_CACHE);
      expect(page.headers['content-security-policy'], route).toBe(stack.policy);
      expect(page.headers['x-frame-options'], route).toBe('DENY');
      expect(page.headers['x-content-type-options'], route).toBe('nosniff');
      expect(page.headers['referrer-policy'], route).toBe('strict-origin-when-cross-origin');
    }
    // The page's one inline script (the early start) is allowed by its hash, and nothing else inline.
    expect(stack.policy).toMatch(new RegExp(`script-src 'self' 'sha256-[A-Za-z0-9+/=]+' http://localhost:${stack.ports.remoteDefault} `));
    expect(stack.policy).toContain(`connect-src 'self' http://localhost:${stack.ports.sim} http://localhost:${stack.ports.simAuth} ws://localhost:${stack.ports.sim}`);

    for (const name of ['/config.json', '/sites.json']) {
      const file = await get(host, name, { 'accept-encoding': 'gzip, br' });
      expect(file.status, name).toBe(200);
      expect(file.headers['content-type'], name).toBe('application/json; charset=utf-8');
      expect(file.headers['cache-control'], name).toBe(NO_CACHE);
      expect(file.headers['content-security-policy'], name).toBeUndefined();
      expect(file.headers['x-content-type-options'], name).toBe('nosniff');
    }
    const config = JSON.parse((await get(host, '/config.json')).body.toString()) as { apiBase: string };
    expect(config.apiBase).toBe(`http://localhost:${stack.ports.sim}`);

    // A missing hashed chunk, or anything else under /static/, is a 404 and never the page (nor cached a year).
    for (const missing of ['/static/js/async/404.0123abcd89.js', '/static/js/nothing', '/static/css/gone.0123abcd.css', '/logo-missing.svg']) {
      const answer = await get(host, missing);
      expect(answer.status, missing).toBe(404);
      expect(answer.body.toString(), missing).not.toContain('<div id="root">');
      expect(answer.headers['cache-control'], missing).toBeUndefined();
      expect(answer.headers['x-content-type-options'], missing).toBe('nosniff');
    }
    expect((await get(host, '/.env')).status).toBe(404);

    const health = await get(host, '/healthz');
    expect(health.status).toBe(200);
    expect(health.body.toString()).toBe('ok\n');
    expect(health.headers['cache-control']).toBe('no-store');
  });

  test('hashed chunks: a year and immutable, precompressed copies by Accept-Encoding, revalidation by ETag', async () => {
    const { host } = stack.ports;
    const html = readFileSync(path.join(stack.hostRoot, 'index.html'), 'utf8');
    // The entry is preloaded by the HTML and run by its inline early start.
    const entry = /<link[^>]+href="(\/static\/js\/index\.[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/static\/js\/index\.[0-9a-f]{8,}\.js$/);
    const source = readFileSync(path.join(stack.hostRoot, entry!));

    const plain = await get(host, entry!);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(source)).toBe(true);

    const gzip = await get(host, entry!, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('Accept-Encoding');
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.gunzipSync(gzip.body).equals(source)).toBe(true);

    const best = await get(host, entry!, { 'accept-encoding': 'gzip, deflate, br' });
    if (stack.brotli) {
      expect(best.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(best.body).equals(source)).toBe(true);
    } else {
      // Debian's nginx has no brotli without libnginx-mod-http-brotli-static: gzip it is.
      expect(best.headers['content-encoding']).toBe('gzip');
    }

    const again = await get(host, entry!, { 'if-none-match': String(plain.headers.etag) });
    expect(again.status).toBe(304);
  });

  test('a theme remote: manifest and entry revalidated, CORS for the host only, no fallback, health', async () => {
    const { host, remotePre8 } = stack.ports;
    const hostOrigin = `http://localhost:${host}`;
    for (const name of ['/mf-manifest.json', '/remoteEntry.js']) {
      const answer = await get(remotePre8, name, { origin: hostOrigin, 'accept-encoding': 'gzip' });
      expect(answer.status, name).toBe(200);
      expect(answer.headers['cache-control'], name).toBe(NO_CACHE);
      expect(answer.headers['access-control-allow-origin'], name).toBe(hostOrigin);
      expect(answer.headers.vary, name).toContain('Origin');
      expect(answer.headers['content-security-policy'], name).toBeUndefined();
    }
    const foreign = await get(remotePre8, '/mf-manifest.json', { origin: 'https://evil.example' });
    expect(foreign.status).toBe(200);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await get(remotePre8, '/mf-manifest.json', { origin: hostOrigin, 'access-control-request-method': 'GET' }, 'OPTIONS');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(hostOrigin);

    const manifest = JSON.parse((await get(remotePre8, '/mf-manifest.json')).body.toString()) as { exposes: Array<{ assets: { js: { sync: string[] } } }> };
    const chunk = manifest.exposes.flatMap((e) => e.assets.js.sync).find((file) => /\.[0-9a-f]{8,}\.js$/.test(file));
    expect(chunk).toBeTruthy();
    const hashed = await get(remotePre8, `/${chunk}`, { origin: hostOrigin });
    expect(hashed.status).toBe(200);
    expect(hashed.headers['cache-control']).toBe(IMMUTABLE);

    expect((await get(remotePre8, '/login')).status).toBe(404);
    expect((await get(remotePre8, '/static/js/async/404.0123abcd89.js')).status).toBe(404);
    for (const port of [stack.ports.remoteDefault, remotePre8, stack.ports.remoteOsaka39]) {
      expect((await get(port, '/healthz')).status).toBe(200);
    }
  });

  test("the example site files an operator starts from are valid nginx", () => {
    const sites = path.join(WORKSPACE, 'deploy', 'nginx', 'sites');
    const result = stack.testConfig([path.join(sites, 'member-host.example.conf'), path.join(sites, 'member-remote.example.conf')]);
    expect(result.output).toContain('test is successful');
    expect(result.ok).toBe(true);
  });

  test('a member logs in through it: each theme renders, the simulator serves the API, the policy holds', async ({ page }) => {
    const violations: string[] = [];
    await page.exposeBinding('__reportCspViolation', (_source, line: string) => {
      violations.push(line);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { __reportCspViolation?: (line: string) => void }).__reportCspViolation?.(`${event.effectiveDirective} ${event.blockedURI}`);
      });
    });
    for (const [prefix, theme] of [['os39', 'OSAKA39'], ['bkmc', 'default'], ['pre8', 'PRE8']] as const) {
      await page.goto(`${stack.hostUrl}/login?prefix=${prefix}`);
      await expect(page.locator(`[data-theme-name="${theme}"]`).first()).toBeVisible();
      await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
    }
    const login = new LoginPage(page, 'pre8');
    await login.logIn('0812345678', 'demo1234');
    await expect(page).toHaveURL(`${stack.hostUrl}/profile?prefix=pre8`);
    await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveCount(0);
    expect(violations).toEqual([]);
    // The remotes came from nginx, not from the demo's servers.
    const remoteEntries = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.endsWith('/remoteEntry.js')));
    expect(remoteEntries.length).toBeGreaterThan(0);
    const remotePorts = [stack.ports.remoteDefault, stack.ports.remotePre8, stack.ports.remoteOsaka39];
    for (const url of remoteEntries) expect(remotePorts).toContain(Number(new URL(url).port));
  });
});
