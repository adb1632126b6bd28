import http from 'node:http';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { deployPorts, findNginx, startDeployStack, WORKSPACE, type DeployStack } from '../support/nginx-stack';
// @ts-expect-error: the workspace's scripts are plain Node modules, without type declarations.
import { signDist } from '../../scripts/release-signing.mjs';
// @ts-expect-error: the workspace's scripts are plain Node modules, without type declarations.
import { compressDists } from '../../scripts/compress.mjs';
// @ts-expect-error: the workspace's scripts are plain Node modules, without type declarations.
import { scaledDeployment } from '../../scripts/scale-workspace.mjs';

// What an operator changes on a running deployment, through Debian's nginx and the recipe, done as docs/deploy.md says:
// a host deploy, a theme deploy, a change of the run-time files, logos that are bad or elsewhere, and a deployment
// grown to 300 brands and 20 themes; and what a browser keeps of a file that was wrong once. A stack of its own, on the
// ports ten above deploy.spec.ts's, so the two files never meet.
const nginx = findNginx();
const BASE = Number(process.env.DEPLOY_PORT_BASE ?? 4410) + 10;

test.describe.configure({ mode: 'serial' });

let stack: DeployStack;
test.beforeAll(async () => {
  if (!nginx) throw new Error('nginx is not installed: apt-get install nginx libnginx-mod-http-brotli-static');
  test.setTimeout(90_000);
  stack = await startDeployStack(nginx, deployPorts({ DEPLOY_PORT_BASE: String(BASE) }), { apiSameOrigin: true });
});
test.afterAll(async () => {
  await stack?.stop();
});

/** Collects the page's Content-Security-Policy violations as "directive blocked-url". */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('__reportCspViolation', (_source, line: string) => void violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation?: (line: string) => void }).__reportCspViolation?.(
        `${event.effectiveDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

/** Keeps the files named (and their .br/.gz copies) and gives back a function that puts them back as they were. */
function keep(files: string[]): () => void {
  const kept = files
    .flatMap((file) => ['', '.br', '.gz'].map((ext) => file + ext))
    .map((file) => [file, existsSync(file) ? readFileSync(file) : null] as const);
  return () => {
    for (const [file, bytes] of kept) {
      if (bytes) writeFileSync(file, bytes);
      else rmSync(file, { force: true });
    }
  };
}

/** The reports the stack's simulator received of a kind since a moment. */
async function reports(kind: string, since: number): Promise<Array<{ message: string; theme: string | null }>> {
  const answer = await fetch(`${stack.simUrl}/__sim/reports`);
  const { reports: all } = (await answer.json()) as {
    reports: Array<{ kind: string; message: string; theme: string | null; receivedAt: number }>;
  };
  return all.filter((report) => report.kind === kind && report.receivedAt >= since);
}

test('a host deploy: a new build copied over the old one, then the include script run, runs in every brand; before that run every page still works', async ({
  page,
}) => {
  const violations = await watchPolicy(page);
  const index = path.join(stack.hostRoot, 'index.html');
  const html = readFileSync(index, 'utf8');
  const entry = /\/static\/js\/(index\.[0-9a-f]+\.js)/.exec(html)![1]!;
  // A rebuilt host whose entry has another name: the inline start that runs it is another text than the last build's.
  const renamed = entry.replace(/\.([0-9a-f]+)\.js$/, (_match, hash: string) => `.${[...hash].reverse().join('')}.js`);
  const restore = keep([index, path.join(stack.hostRoot, 'static', 'js', renamed)]);
  try {
    for (const ext of ['', '.br', '.gz']) {
      const from = path.join(stack.hostRoot, 'static', 'js', entry + ext);
      if (existsSync(from)) copyFileSync(from, path.join(stack.hostRoot, 'static', 'js', renamed + ext));
    }
    writeFileSync(index, html.replaceAll(entry, renamed));
    // Copied, the include script not run yet: the drawn pages are the last build's, whose files are still there.
    await page.goto(`${stack.hostUrl}/login?prefix=pre8`);
    await expect(page.locator('[data-theme-name="PRE8"]').first()).toBeVisible();
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
    // The include script run as docs/deploy.md says: every page is drawn from the new build.
    await stack.redeploy([]);
    for (const [prefix, theme] of [
      ['pre8', 'PRE8'],
      ['os39', 'OSAKA39'],
      ['bkmc', 'default'],
    ] as const) {
      await page.goto(`${stack.hostUrl}/login?prefix=${prefix}`);
      await expect(page.locator(`[data-theme-name="${theme}"]`).first()).toBeVisible();
      await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
    }
    const ran = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((name) => name.includes('/static/js/index.')),
    );
    expect(ran.some((name) => name.endsWith(renamed))).toBe(true);
    expect(violations).toEqual([]);
  } finally {
    restore();
    await stack.redeploy([]);
  }
});

test('a theme deploy as docs/deploy.md says: the next visit runs the new release, and the one before it is refused after', async ({
  page,
}) => {
  const since = Date.now() - 1000;
  const dir = stack.remoteRoots.PRE8;
  const list = path.join(dir, 'signed-files.json');
  const restore = keep([list]);
  const seen = () =>
    page.evaluate(() => (JSON.parse(localStorage.getItem('member-theme-releases') ?? '{}') as Record<string, number>).PRE8 ?? null);
  try {
    await page.goto(`${stack.hostUrl}/login/theme/PRE8?prefix=pre8`);
    await expect(page.locator('[data-theme-name="PRE8"]').first()).toBeVisible();
    const first = await seen();
    expect(first).not.toBeNull();
    // The brand team's next release (the same build signed again a minute later, compressed, copied over the old).
    const later = Date.now() + 60_000;
    signDist(dir, readFileSync(path.join(WORKSPACE, 'remote-pre8', 'release-key', 'private.pem'), 'utf8'), { theme: 'PRE8', now: later });
    await compressDists([dir]);
    await page.goto(`${stack.hostUrl}/login/theme/PRE8?prefix=pre8`);
    await expect(page.locator('[data-theme-name="PRE8"]').first()).toBeVisible();
    expect(await seen()).toBe(later);
    // The brand host serves the release before it again: this device ran a newer one, so it runs none of it.
    restore();
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${stack.hostUrl}/login/theme/PRE8?prefix=pre8`);
    await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveAttribute('data-wanted-theme', 'PRE8');
    await expect(page.locator('[data-theme-name="default"]').first()).toBeVisible();
    await expect.poll(async () => (await reports('release-refused', since)).some((r) => r.theme === 'PRE8')).toBe(true);
  } finally {
    restore();
  }
});

