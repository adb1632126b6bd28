import http from 'node:http';
import http2 from 'node:http2';
import { createCipheriv, createHash, createPrivateKey } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page, Request } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { appHasThePage } from '../support/session';
import { LoginPage } from '../support/login-page';
import { deployPorts, findNginx, startDeployStack, WORKSPACE, type DeployStack } from '../support/nginx-stack';
// @ts-expect-error: the workspace's scripts are plain Node modules, without type declarations.
import { PERMISSIONS_POLICY } from '../../scripts/csp.mjs';
// @ts-expect-error: the workspace's scripts are plain Node modules, without type declarations.
import { releaseFields, signDist } from '../../scripts/release-signing.mjs';

// The production recipe in deploy/, run through Debian's nginx against the built dist folders: first as
// docs/deploy.md recommends (the operator's API proxied under the host's origin), then with the API on an
// origin of its own. The two stacks take the same ports, one after the other.
const nginx = findNginx();
if (!nginx) {
  console.log('deploy.spec: nginx is not installed, so the production recipe is not tried (apt-get install nginx; .ci/run does).');
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every header line as sent, names in lower case: a header nginx added twice shows twice here. */
  lines: Array<[string, string]>;
  body: Buffer;
}

/** One request, as sent (no decompression), to 127.0.0.1:port. */
function get(port: number, urlPath: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const lines: Array<[string, string]> = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, lines, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A field as the page's API client sends it: AES-256-CBC under config.json's key and IV, base64. */
function encrypted(value: string, crypto: { key: string; iv: string }): string {
  const cipher = createCipheriv('aes-256-cbc', Buffer.from(crypto.key, 'utf8'), Buffer.from(crypto.iv, 'utf8'));
  return Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]).toString('base64');
}

/** The simulator's control API, from Node (no Origin): the deploy stack's own simulator, not the demo's. */
async function simControl(stack: DeployStack, urlPath: string, data?: unknown): Promise<unknown> {
  const answer = await get(
    stack.ports.sim,
    urlPath,
    data === undefined ? {} : { 'content-type': 'application/json' },
    data === undefined ? 'GET' : 'POST',
    data === undefined ? undefined : JSON.stringify(data),
  );
  expect(answer.status, `${urlPath}: ${answer.body.toString()}`).toBe(200);
  return JSON.parse(answer.body.toString());
}

