import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
// @ts-expect-error: the workspace's scripts are plain Node modules, without type declarations.
import { themeRemotes } from '../../scripts/workspace.mjs';
import { startChildServer, stopChildServer, type ChildServer } from '../support/child-servers';
import { movedPorts, portEnv } from '../support/moved-ports';
import { workspaceCopy } from '../support/workspace-copy';

/**
 * A brand team at work on its theme: `npm run dev -- --theme remote-pre8 --site pre8` on a copy of the workspace (the
 * host's and the theme's sources copied, so the edits below never touch a tracked file), on ports of its own. The real
 * host, in its dev server, shows the site in the theme from the theme's dev server, whose builds are signed with a key
 * made for the copy; an edit of the theme's source, then of the host's, shows in the open page without a reload.
 */
const root = path.resolve(import.meta.dirname, '../..');
/** Ports of this copy's dev servers: the usual ones moved by 75, so it runs beside the site projects' demo. */
const PORTS = movedPorts(75);
const hostUrl = `http://localhost:${PORTS.HOST_PORT}`;
const themeUrl = `http://localhost:${PORTS.REMOTE_PRE8_PORT}`;
const THEME_DIR = 'remote-pre8';
const PRODUCTION_PAGE = '<!doctype html><title>the production build</title>\n';

/** A folder's files, without what a build or an install put there. */
function copySources(from: string, to: string, leave: string[]): void {
  cpSync(from, to, { recursive: true, filter: (source) => !leave.includes(path.relative(from, source).split(path.sep)[0]!) });
  symlinkSync(path.join(from, 'node_modules'), path.join(to, 'node_modules'));
}

/**
 * The workspace with the host's and the theme's sources copied (the files the test edits), the other packages, the
 * other remotes' builds and their public keys linked. The theme has no release key in the copy: the dev harness makes one.
 */
function copyOfWorkspace(): string {
  const copy = workspaceCopy('theme-dev-');
  copySources(path.join(root, 'host'), path.join(copy, 'host'), ['node_modules', 'dist']);
  // A production build the dev server must leave alone (the demo server serves it).
  mkdirSync(path.join(copy, 'host', 'dist'));
  writeFileSync(path.join(copy, 'host', 'dist', 'index.html'), PRODUCTION_PAGE);
  for (const { dir } of themeRemotes() as Array<{ dir: string }>) {
    if (dir === THEME_DIR) {
      copySources(path.join(root, dir), path.join(copy, dir), ['node_modules', 'dist', 'dist-dev', 'release-key']);
      continue;
    }
    mkdirSync(path.join(copy, dir));
    cpSync(path.join(root, dir, 'package.json'), path.join(copy, dir, 'package.json'));
    symlinkSync(path.join(root, dir, 'dist'), path.join(copy, dir, 'dist'));
    symlinkSync(path.join(root, dir, 'release-key'), path.join(copy, dir, 'release-key'));
  }
  return copy;
}

/** Resolves when the harness prints `line`; rejects if it exits first. */
function printed({ child, output }: ChildServer, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (output.join('').includes(line)) resolve();
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => reject(new Error(`the dev harness stopped (${code}) before it printed ${line}:\n${output.join('')}`)));
    check();
  });
}

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: 'localhost' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Replaces `from` by `to` in a file of the copy; fails when the file no longer holds `from`. */
function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  expect(text, `${file} holds the text the test changes`).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let copy = '';
let dev: ChildServer | undefined;
let url = '';

test.beforeAll(async () => {
  copy = copyOfWorkspace();
  const began = Date.now();
  dev = startChildServer(path.join(copy, 'scripts', 'dev.mjs'), ['--theme', THEME_DIR, '--site', 'pre8'], {
    cwd: copy,
    env: { ...process.env, ...portEnv(PORTS) },
  });
  url = `${hostUrl}/login?prefix=pre8`;
  await printed(dev, `open          ${url}`);
  test.info().annotations.push({ type: 'dev start-up', description: `${Date.now() - began} ms` });
});

test.afterAll(async () => {
  await stopChildServer(dev, 'SIGKILL');
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** Counts the page's own navigations (a reload is one): an edit must show without any. */
function navigations(page: Page): () => number {
  let count = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) count += 1;
  });
  return () => count;
}