test('a change of the run-time files as docs/deploy.md says: compress again, run the script, reload; the page follows', async () => {
  const config = path.join(stack.hostRoot, 'config.json');
  const sites = path.join(stack.hostRoot, 'sites.json');
  const restore = keep([config, sites]);
  const promo = `http://127.0.0.1:${stack.ports.sim}`;
  const frameSrc = async () => {
    const answer = await fetch(`${stack.hostUrl}/promotion?prefix=pre8`);
    return /frame-src ([^;]*)/.exec(answer.headers.get('content-security-policy') ?? '')?.[1];
  };
  try {
    expect(await frameSrc()).toBe(`http://localhost:${stack.ports.sim}`);
    // pre8's promotion moves to another origin, which config.json allows.
    const configJson = JSON.parse(readFileSync(config, 'utf8')) as { allowedOrigins: string[] };
    writeFileSync(config, JSON.stringify({ ...configJson, allowedOrigins: [...configJson.allowedOrigins, promo] }, null, 2));
    const sitesJson = JSON.parse(readFileSync(sites, 'utf8')) as { sites: Array<{ key: string; promoLink: string }> };
    for (const site of sitesJson.sites) if (site.key === 'pre8') site.promoLink = `${promo}/promo/pre8`;
    writeFileSync(sites, JSON.stringify(sitesJson, null, 2));
    for (const file of [config, sites]) for (const ext of ['.br', '.gz']) rmSync(file + ext, { force: true });
    await compressDists([stack.hostRoot]);
    expect(stack.writeIncludes().status).toBe(0);
    await stack.reload();
    expect(await frameSrc()).toBe(promo);
    const served = (await (await fetch(`${stack.hostUrl}/sites.json`, { headers: { 'accept-encoding': 'br' } })).json()) as {
      sites: Array<{ key: string; promoLink: string }>;
    };
    expect(served.sites.find((site) => site.key === 'pre8')?.promoLink).toBe(`${promo}/promo/pre8`);
  } finally {
    restore();
    stack.writeIncludes();
    await stack.reload();
  }
});