/** Collects the page's Content-Security-Policy violations (the report of each, as "directive blocked-url"). */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('__reportCspViolation', (_source, line: string) => {
    violations.push(line);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation?: (line: string) => void }).__reportCspViolation?.(
        `${event.effectiveDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

/** Every request the page makes from now on. */
function watchRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

const isApiCall = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');

/** The demo's member on pre8 (site index 0 of sites.json): its private channel. */
const PRE8_MEMBER = { phone: '0812345678', password: 'demo1234', cid: 1001 };

async function channelSubscribed(stack: DeployStack, cid: number): Promise<boolean> {
  const { sockets } = (await simControl(stack, '/__sim/sockets')) as { sockets: Array<{ channels: string[] }> };
  return sockets.some((socket) => socket.channels.includes(`private-member.${cid}`));
}

const NO_CACHE = 'no-cache';

/**
 * The policy as the stack's include names it (a page of no brand), with the nonce this answer was sent with in place
 * of $request_id: nginx makes one per answer and writes the same into the page.
 */
function expectedPolicy(stack: DeployStack, sent: string | string[] | undefined): string {
  const nonce = /'nonce-([0-9a-f]{32})'/.exec(String(sent))?.[1] ?? 'no nonce';
  return stack.policy.replaceAll('$request_id', nonce);
}
/** A policy but for the brand's own promotion origin (frame-src), which the address's brand picks. */
const unframed = (policy: string) => policy.replace(/frame-src [^;]*/, 'frame-src');
/** The demo's sites, as the stack copies them into the host's folder. */
const SITES = (JSON.parse(readFileSync(path.join(WORKSPACE, 'sites.json'), 'utf8')) as { sites: { key: string }[] }).sites;
const IMMUTABLE = 'public, max-age=31536000, immutable';

test.describe.configure({ mode: 'serial' });

test.describe("the production recipe (nginx), the API under the host's origin", () => {
  let stack: DeployStack;
  test.beforeAll(async () => {
    // Like Chromium, nginx is part of what `npm test` needs (.ci/run installs both): a missing one is a clear failure.
    if (!nginx) throw new Error('nginx is not installed: apt-get install nginx libnginx-mod-http-brotli-static');
    test.setTimeout(90_000);
    stack = await startDeployStack(nginx!, deployPorts(), { apiSameOrigin: true });
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test('the host: the page with its policy, routes fall back to it, assets never do', async () => {
    const { host } = stack.ports;
    for (const route of ['/', '/login', '/check/line', '/slot/theme/PRE8']) {
      const page = await get(host, route);
      expect(page.status, route).toBe(200);
      expect(page.headers['content-type'], route).toBe('text/html; charset=utf-8');
      expect(page.body.toString(), route).toContain('<div id="root">');
      expect(page.headers['cache-control'], route).toBe(NO_CACHE);
      expect(page.headers['content-security-policy'], route).toBe(expectedPolicy(stack, page.headers['content-security-policy']));
      // The page's inline start carries the nonce its policy names, this answer's own; no validator keeps an old one.
      expect(page.body.toString(), route).toContain(
        `<script nonce="${/'nonce-([0-9a-f]{32})'/.exec(String(page.headers['content-security-policy']))?.[1]}">`,
      );
      expect(page.headers.etag, route).toBeUndefined();
      expect(page.headers['x-frame-options'], route).toBe('DENY');
      expect(page.headers['x-content-type-options'], route).toBe('nosniff');
      expect(page.headers['referrer-policy'], route).toBe('strict-origin-when-cross-origin');
      expect(page.headers['permissions-policy'], route).toBe(PERMISSIONS_POLICY);
      // HSTS only over TLS (below): over plain http a browser would ignore it, and a redirect is the port-80 server's job.
      expect(page.headers['strict-transport-security'], route).toBeUndefined();
    }
    expect(PERMISSIONS_POLICY).toMatch(/(^|, )camera=\(\)(,|$)/);
    // The page's one inline script (the early start) is allowed by the answer's nonce, and nothing else inline.
    expect(stack.policy).toMatch(new RegExp(`script-src 'self' 'nonce-\\$request_id' http://localhost:${stack.ports.remoteDefault} `));
    const twice = await Promise.all([get(host, '/login'), get(host, '/login')]);
    expect(twice[0].headers['content-security-policy']).not.toBe(twice[1].headers['content-security-policy']);
    // The API and channel authorisation are the host's own origin: neither the simulator's API port nor its auth port
    // is listed for the page to call. The host origin by name stays listed, since 'self' does not cover it on a page
    // opened under the host's other name (127.0.0.1). The socket keeps its own origin; images may come from the API's.
    expect(stack.policy).toContain(
      `connect-src 'self' ${stack.hostUrl} ws://localhost:${stack.ports.sim} wss://localhost:${stack.ports.sim} `,
    );
    expect(stack.policy).not.toContain(`http://localhost:${stack.ports.simAuth}`);
    expect(stack.policy).toMatch(new RegExp(`img-src [^;]* ${stack.simUrl}(;| )`));

    for (const name of ['/config.json', '/sites.json']) {
      const file = await get(host, name, { 'accept-encoding': 'gzip, br' });
      expect(file.status, name).toBe(200);
      expect(file.headers['content-type'], name).toBe('application/json; charset=utf-8');
      expect(file.headers['cache-control'], name).toBe(NO_CACHE);
      expect(file.headers['content-security-policy'], name).toBeUndefined();
      expect(file.headers['permissions-policy'], name).toBeUndefined();
      expect(file.headers['x-content-type-options'], name).toBe('nosniff');
    }
    // The service worker at the root (scope / needs no Service-Worker-Allowed), revalidated on every update check, and
    // the offline page it shows, a page of the host's with its policy.
    const worker = await get(host, '/sw.js', { 'accept-encoding': 'gzip, br' });
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(worker.headers['cache-control']).toBe(NO_CACHE);
    expect(worker.headers['content-encoding']).toBe('br');
    const offline = await get(host, '/offline.html');
    expect(offline.status).toBe(200);
    expect(offline.headers['cache-control']).toBe(NO_CACHE);
    expect(offline.headers['content-security-policy']).toBe(expectedPolicy(stack, offline.headers['content-security-policy']));
    expect(stack.policy).toContain("worker-src 'self'");
    const config = JSON.parse((await get(host, '/config.json')).body.toString()) as { apiBase: string; broadcastAuthBase: string };
    expect(config.apiBase).toBe(stack.hostUrl);
    expect(config.broadcastAuthBase).toBe(stack.hostUrl);

    // A missing hashed chunk, or anything else under /static/, is a 404 and never the page (nor cached a year).
    for (const missing of [
      '/static/js/async/404.0123abcd89.js',
      '/static/js/nothing',
      '/static/css/gone.0123abcd.css',
      '/logo-missing.svg',
    ]) {
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

  test("pages drawn in the HTML: the visit's site in the member's language and scheme, its inline style allowed by the answer's nonce alone; the app's page for the rest", async ({
    page,
  }) => {
    const { host } = stack.ports;
    const drawn = async (urlPath: string, cookie = '') => {
      const answer = await get(host, urlPath, { 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) });
      expect(answer.status, urlPath).toBe(200);
      // Made per answer (its nonce its own), so compressed as it goes.
      expect(answer.headers['content-encoding'], urlPath).toBe('gzip');
      expect(answer.headers.etag, urlPath).toBeUndefined();
      const html = zlib.gunzipSync(answer.body).toString();
      return { answer, html, attribute: (name: string) => new RegExp(`<html [^>]*${name}="([^"]*)"`).exec(html)?.[1] ?? null };
    };
    const login = await drawn('/login?prefix=pre8');
    expect([
      login.attribute('data-drawn-page'),
      login.attribute('data-drawn-site'),
      login.attribute('lang'),
      login.attribute('data-theme'),
    ]).toEqual(['login', 'pre8', 'th', 'dark']);
    expect(login.answer.headers['cache-control']).toBe(NO_CACHE);
    // The one inline stylesheet carries the answer's nonce, as its scripts do; the policy is every page's.
    const nonce = /'nonce-([0-9a-f]{32})'/.exec(String(login.answer.headers['content-security-policy']))?.[1];
    expect(login.html).toContain(`<style nonce="${nonce}">`);
    expect(login.html).not.toContain('member-csp-nonce');
    // The policy is the brand's (its promotion framed), its script-src and style-src naming the answer's nonce alone.
    const loginPolicy = String(login.answer.headers['content-security-policy']);
    expect(loginPolicy).toContain(`script-src 'self' 'nonce-${nonce}' `);
    expect(loginPolicy).toContain(`style-src 'self' 'nonce-${nonce}' `);
    expect(loginPolicy).not.toMatch(/sha256|unsafe-inline/);
    // The language and scheme by their cookies; a scheme the site does not have gives its first.
    const bkmc = await drawn('/login?prefix=bkmc', 'i18n_redirected=en; scheme=dark');
    expect([bkmc.attribute('lang'), bkmc.attribute('data-theme')]).toEqual(['en', 'dark']);
    const os39 = await drawn('/register?prefix=os39', 'scheme=dark');
    expect([os39.attribute('data-drawn-page'), os39.attribute('data-theme')]).toEqual(['register', 'light']);
    // The site from LINE's state, and from the login cookie; a path that is no page is the 404.
    expect((await drawn('/check/line?state=ufkkabcdef&code=x')).attribute('data-drawn-site')).toBe('ufkk');
    const notFound = await drawn('/no/such/page', 'member-sm88=sm88');
    expect([notFound.attribute('data-drawn-page'), notFound.attribute('data-drawn-site')]).toEqual(['404', 'sm88']);
    // A member's frame for a visit with the site's session cookies (both), its own site's.
    const frame = await drawn('/slot?prefix=pre8', 'token-pre8=t; type-login-pre8=phone');
    expect([frame.attribute('data-drawn-page'), frame.attribute('data-drawn-kind')]).toEqual(['slot', 'member']);
    for (const cookie of ['token-pre8=t', 'token-os39=t; type-login-os39=phone']) {
      expect((await get(host, '/slot?prefix=pre8', { cookie })).body.toString(), cookie).not.toMatch(/<html [^>]*data-drawn-page/);
    }
    // A member's page for a guest, an unknown site or none: the app's own page, with every page's policy.
    for (const route of ['/profile?prefix=pre8', '/login?prefix=zzzz', '/login', '/register?prefix=bkmc', '/login?prefix=../../etc']) {
      const answer = await get(host, route);
      expect(answer.body.toString(), route).not.toMatch(/<html [^>]*data-drawn-page/);
      expect(unframed(String(answer.headers['content-security-policy'])), route).toBe(
        unframed(expectedPolicy(stack, answer.headers['content-security-policy'])),
      );
    }
    // In a browser, through nginx: the drawn page is taken over by the app under its policy, without one violation.
    const violations = await watchPolicy(page);
    await page.goto(`${stack.hostUrl}/login?prefix=pre8`);
    await page.getByTestId(testIds.loginPhone).pressSequentially('0812');
    await appHasThePage(page);
    expect((await page.getByTestId(testIds.loginPhone).inputValue()).replace(/\D/g, '')).toBe('0812');
    expect(violations).toEqual([]);
  });

  test("a brand team's release reaches the drawn pages with the include script's next run, without a release of the host", async () => {
    const { host } = stack.ports;
    const served = async () => {
      const answer = await get(host, '/login?prefix=pre8');
      const html = answer.body.toString();
      return {
        html,
        releases: /<html [^>]*data-drawn-releases="([^"]*)"/.exec(html)?.[1],
        policy: answer.headers['content-security-policy'],
        scripts: html.replace(/nonce="[^"]*"/g, 'nonce').match(/<script\b[^>]*>/g),
      };
    };
    const before = await served();
    // The brand team's next release of PRE8: its login page's stylesheet changed, a later build in its manifest, the
    // whole release signed with its key (as `npm run build:remote` does).
    const release = mkdtempSync(path.join(tmpdir(), 'member-pre8-release-'));
    try {
      cpSync(path.join(WORKSPACE, 'remote-pre8', 'dist'), release, { recursive: true });
      const manifestFile = path.join(release, 'mf-manifest.json');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
        metaData: { buildInfo: Record<string, string> };
        exposes: { path: string; assets: { css: { sync: string[] } } }[];
      };
      const stylesheet = path.join(release, manifest.exposes.find((entry) => entry.path === './pages/login')!.assets.css.sync[0]!);
      // A rule every page can use: a drawn page carries only the rules its elements can (page-styles.ts).
      writeFileSync(stylesheet, `${readFileSync(stylesheet, 'utf8')}\n:root{--p8-next-release:1}`);
      manifest.metaData.buildInfo.buildVersion = 'the next release';
      writeFileSync(manifestFile, JSON.stringify(manifest));
      signDist(
        release,
        createPrivateKey(readFileSync(path.join(WORKSPACE, 'remote-pre8', 'release-key', 'private.pem'), 'utf8')),
        releaseFields({ theme: 'PRE8' }),
      );
      await stack.redeploy([`--remote-release=PRE8=${release}`]);
      const after = await served();
      const signedManifest = `sha384-${createHash('sha384').update(readFileSync(manifestFile)).digest('base64')}`;
      expect(after.releases).toBe(`PRE8=${signedManifest}`);
      expect(before.releases).not.toBe(after.releases);
      expect(after.html).toContain(':root{--p8-next-release:1}');
      // Its new inline style is allowed by the answer's nonce as before; the host's page around it is the same build.
      expect(unframed(String(after.policy))).toBe(unframed(expectedPolicy(stack, after.policy)));
      expect(after.scripts).toEqual(before.scripts);
    } finally {
      await stack.redeploy([]);
      rmSync(release, { recursive: true, force: true });
    }
    expect((await served()).releases).toBe(before.releases);
  });

  test("the themes under the host's origin (--remote-upstream): /remotes/{theme}/ is the theme's own server", async () => {
    const { host } = stack.ports;
    expect(stack.includes['member-remotes.conf']).toContain(
      `location ^~ /remotes/PRE8/ {\n    proxy_pass http://127.0.0.1:${stack.ports.remotePre8}/;`,
    );
    const manifest = await get(host, '/remotes/PRE8/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.body.toString()).toBe(readFileSync(path.join(WORKSPACE, 'remote-pre8', 'dist', 'mf-manifest.json'), 'utf8'));
    // The theme's server's own headers, each once: nothing of the host's is added to them.
    for (const name of ['cache-control', 'x-content-type-options', 'access-control-allow-origin'])
      expect(
        manifest.lines.filter(([line]) => line === name),
        name,
      ).toHaveLength(name === 'access-control-allow-origin' ? 0 : 1);
    expect(manifest.headers['cache-control']).toBe(NO_CACHE);
    expect((await get(host, '/remotes/PRE8/static/js/async/none.0123abcd.js')).status).toBe(404);
  });

  test("each site's installed app: its manifests as files of the right type, revalidated; its icons PNGs of their sizes, immutable", async () => {
    const { host } = stack.ports;
    for (const site of SITES) {
      const reply = await get(host, `/webapp/${site.key}/manifest-th.webmanifest`);
      expect(reply.status, site.key).toBe(200);
      expect(reply.headers['content-type'], site.key).toBe('application/manifest+json; charset=utf-8');
      expect(reply.headers['cache-control'], site.key).toBe(NO_CACHE);
      expect(reply.headers['content-security-policy'], site.key).toBeUndefined();
      const manifest = JSON.parse(reply.body.toString()) as {
        id: string;
        start_url: string;
        theme_color: string;
        icons: { src: string; sizes: string }[];
      };
      expect([manifest.id, manifest.start_url], site.key).toEqual([`/?prefix=${site.key}`, `/?prefix=${site.key}`]);
      // The theme's colours, read from its remote's build (--remote-manifest), not the neutral ones of a missing theme.
      expect(manifest.theme_color, site.key).not.toBe('#f5f6fa');
      expect(manifest.theme_color, site.key).not.toBe('#0d0f14');
      for (const icon of manifest.icons) {
        const png = await get(host, icon.src);
        expect(png.status, icon.src).toBe(200);
        expect(png.headers['content-type'], icon.src).toBe('image/png');
        expect(png.headers['cache-control'], icon.src).toBe(IMMUTABLE);
        const [width, height] = icon.sizes.split('x').map(Number);
        expect([png.body.readUInt32BE(16), png.body.readUInt32BE(20)], icon.src).toEqual([width, height]);
      }
      const touch = await get(host, `/webapp/${site.key}/apple-touch-icon.png`);
      expect([touch.status, touch.headers['cache-control']], site.key).toEqual([200, NO_CACHE]);
    }
    expect((await get(host, '/webapp/nope/manifest-th.webmanifest')).status).toBe(404);
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

    // With Debian's libnginx-mod-http-brotli-static on the machine, the include script turns brotli_static on and a
    // client that accepts br gets the .br copy; without it, gzip.
    const best = await get(host, entry!, { 'accept-encoding': 'gzip, deflate, br' });
    expect(best.headers.vary).toContain('Accept-Encoding');
    expect(best.headers['cache-control']).toBe(IMMUTABLE);
    if (stack.brotli) {
      expect(stack.includes['member-brotli.conf']).toMatch(/^brotli_static on;$/m);
      expect(best.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(best.body).equals(source)).toBe(true);
      expect(best.body.equals(readFileSync(path.join(stack.hostRoot, `${entry!}.br`)))).toBe(true);
    } else {
      expect(stack.includes['member-brotli.conf']).not.toMatch(/^brotli_static/m);
      expect(best.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(best.body).equals(source)).toBe(true);
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

    const manifest = JSON.parse((await get(remotePre8, '/mf-manifest.json')).body.toString()) as {
      exposes: Array<{ assets: { js: { sync: string[] } } }>;
    };
    const chunk = manifest.exposes.flatMap((e) => e.assets.js.sync).find((file) => /\.[0-9a-f]{8,}\.js$/.test(file));
    expect(chunk).toBeTruthy();
    const hashed = await get(remotePre8, `/${chunk}`, { origin: hostOrigin });
    expect(hashed.status).toBe(200);
    expect(hashed.headers['cache-control']).toBe(IMMUTABLE);
    // A remote's scripts travel precompressed too: brotli when the module is there, else gzip.
    const entrySource = readFileSync(path.join(WORKSPACE, 'remote-pre8', 'dist', 'remoteEntry.js'));
    const compressed = await get(remotePre8, '/remoteEntry.js', { origin: hostOrigin, 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.headers['content-encoding']).toBe(stack.brotli ? 'br' : 'gzip');
    expect((stack.brotli ? zlib.brotliDecompressSync(compressed.body) : zlib.gunzipSync(compressed.body)).equals(entrySource)).toBe(true);
    // The headers that belong to the host's page are not a remote's.
    expect(compressed.headers['permissions-policy']).toBeUndefined();
    expect(compressed.headers['strict-transport-security']).toBeUndefined();

    expect((await get(remotePre8, '/login')).status).toBe(404);
    expect((await get(remotePre8, '/static/js/async/404.0123abcd89.js')).status).toBe(404);
    for (const port of [stack.ports.remoteDefault, remotePre8, stack.ports.remoteOsaka39]) {
      expect((await get(port, '/healthz')).status).toBe(200);
    }
  });

  test("over TLS: HTTP/2, Strict-Transport-Security on the host's own answers, not the API's; a browser gets the brotli copy", async ({
    browser,
  }) => {
    // The certificate is this run's own: trusted here and nowhere else.
    const client = http2.connect(stack.hostTlsUrl, { ca: stack.certificate });
    const h2get = (urlPath: string, headers: Record<string, string> = {}) =>
      new Promise<http2.IncomingHttpHeaders & http2.IncomingHttpStatusHeader>((resolve, reject) => {
        const req = client.request({ ':path': urlPath, ...headers });
        req.on('response', (answer) => {
          req.resume();
          req.on('end', () => resolve(answer));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      for (const route of ['/', '/login']) {
        const page = await h2get(route);
        expect(page[':status'], route).toBe(200);
        expect(page['strict-transport-security'], route).toBe('max-age=31536000');
        expect(page['permissions-policy'], route).toBe(PERMISSIONS_POLICY);
        expect(page['content-security-policy'], route).toBe(expectedPolicy(stack, page['content-security-policy']));
        expect(page['x-frame-options'], route).toBe('DENY');
      }
      expect((client as unknown as { alpnProtocol?: string }).alpnProtocol).toBe('h2');
      const config = await h2get('/config.json');
      expect(config['strict-transport-security']).toBe('max-age=31536000');
      expect(config['permissions-policy']).toBeUndefined();
      // A reply of the API proxied under /api/ carries none of the host's headers, HSTS included.
      const api = await h2get('/api/checkPrefix?prefix=pre8', { accept: 'application/json' });
      expect(api[':status']).toBe(200);
      expect(api['strict-transport-security']).toBeUndefined();
    } finally {
      client.close();
    }

    // A real browser over TLS: the entry chunk comes as the .br copy when the module is there (gzip otherwise).
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    try {
      const html = readFileSync(path.join(stack.hostRoot, 'index.html'), 'utf8');
      const entry = /<link[^>]+href="(\/static\/js\/index\.[^"]+\.js)"/.exec(html)?.[1];
      const page = await context.newPage();
      const response = await page.goto(`${stack.hostTlsUrl}${entry!}`);
      expect(response?.status()).toBe(200);
      expect(await response?.headerValue('content-encoding')).toBe(stack.brotli ? 'br' : 'gzip');
      expect(await response?.headerValue('strict-transport-security')).toBe('max-age=31536000');
    } finally {
      await context.close();
    }
  });

  test('the example site files an operator starts from are valid nginx, with the API proxied over http or https', () => {
    // TLS servers with the certificate paths pointed at a real pair, and the port-80 redirects.
    for (const name of ['member-host.example.conf', 'member-remote.example.conf']) {
      const example = readFileSync(path.join(WORKSPACE, 'deploy', 'nginx', 'sites', name), 'utf8');
      expect(example, name).toMatch(/^\s*listen 443 ssl http2;$/m);
      expect(example, name).toMatch(/^\s*ssl_certificate\s+\/etc\/letsencrypt\/live\/[^/]+\/fullchain\.pem;$/m);
      expect(example, name).toMatch(/^\s*include member\/member-tls\.conf;$/m);
      expect(example, name).toMatch(/^\s*listen 80;[^]*return 301 https:\/\/\$host\$request_uri;/m);
    }
    const result = stack.testExamples();
    expect(result.output).toContain('test is successful');
    expect(result.ok).toBe(true);
    // An operator's API over TLS, under a path, and channel authorisation elsewhere: the certificate checks and
    // the TLS name are valid nginx too (addresses, not names: nginx -t resolves an upstream's name).
    const https = stack.testRecipe(['--api-upstream=https://127.0.0.1:8443/v2', '--broadcast-auth-upstream=https://127.0.0.1:8444']);
    expect(https.output).toContain('test is successful');
    expect(https.ok).toBe(true);
    // Or written by the include script itself (--site-files): one per name, nothing to edit, valid as written.
    const written = stack.testSiteFiles();
    expect(written.output).toContain('test is successful');
    expect(written.ok).toBe(true);
    const host = written.files['member-site-members.example.com.conf'] ?? '';
    expect(host).toMatch(/^\s*listen 443 ssl http2;$/m);
    expect(host).toMatch(/^\s*ssl_certificate\s+\S+\/live\/members\.example\.com\/fullchain\.pem;$/m);
    expect(host).toMatch(new RegExp(`^\\s*root ${stack.hostRoot.replace(/[.]/g, '\\.')};$`, 'm'));
    expect(Object.keys(written.files)).toContain(`member-site-localhost-${stack.ports.remotePre8}.conf`);
  });

  test("a member logs in through it: each theme renders, every API call goes to the host's origin, none pays a preflight, the policy holds", async ({
    page,
  }) => {
    const violations = await watchPolicy(page);
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(message.text()));
    const requests = watchRequests(page);
    const fromLog = stack.simLog().length;
    for (const [prefix, theme] of [
      ['os39', 'OSAKA39'],
      ['bkmc', 'default'],
      ['pre8', 'PRE8'],
    ] as const) {
      await page.goto(`${stack.hostUrl}/login?prefix=${prefix}`);
      await expect(page.locator(`[data-theme-name="${theme}"]`).first()).toBeVisible();
      await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
    }
    const login = new LoginPage(page, 'pre8');
    await login.logIn(PRE8_MEMBER.phone, PRE8_MEMBER.password);
    await expect(page).toHaveURL(`${stack.hostUrl}/profile?prefix=pre8`);
    await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveCount(0);
    // The live channel is signed through the host's origin too (proxied to the authoriser's port).
    await expect.poll(() => channelSubscribed(stack, PRE8_MEMBER.cid)).toBe(true);
    expect(violations).toEqual([]);
    // The browser knows every feature the Permissions-Policy names, and holds the page to it: the powerful features
    // are off, writing to the clipboard (the copy buttons) is on.
    const features = await page.evaluate(() => {
      const policy = (document as unknown as { featurePolicy: { features(): string[]; allowsFeature(name: string): boolean } })
        .featurePolicy;
      return {
        known: policy.features(),
        allowed: Object.fromEntries(policy.features().map((name) => [name, policy.allowsFeature(name)])) as Record<string, boolean>,
      };
    });
    const named = (PERMISSIONS_POLICY as string).split(', ').map((entry) => entry.split('=') as [string, string]);
    for (const [name, allowlist] of named) {
      expect(features.known, name).toContain(name);
      expect(features.allowed[name], name).toBe(allowlist === '(self)');
    }
    expect(features.allowed.camera).toBe(false);
    expect(features.allowed['clipboard-write']).toBe(true);
    expect(consoleLines.filter((line) => /Permissions-Policy/i.test(line))).toEqual([]);
    // The remotes came from nginx, not from the demo's servers.
    const remoteEntries = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.endsWith('/remoteEntry.js')),
    );
    expect(remoteEntries.length).toBeGreaterThan(0);
    const remotePorts = [stack.ports.remoteDefault, stack.ports.remotePre8, stack.ports.remoteOsaka39];
    for (const url of remoteEntries) expect(remotePorts).toContain(Number(new URL(url).port));

    // Every API call the page made went to the host's origin; nothing the page fetched went to the API's own.
    const calls = requests.filter(isApiCall);
    const paths = new Set(calls.map((request) => new URL(request.url()).pathname));
    for (const called of ['/api/checkPrefix', '/api/phoneLogin', '/api/member/broadcasting/auth']) expect([...paths]).toContain(called);
    expect(paths.size).toBeGreaterThan(4);
    for (const call of calls) expect(new URL(call.url()).origin, call.url()).toBe(stack.hostUrl);
    const simOrigins = [stack.simUrl, `http://localhost:${stack.ports.simAuth}`];
    const fetchedElsewhere = requests.filter(
      (r) => ['fetch', 'xhr'].includes(r.resourceType()) && simOrigins.includes(new URL(r.url()).origin),
    );
    expect(fetchedElsewhere.map((r) => r.url())).toEqual([]);
    // The simulator saw every one of them, and not one preflight.
    const answered = stack.simLog().slice(fromLog);
    expect(answered.filter((line) => line.route === '/api/phoneLogin' && line.method === 'POST').map((line) => line.status)).toEqual([200]);
    expect(answered.filter((line) => line.method === 'OPTIONS')).toEqual([]);
  });

  test("a reply through the proxy is the API's own: status, body and headers; a 401 still ends the member's session", async ({
    page,
    context,
  }) => {
    const config = JSON.parse(readFileSync(path.join(stack.hostRoot, 'config.json'), 'utf8')) as { crypto: { key: string; iv: string } };
    const body = JSON.stringify({ prefix: 'pre8', type: 'phone', token: encrypted('not-a-token', config.crypto) });
    const headers = { 'content-type': 'application/json', accept: 'application/json', origin: stack.hostUrl };
    const direct = await get(stack.ports.sim, '/api/getProfile', headers, 'POST', body);
    const proxied = await get(stack.ports.host, '/api/getProfile', headers, 'POST', body);
    expect(direct.status).toBe(401);
    expect(proxied.status).toBe(401);
    expect(proxied.body.equals(direct.body)).toBe(true);
    for (const name of [
      'content-type',
      'cache-control',
      'vary',
      'x-content-type-options',
      'access-control-allow-origin',
      'access-control-expose-headers',
    ]) {
      expect(proxied.headers[name], name).toBe(direct.headers[name]);
    }
    // Nothing of the host's added, and nothing twice (a second Cache-Control, nosniff or Date).
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'etag'])
      expect(proxied.headers[name], name).toBeUndefined();
    for (const name of ['cache-control', 'x-content-type-options', 'date', 'content-type']) {
      expect(
        proxied.lines.filter(([line]) => line === name),
        name,
      ).toHaveLength(1);
    }
    // The request reached the API as sent: method, JSON body, its headers (Origin included).
    const { requests } = (await simControl(stack, '/__sim/requests?route=getProfile')) as {
      requests: Array<{ method: string; origin: string | null; contentType: string | null; bodyFields: string[]; status: number }>;
    };
    expect(requests.slice(-2)).toEqual([
      expect.objectContaining({
        method: 'POST',
        origin: stack.hostUrl,
        contentType: 'application/json',
        bodyFields: ['prefix', 'type', 'token'],
        status: 401,
      }),
      expect.objectContaining({
        method: 'POST',
        origin: stack.hostUrl,
        contentType: 'application/json',
        bodyFields: ['prefix', 'type', 'token'],
        status: 401,
      }),
    ]);

    // In the page: the member whose session the API has ended is sent to log in, as across origins.
    const login = new LoginPage(page, 'pre8');
    await page.goto(`${stack.hostUrl}/login?prefix=pre8`);
    await login.logIn(PRE8_MEMBER.phone, PRE8_MEMBER.password);
    await expect(page).toHaveURL(`${stack.hostUrl}/profile?prefix=pre8`);
    await simControl(stack, '/__sim/sessions/revoke', { prefix: 'pre8', phone: PRE8_MEMBER.phone });
    const refused = page.waitForResponse((response) => response.url() === `${stack.hostUrl}/api/getProfile` && response.status() === 401);
    await page.reload();
    await refused;
    await expect(page).toHaveURL(`${stack.hostUrl}/login?next=%2Fprofile&prefix=pre8`);
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
    expect((await context.cookies()).find((cookie) => cookie.name === 'token-pre8')?.value ?? '').toBe('');
  });

  test('an apiBase of "/" keeps the calls on whichever name the page was opened under', async ({ page }) => {
    const configFile = path.join(stack.hostRoot, 'config.json');
    const original = readFileSync(configFile, 'utf8');
    const hostByAddress = `http://127.0.0.1:${stack.ports.host}`;
    try {
      writeFileSync(configFile, JSON.stringify({ ...JSON.parse(original), apiBase: '/', broadcastAuthBase: '/' }));
      const violations = await watchPolicy(page);
      const requests = watchRequests(page);
      const fromLog = stack.simLog().length;
      await page.goto(`${hostByAddress}/login?prefix=pre8`);
      await new LoginPage(page, 'pre8').logIn(PRE8_MEMBER.phone, PRE8_MEMBER.password);
      await expect(page).toHaveURL(`${hostByAddress}/profile?prefix=pre8`);
      await expect.poll(() => channelSubscribed(stack, PRE8_MEMBER.cid)).toBe(true);
      const calls = requests.filter(isApiCall);
      expect(calls.length).toBeGreaterThan(2);
      for (const call of calls) expect(new URL(call.url()).origin, call.url()).toBe(hostByAddress);
      expect(
        stack
          .simLog()
          .slice(fromLog)
          .filter((line) => line.method === 'OPTIONS'),
      ).toEqual([]);
      expect(violations).toEqual([]);
    } finally {
      writeFileSync(configFile, original);
    }
  });
});

