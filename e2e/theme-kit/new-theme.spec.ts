import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { RawSiteEntry } from '@member/shared-core';
import { changeSiteEntry, siteEntryDrawnBy } from '@member/shared-core/schema/site-entries';
import { testIds } from '@member/shared-core/test-ids';
// @ts-expect-error: the theme kit's commands are plain Node scripts, without type declarations.
import { createTheme } from '../../scripts/new-theme.mjs';
// @ts-expect-error: as above.
import { themeRemotes } from '../../scripts/workspace.mjs';
// @ts-expect-error: as above.
import { signRemoteBuild } from '../../scripts/release-key.mjs';
import { isRunning, startChildServer, stopChildServer, type ChildServer } from '../support/child-servers';
import { movedPorts, portEnv } from '../support/moved-ports';
import { workspaceCopy } from '../support/workspace-copy';

/**
 * A brand team's whole path, on a copy of the deployment: `new-theme` scaffolds a theme the host was never built
 * with, the remote alone is built, one site's layout names it in sites.json, and the demo server shows that site in
 * the new theme. The host's dist is only linked into the copy and must come out byte for byte the same.
 */
const root = path.resolve(import.meta.dirname, '../..');
/** Ports of this copy's demo: the usual ones moved by 60, so it runs beside the site projects' demo. */
const PORTS = { ...movedPorts(60), REMOTE_ACME_PORT: movedPorts(60).HOST_PORT + 4 };
const hostUrl = `http://localhost:${PORTS.HOST_PORT}`;

function hashOfTree(dir: string): string {
  const hash = createHash('sha256');
  for (const file of (readdirSync(dir, { recursive: true }) as string[]).map(String).sort()) {
    const full = path.join(dir, file);
    if (!statSync(full).isFile()) continue;
    hash.update(file).update('\0').update(readFileSync(full)).update('\0');
  }
  return hash.digest('hex');
}

/** The deployment as a brand team meets it: its run-time files and scripts copied, the packages and builds linked. */
function copyOfWorkspace(): string {
  const copy = workspaceCopy('brand-team-');
  mkdirSync(path.join(copy, 'host', 'public'), { recursive: true });
  cpSync(path.join(root, 'host', 'package.json'), path.join(copy, 'host', 'package.json'));
  cpSync(path.join(root, 'host', 'public', 'config.json'), path.join(copy, 'host', 'public', 'config.json'));
  symlinkSync(path.join(root, 'host', 'dist'), path.join(copy, 'host', 'dist'));
  for (const { dir } of themeRemotes() as Array<{ dir: string }>) {
    mkdirSync(path.join(copy, dir));
    cpSync(path.join(root, dir, 'package.json'), path.join(copy, dir, 'package.json'));
    symlinkSync(path.join(root, dir, 'dist'), path.join(copy, dir, 'dist'));
    // The brand teams' public keys, which the demo server lists in the served config.json.
    symlinkSync(path.join(root, dir, 'release-key'), path.join(copy, dir, 'release-key'));
  }
  return copy;
}

async function waitForUrl(url: string, server: ChildServer): Promise<void> {
  await expect
    .poll(
      async () => {
        if (!isRunning(server)) throw new Error(`the demo server stopped (${server.child.exitCode}):\n${server.output.join('')}`);
        return fetch(url).then(
          (response) => response.ok,
          () => false,
        );
      },
      { timeout: 60_000, message: `${url} answers` },
    )
    .toBe(true);
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let copy = '';
let server: ChildServer | undefined;
let hostBefore = '';

test.beforeAll(async () => {
  hostBefore = hashOfTree(path.join(root, 'host', 'dist'));
  copy = copyOfWorkspace();

  // npm run new-theme -- Acme
  const created = createTheme('Acme', { root: copy }) as { dir: string; env: string; flavours: string[] };
  expect(created).toMatchObject({ dir: 'remote-acme', env: 'REMOTE_ACME_PORT', flavours: ['acme-blue', 'acme-emerald', 'mix-violet'] });
  const config = JSON.parse(readFileSync(path.join(copy, 'host', 'public', 'config.json'), 'utf8')) as { remotes: Record<string, string> };
  expect(Object.keys(config.remotes)).toContain('Acme');

  // npm run build:remote -- remote-acme (the new remote has exactly remote-default's dependencies).
  const remoteDir = path.join(copy, created.dir);
  symlinkSync(path.join(root, 'remote-default', 'node_modules'), path.join(remoteDir, 'node_modules'));
  const rsbuild = path.join(remoteDir, 'node_modules', '@rsbuild', 'core', 'bin', 'rsbuild.js');
  const build = spawnSync(process.execPath, [rsbuild, 'build'], {
    cwd: remoteDir,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
  // build:remote signs the build; the new theme has no key yet, so one is made (its public key is what the operator lists).
  expect(signRemoteBuild(remoteDir)).toMatchObject({ made: true });

  // One site drawn by the new theme in one of its flavours, in the deployment's sites.json only.
  const sitesFile = path.join(copy, 'sites.json');
  const sites = JSON.parse(readFileSync(sitesFile, 'utf8')) as { sites: RawSiteEntry[] };
  sites.sites = sites.sites.map((entry) =>
    entry.key === 'bkmc' ? changeSiteEntry(siteEntryDrawnBy(entry, 'Acme'), { flavour: 'acme-emerald' }) : entry,
  );
  writeFileSync(sitesFile, `${JSON.stringify(sites, null, 2)}\n`);

  // npm run serve, from the copy.
  server = startChildServer(path.join(copy, 'scripts', 'serve.mjs'), ['--no-build'], {
    cwd: copy,
    env: { ...process.env, ...portEnv(PORTS) },
  });
  await waitForUrl(`http://localhost:${PORTS.SIM_PORT}/health`, server);
});

test.afterAll(async () => {
  await stopChildServer(server);
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test('a theme made with new-theme and built alone shows its site after only sites.json and config.json change; the host is untouched', async ({
  page,
}) => {
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(`${hostUrl}/login?prefix=bkmc`);
  const acme = page.locator('[data-theme-name="Acme"]').first();
  await expect(acme).toBeVisible();
  await expect(page.getByTestId(testIds.loginSubmit)).toBeVisible();
  await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveCount(0);
  // The site's flavour is the new theme's own, under its name, drawn with the theme's own custom properties.
  const style = (property: string) => acme.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name).trim(), property);
  await expect.poll(() => style('--mc-flavour')).toBe('acme-emerald');
  expect(await style('--acme-tint')).toMatch(/^#[0-9a-f]{6}$/);
  expect(await style('--df-tint')).toBe('');
  expect(warnings.filter((text) => text.includes('[theme]'))).toEqual([]);

  // The other brands are as they were.
  await page.goto(`${hostUrl}/login?prefix=pre8`);
  await expect(page.locator('[data-theme-name="PRE8"]').first()).toBeVisible();
  expect(errors).toEqual([]);

  expect(hashOfTree(path.join(root, 'host', 'dist')), "the host's dist").toBe(hostBefore);
});