test('a hashed chunk answered wrong once stays in the HTTP cache a year; the page fetches it again past the cache and heals', async ({
  browser,
}) => {
  const since = Date.now() - 1000;
  const manifest = JSON.parse(readFileSync(path.join(stack.remoteRoots.PRE8, 'mf-manifest.json'), 'utf8')) as {
    exposes: Array<{ name: string; assets: { js: { sync: string[] } } }>;
  };
  const others = new Set(manifest.exposes.filter((e) => e.name !== 'pages/login').flatMap((e) => e.assets.js.sync));
  const chunk = manifest.exposes.find((e) => e.name === 'pages/login')!.assets.js.sync.find((file) => !others.has(file))!;
  const file = path.join(stack.remoteRoots.PRE8, chunk);
  const restore = keep([file]);
  // One context, its HTTP cache on (no route in it: routing turns the cache off), as a member's browser.
  const context = await browser.newContext();
  try {
    // The chunk as something on the way answered it once: altered bytes, status 200, immutable for a year.
    writeFileSync(file, `${readFileSync(file, 'utf8')};window.__memberTampered = 1;`);
    for (const ext of ['.br', '.gz']) rmSync(file + ext, { force: true });
    const first = await context.newPage();
    await first.goto(`${stack.hostUrl}/login/theme/PRE8?prefix=pre8`);
    await expect(first.getByTestId(testIds.themeFallbackNotice)).toHaveAttribute('data-wanted-theme', 'PRE8');
    await first.close();
    // Fixed on the server; the browser still holds the wrong copy.
    restore();
    const next = await context.newPage();
    await next.goto(`${stack.hostUrl}/login/theme/PRE8?prefix=pre8`);
    await expect(next.locator('[data-theme-name="PRE8"]').first()).toBeVisible();
    await expect(next.getByTestId(testIds.themeFallbackNotice)).toHaveCount(0);
    expect(await next.evaluate(() => (window as unknown as { __memberTampered?: number }).__memberTampered ?? 0)).toBe(0);
    await expect
      .poll(async () =>
        (await reports('stale-copy-healed', since)).some(
          (r) => r.theme === 'PRE8' && r.message.includes(path.basename(chunk).split('.')[0]!),
        ),
      )
      .toBe(true);
  } finally {
    restore();
    await context.close();
  }
});