test.describe('the production recipe (nginx), the API on its own origin', () => {
  let stack: DeployStack;
  test.beforeAll(async () => {
    if (!nginx) throw new Error('nginx is not installed: apt-get install nginx libnginx-mod-http-brotli-static');
    test.setTimeout(90_000);
    stack = await startDeployStack(nginx!, deployPorts(), { apiSameOrigin: false });
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test('the policy names the API and the channel authoriser; nothing is proxied', async () => {
    expect(stack.policy).toContain(
      `connect-src 'self' ${stack.simUrl} http://localhost:${stack.ports.simAuth} ws://localhost:${stack.ports.sim}`,
    );
    const config = JSON.parse((await get(stack.ports.host, '/config.json')).body.toString()) as { apiBase: string };
    expect(config.apiBase).toBe(stack.simUrl);
    // /api/ on the host is a route of the app like any other, and the simulator never hears of it.
    const fromLog = stack.simLog().length;
    const answer = await get(stack.ports.host, '/api/checkPrefix?prefix=pre8');
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(stack.simLog().slice(fromLog)).toEqual([]);
  });

  test("a member's first visit pays a preflight per API address it posts to, none for its plain GETs, and none again while the browser keeps it", async ({
    page,
  }) => {
    const violations = await watchPolicy(page);
    const fromLog = stack.simLog().length;
    await page.goto(`${stack.hostUrl}/login?prefix=pre8`);
    await new LoginPage(page, 'pre8').logIn(PRE8_MEMBER.phone, PRE8_MEMBER.password);
    await expect(page).toHaveURL(`${stack.hostUrl}/profile?prefix=pre8`);
    await expect.poll(() => channelSubscribed(stack, PRE8_MEMBER.cid)).toBe(true);
    expect(violations).toEqual([]);
    const first = stack.simLog().slice(fromLog);
    const routes = (lines: typeof first, method: string) =>
      new Set(lines.filter((line) => line.method === method).map((line) => line.route));
    const preflighted = routes(first, 'OPTIONS');
    // Each address the page posted to (JSON bodies; an Authorization header for the channel) was asked first.
    expect([...routes(first, 'POST')].sort()).toEqual([...preflighted].sort());
    expect(preflighted.size).toBeGreaterThan(4);
    // A GET with only an Accept header is a "simple" request: never preflighted.
    expect(routes(first, 'GET').size).toBeGreaterThan(0);
    for (const route of routes(first, 'GET')) expect(preflighted.has(route), route).toBe(false);

    // The next page load posts again, and asks again only for an address it had not posted to yet: the browser
    // keeps each answer (per address, for Access-Control-Max-Age).
    const fromReload = stack.simLog().length;
    await page.reload();
    await expect(page.getByTestId(testIds.logoutButton).first()).toBeVisible();
    await expect.poll(() => routes(stack.simLog().slice(fromReload), 'POST').size).toBeGreaterThan(2);
    const again = stack.simLog().slice(fromReload);
    const postedAgain = [...routes(again, 'POST')].filter((route) => preflighted.has(route));
    expect(postedAgain.length).toBeGreaterThan(0);
    for (const route of routes(again, 'OPTIONS')) expect(preflighted.has(route), route).toBe(false);
  });
});