test('the real host in dev shows the site in the theme from its dev server, signed; edits of the theme and the host show in the open page', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const policyRefusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) policyRefusals.push(message.text());
  });

  await test.step('the theme, signed with a key made for it, draws the site', async () => {
    const signedList = page.waitForResponse(`${themeUrl}/signed-files.json`);
    const answer = await page.goto(url);
    const policy = answer?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain(`ws://localhost:${PORTS.REMOTE_PRE8_PORT}`);
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).not.toContain("'unsafe-inline'");
    await expect(page.locator('[data-theme-name="PRE8"]').first()).toBeVisible();
    await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
    await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveCount(0);
    expect((await signedList).ok()).toBe(true);

    const made = readFileSync(path.join(copy, THEME_DIR, 'release-key', 'public.txt'), 'utf8').trim();
    const config = (await (await page.request.get(`${hostUrl}/config.json`)).json()) as {
      remotes: Record<string, string>;
      remoteKeys: Record<string, string[]>;
    };
    expect(config.remotes.PRE8).toBe(`${themeUrl}/mf-manifest.json`);
    expect(config.remoteKeys.PRE8?.[0]).toBe(made);
    expect(readFileSync(path.join(copy, 'host', 'dist', 'index.html'), 'utf8'), "the host's production build, left as it was").toBe(
      PRODUCTION_PAGE,
    );
  });

  const navigated = navigations(page);
  await page.evaluate(() => {
    (window as unknown as { openedOnce: string }).openedOnce = 'this page';
  });
  const samePage = () => page.evaluate(() => (window as unknown as { openedOnce?: string }).openedOnce);

  await test.step("an edit of the theme's source shows without a reload", async () => {
    const began = Date.now();
    edit(
      path.join(copy, THEME_DIR, 'src', 'pages', 'login.tsx'),
      '<main className={styles.main}>',
      '<main className={styles.main} data-hot-edit="theme">',
    );
    await expect(page.locator('main[data-hot-edit="theme"]')).toBeAttached({ timeout: 30_000 });
    test.info().annotations.push({ type: 'theme edit shown', description: `${Date.now() - began} ms` });
    await expect(page.locator('[data-theme-name="PRE8"]').first()).toBeVisible();
    expect(await samePage()).toBe('this page');
    expect(navigated()).toBe(0);
  });

  await test.step("an edit of the host's source shows without a reload", async () => {
    const began = Date.now();
    edit(
      path.join(copy, 'host', 'src', 'app', 'routes', 'themed-page.tsx'),
      '<LiveUpdatesNotice />',
      '<LiveUpdatesNotice />\n      <i data-hot-edit="host" hidden />',
    );
    await expect(page.locator('i[data-hot-edit="host"]')).toBeAttached({ timeout: 30_000 });
    test.info().annotations.push({ type: 'host edit shown', description: `${Date.now() - began} ms` });
    await expect(page.locator('main[data-hot-edit="theme"]')).toBeAttached();
    expect(await samePage()).toBe('this page');
    expect(navigated()).toBe(0);
  });

  await test.step("a syntax error in the theme is drawn over the page, styled under the page's policy, and printed in the terminal; its fix takes it away", async () => {
    const file = path.join(copy, THEME_DIR, 'src', 'pages', 'login.tsx');
    const good = readFileSync(file, 'utf8');
    const printedBefore = dev!.output.join('').length;
    edit(file, '<main className={styles.main} data-hot-edit="theme">', '<main className={styles.main} data-hot-edit="theme"');
    const overlay = page.locator('rsbuild-error-overlay');
    await expect(overlay.locator('.title')).toBeVisible({ timeout: 30_000 });
    await expect(overlay.locator('.content')).toContainText('login.tsx');
    // Its own style applies (a fixed layer over the page), which the policy allows by the style's hash alone.
    await expect.poll(() => overlay.locator('.root').evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    await expect.poll(() => dev!.output.join('').slice(printedBefore)).toMatch(/error[^]*login\.tsx/i);
    writeFileSync(file, good);
    await expect(overlay).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('main[data-hot-edit="theme"]')).toBeAttached();
  });

  expect(errors).toEqual([]);
  expect(policyRefusals).toEqual([]);
});

test('Ctrl-C stops every server the harness started', async () => {
  expect(dev?.child.pid).toBeDefined();
  const exited = new Promise<number | null>((resolve) => dev?.child.once('exit', (code) => resolve(code)));
  // What a terminal does: SIGINT to the foreground job's process group.
  process.kill(-dev!.child.pid!, 'SIGINT');
  expect(await exited).toBe(0);
  for (const port of Object.values(PORTS)) expect(await listening(port), `port ${port}`).toBe(false);
});