test("logos: a bad one costs its own brand's app alone, with a line naming it; none is fetched from a private address; one on another origin shows", async ({
  page,
}) => {
  const sites = path.join(stack.hostRoot, 'sites.json');
  const restore = keep([sites]);
  let asked = 0;
  const internal = http.createServer((_req, res) => {
    asked += 1;
    res.end(readFileSync(path.join(stack.hostRoot, 'logos', 'pre8.svg')));
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  const logos = path.join(stack.hostRoot, 'logos');
  mkdirSync(logos, { recursive: true });
  writeFileSync(
    path.join(logos, 'bomb.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><filter id="f"><feGaussianBlur stdDeviation="900"/><feMorphology radius="900"/></filter><rect width="64" height="64" filter="url(#f)"/></svg>',
  );
  writeFileSync(path.join(logos, 'broken.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><rect');
  const violations = await watchPolicy(page);
  try {
    const sitesJson = JSON.parse(readFileSync(sites, 'utf8')) as { sites: Array<{ key: string; logo: string }> };
    const logoOf: Record<string, string> = {
      bkmc: '/logos/bomb.svg',
      ufkk: '/logos/broken.svg',
      sm88: `http://127.0.0.1:${(internal.address() as { port: number }).port}/logo.svg`,
      // pre8's logo on another origin the deployment serves (the host under its other name): the page may show it; the
      // server, which fetches logos from public addresses only, draws no app from it.
      pre8: `http://127.0.0.1:${stack.ports.host}/logos/pre8.svg`,
    };
    for (const site of sitesJson.sites) if (logoOf[site.key]) site.logo = logoOf[site.key]!;
    writeFileSync(sites, JSON.stringify(sitesJson, null, 2));
    for (const ext of ['.br', '.gz']) rmSync(sites + ext, { force: true });
    await compressDists([stack.hostRoot]);
    for (const key of ['bkmc', 'ufkk', 'sm88', 'os39']) rmSync(path.join(stack.hostRoot, 'webapp', key), { recursive: true, force: true });
    const started = performance.now();
    const run = stack.writeIncludes();
    expect(run.status, run.stderr).toBe(0);
    expect(performance.now() - started).toBeLessThan(60_000);
    // One line per brand left out, naming it and why; every other brand has its app.
    expect(run.stderr).toMatch(/^warning: site "bkmc" gets no installed app: the SVG logo asks for a blur of 900/m);
    expect(run.stderr).toMatch(/^warning: site "ufkk" gets no installed app: the SVG logo cannot be read/m);
    expect(run.stderr).toMatch(
      /^warning: site "sm88" gets no installed app: the logo http:\/\/127\.0\.0\.1:\d+\/logo\.svg could not be fetched \(127\.0\.0\.1 is not a public address\)/m,
    );
    expect(run.stderr).toMatch(
      /^warning: site "pre8" gets no installed app: the logo http:\/\/127\.0\.0\.1:\d+\/logos\/pre8\.svg could not be fetched/m,
    );
    expect(asked).toBe(0);
    expect(run.stderr.split('\n').filter((line) => line.startsWith('warning: site ')).length).toBe(4);
    expect(existsSync(path.join(stack.hostRoot, 'webapp', 'os39', 'manifest-th.webmanifest'))).toBe(true);
    await stack.reload();
    // The policy lets the page show pre8's logo from its own origin; the brand's shell and login draw it.
    await page.goto(`${stack.hostUrl}/login?prefix=pre8`);
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
    const logo = page.locator(`img[src="${logoOf.pre8}"]`).first();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(violations).toEqual([]);
  } finally {
    internal.close();
    restore();
    await compressDists([stack.hostRoot]);
    stack.writeIncludes();
    await stack.reload();
  }
});

test("a theme the include script cannot draw with leaves its own brands' pages to the browser; every brand after it is still drawn as itself", async () => {
  // Eight brands of five themes, two of them on origins nothing serves (no release to draw with), met before the rest.
  test.setTimeout(120_000);
  const config = path.join(stack.hostRoot, 'config.json');
  const sites = path.join(stack.hostRoot, 'sites.json');
  const restore = keep([config, sites]);
  try {
    const scaled = (await scaledDeployment({
      config: JSON.parse(readFileSync(config, 'utf8')),
      sites: JSON.parse(readFileSync(sites, 'utf8')),
      brands: 8,
      themes: 5,
    })) as { config: object; sites: { sites: Array<{ key: string }> } };
    writeFileSync(config, JSON.stringify(scaled.config, null, 2));
    writeFileSync(sites, JSON.stringify(scaled.sites, null, 2));
    for (const file of [config, sites]) for (const ext of ['.br', '.gz']) rmSync(file + ext, { force: true });
    await compressDists([stack.hostRoot]);
    const run = stack.writeIncludes();
    expect(run.status, run.stderr).toBe(0);
    await stack.reload();
    const login = async (key: string) => {
      const html = await (await fetch(`${stack.hostUrl}/login?prefix=${key}`)).text();
      return {
        drawn: /<html [^>]*data-drawn-page="login"/.test(html),
        form: html.includes(`data-testid="${testIds.loginPhone}"`),
        failure: html.includes(`data-testid="${testIds.loadFailure}"`),
      };
    };
    // b003 and b004 are drawn by Theme04 and Theme05: the browser draws them. Every other brand comes drawn, its form
    // in the HTML, never the page of a load that failed.
    const keys = scaled.sites.sites.map((site) => site.key);
    for (const key of keys) {
      const answer = await login(key);
      const expected = ['b003', 'b004'].includes(key)
        ? { drawn: false, form: false, failure: false }
        : { drawn: true, form: true, failure: false };
      expect(answer, key).toEqual(expected);
    }
  } finally {
    restore();
    await compressDists([stack.hostRoot]);
    stack.writeIncludes();
    await stack.reload();
  }
});

test('300 brands and 20 themes: a policy nginx takes, an incremental include run, the 300th brand served and connecting only where its pages go', async ({
  page,
}) => {
  // 1200 icons drawn from nothing take a while on a two-core machine; the run with nothing changed is what is bounded.
  test.setTimeout(180_000);
  const config = path.join(stack.hostRoot, 'config.json');
  const sites = path.join(stack.hostRoot, 'sites.json');
  const restore = keep([config, sites]);
  const timed = (extra: string[] = []) => {
    const started = performance.now();
    const run = stack.writeIncludes(extra);
    expect(run.status, run.stderr).toBe(0);
    return { seconds: (performance.now() - started) / 1000, run };
  };
  const note = (description: string) => {
    test.info().annotations.push({ type: 'include script', description });
    console.log(`include script: ${description}`);
  };
  try {
    // The five-brand deployment first, its apps drawn from nothing, then again with nothing changed.
    rmSync(path.join(stack.hostRoot, 'webapp'), { recursive: true, force: true });
    note(`5 brands, first run: ${timed().seconds.toFixed(1)} s; unchanged: ${timed().seconds.toFixed(1)} s`);

    const scaled = (await scaledDeployment({
      config: JSON.parse(readFileSync(config, 'utf8')),
      sites: JSON.parse(readFileSync(sites, 'utf8')),
    })) as {
      config: { remotes: Record<string, string> };
      sites: { sites: Array<{ key: string; promoLink: string }> };
      last: string;
    };
    writeFileSync(config, JSON.stringify(scaled.config, null, 2));
    writeFileSync(sites, JSON.stringify(scaled.sites, null, 2));
    for (const file of [config, sites]) for (const ext of ['.br', '.gz']) rmSync(file + ext, { force: true });
    await compressDists([stack.hostRoot]);
    rmSync(path.join(stack.hostRoot, 'webapp'), { recursive: true, force: true });
    // Without the pages drawn in the HTML at this scale: drawing every page of 300 brands is the one part of the run
    // that grows with the pages (about 45 s on a quiet two-core machine, docs/deploy.md), timed apart rather than in
    // every run of the suite; what is bounded here is the policy, the icons and the incremental run.
    const first = timed(['--no-drawn']);
    const again = timed(['--no-drawn']);
    note(`300 brands and 20 themes, first run: ${first.seconds.toFixed(1)} s; unchanged: ${again.seconds.toFixed(1)} s`);
    expect(again.seconds).toBeLessThanOrEqual(15);
    expect(again.run.stdout).toMatch(/: 0 files written, 1800 unchanged/);
    // The 17 themes on origins nothing serves: one line each, not one per site.
    expect(first.run.stderr.split('\n').filter((line) => line.startsWith('warning: theme Theme')).length).toBe(17);
    expect(first.run.stderr).not.toMatch(/warning: site /);
    // The policy written is one nginx takes (reload runs nginx -t first), and the 300th brand's page is served under it.
    await stack.reload();
    const violations = await watchPolicy(page);
    const answer = await page.goto(`${stack.hostUrl}/login?prefix=${scaled.last}`);
    await expect(page.locator('[data-theme-name="PRE8"]').first()).toBeVisible();
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
    const policy = answer!.headers()['content-security-policy']!;
    expect(/frame-src ([^;]*)/.exec(policy)?.[1]).toBe(new URL(scaled.sites.sites.at(-1)!.promoLink).origin);
    // Connections opened ahead only to the themes its pages use (PRE8's, and the default theme's for a fallback).
    const preconnects = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')].map((link) => new URL(link.href).origin),
    );
    const used = [scaled.config.remotes.PRE8!, scaled.config.remotes.default!].map((url) => new URL(url).origin);
    expect(preconnects.sort()).toEqual([...new Set(used)].sort());
    expect(violations).toEqual([]);
  } finally {
    restore();
    await compressDists([stack.hostRoot]);
    rmSync(path.join(stack.hostRoot, 'webapp'), { recursive: true, force: true });
    stack.writeIncludes();
    await stack.reload();
  }
});
