import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
// @ts-expect-error: the theme kit's commands are plain Node scripts, without type declarations.
import { createTheme } from '../../scripts/new-theme.mjs';
import { isRunning, startChildServer, stopChildServer, type ChildServer } from '../support/child-servers';
import { workspaceCopy } from '../support/workspace-copy';

/**
 * A brand team restyling a theme under its dev server: `new-theme` makes a theme in a scratch copy of the workspace
 * (the tracked themes are never edited), `rsbuild dev` serves its preview gallery, and saved edits of its tokens.ts
 * reach the open page as a new colour, a broken save shows the build error while the server stays up, and the fix
 * is shown again.
 */
const root = path.resolve(import.meta.dirname, '../..');
/** The scratch theme's dev server: the host's port moved by 70, clear of the site projects' demo and new-theme's copy (+60). */
const PORT = Number(process.env.HOST_PORT ?? 3000) + 70;
const galleryUrl = `http://localhost:${PORT}`;

let copy = '';
let tokensFile = '';
let original = '';
let server: ChildServer | undefined;

/** The workspace as the dev server needs it: the packages and installed modules linked, the run-time files copied. */
function scratchWorkspace(): string {
  const dir = workspaceCopy('theme-tokens-hmr-');
  // new-theme copies the default theme from the workspace it runs in and names the new one in config.json.
  cpSync(path.join(root, 'remote-default'), path.join(dir, 'remote-default'), {
    recursive: true,
    filter: (source) => !['node_modules', 'dist', 'dist-dev', 'release-key'].includes(path.basename(source)),
  });
  mkdirSync(path.join(dir, 'host', 'public'), { recursive: true });
  cpSync(path.join(root, 'host', 'public', 'config.json'), path.join(dir, 'host', 'public', 'config.json'));
  return dir;
}

/** tokens.ts with the light scheme's `--mc-primary` set to `colour`: the edit a brand team makes. */
function withLightPrimary(source: string, colour: string): string {
  const light = source.indexOf('light: {');
  const entry = /'--mc-primary': '#[0-9a-fA-F]{3,8}'/g;
  entry.lastIndex = light;
  const found = light >= 0 ? entry.exec(source) : null;
  if (!found) throw new Error(`no light '--mc-primary' in ${tokensFile}`);
  return `${source.slice(0, found.index)}'--mc-primary': '${colour}'${source.slice(found.index + found[0].length)}`;
}

/**
 * The colour the login button draws with (`--mc-primary`), as the browser computes it, or null while the page
 * reloads; first of all, the dev server must still be running (a crash fails at once, with its output).
 */
function primaryOf(page: Page): Promise<string | null> {
  expectServerUp();
  return page
    .getByTestId(testIds.loginSubmit)
    .evaluate((button) => getComputedStyle(button).backgroundColor, undefined, { timeout: 1000 })
    .catch(() => null);
}

/** The dev server has neither exited nor been killed (rspack's panic aborts it: a signal, not an exit code). */
function expectServerUp() {
  expect(
    isRunning(server),
    `the dev server stopped (${server?.child.exitCode ?? server?.child.signalCode}):\n${server?.output.join('')}`,
  ).toBe(true);
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  copy = scratchWorkspace();
  const { dir } = createTheme('Acme', { root: copy }) as { dir: string };
  const remoteDir = path.join(copy, dir);
  // The new theme has exactly the default theme's dependencies.
  symlinkSync(path.join(root, 'remote-default', 'node_modules'), path.join(remoteDir, 'node_modules'));
  tokensFile = path.join(remoteDir, 'src', 'tokens.ts');
  original = readFileSync(tokensFile, 'utf8');

  // npm run pnpm -- --filter @member/remote-acme dev
  const rsbuild = path.join(remoteDir, 'node_modules', '@rsbuild', 'core', 'bin', 'rsbuild.js');
  server = startChildServer(rsbuild, ['dev'], {
    cwd: remoteDir,
    env: { ...process.env, NODE_ENV: 'development', REMOTE_ACME_PORT: String(PORT) },
  });
  await expect
    .poll(
      async () => {
        expectServerUp();
        return fetch(galleryUrl).then(
          (response) => response.ok,
          () => false,
        );
      },
      { timeout: 60_000, message: `the dev server answers on ${galleryUrl}` },
    )
    .toBe(true);
});

test.afterAll(async () => {
  await stopChildServer(server);
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test('the gallery of a new theme opens in one of its own flavours, named on the document, without a flavour warning', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().includes('flavour')) warnings.push(message.text());
  });
  const looks = (await (await fetch(`${galleryUrl}/__preview-looks.json`)).json()) as { theme: string; flavours: string[] };
  expect(looks.theme).toBe('Acme');
  expect(looks.flavours.length).toBeGreaterThan(0);

  await page.goto(`${galleryUrl}/?page=login&lang=en`);
  await expect(page.locator('[data-theme-name="Acme"]').first()).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Site flavour' });
  // No site of sites.json shows the new theme yet: it opens in its first flavour.
  await expect(picker).toHaveValue(looks.flavours[0]!);
  await expect(page.locator('html')).toHaveAttribute('data-site-css', looks.flavours[0]!);
  // The theme's stylesheet applied that flavour (its rule names it), so the theme root has nothing to warn about.
  await expect
    .poll(() =>
      page
        .locator('[data-theme-name="Acme"]')
        .first()
        .evaluate((root) => getComputedStyle(root).getPropertyValue('--mc-flavour').trim()),
    )
    .toBe(looks.flavours[0]);
  expect(page.url()).toContain(`flavour=${looks.flavours[0]}`);
  expect(warnings).toEqual([]);
});

test('a saved edit of tokens.ts reaches the open gallery as a hot update; a broken one shows its error, the server stays up and the fix shows', async ({
  page,
}) => {
  await page.goto(`${galleryUrl}/?page=login&lang=en&flavour=`);
  const button = page.getByTestId(testIds.loginSubmit);
  await expect(button).toBeVisible();
  const before = await primaryOf(page);
  expect(before).toMatch(/^rgb\(/);
  // Marks this document: a hot update keeps it, a reload would not.
  await page.evaluate(() => Object.assign(window, { tokensHmrMark: true }));

  try {
    writeFileSync(tokensFile, withLightPrimary(original, '#0a7d55'));
    await expect.poll(() => primaryOf(page)).toBe('rgb(10, 125, 85)');
    expect(await page.evaluate(() => 'tokensHmrMark' in window), 'the page took the new colour without reloading').toBe(true);
    expectServerUp();

    // A syntax error: the build names the file and line in the page's error overlay; the server stays up.
    writeFileSync(tokensFile, original.replace("'--mc-primary':", "'--mc-primary'"));
    await expect(page.locator('rsbuild-error-overlay').getByText(/tokens\.ts could not be read: .*\n?.*tokens\.ts:\d+:\d+/)).toBeVisible();
    expectServerUp();

    // The fix, with another colour: shown again (the dev client may reload the page after the failed update).
    writeFileSync(tokensFile, withLightPrimary(original, '#aa2255'));
    await expect.poll(() => primaryOf(page), { timeout: 15_000 }).toBe('rgb(170, 34, 85)');
    await expect(page.locator('rsbuild-error-overlay')).toHaveCount(0);
    expectServerUp();
  } finally {
    writeFileSync(tokensFile, original);
  }
  await expect.poll(() => primaryOf(page), { timeout: 15_000 }).toBe(before);
  expectServerUp();
});
