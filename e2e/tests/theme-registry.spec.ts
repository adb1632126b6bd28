import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RawSiteEntry } from '@member/shared-core';
import { siteEntryDrawnBy } from '@member/shared-core/schema/site-entries';
import { testIds } from '@member/shared-core/test-ids';
import type { Page } from '@playwright/test';
import { expect, overrideConfig, test } from '../support/fixtures';
import { serveResigned } from '../support/resigned-release';
import { ONCE } from '../support/site-looks';
import { UNRELEASED_MINOR_VERSION } from '../support/contract-versions';

// Entries as the file writes them: this spec serves broken ones on purpose, to see the host's schema refuse each field.

const WORKSPACE = path.resolve(import.meta.dirname, '../..');
const realSites = (JSON.parse(readFileSync(path.join(WORKSPACE, 'sites.json'), 'utf8')) as { sites: RawSiteEntry[] }).sites;

/** Serves the deployment's own sites.json (ports already moved by the server), changed by `change`. */
async function overrideSites(page: Page, change: (sites: RawSiteEntry[]) => void): Promise<void> {
  await page.route('**/sites.json', async (route) => {
    const response = await route.fetch();
    const file = (await response.json()) as { sites: RawSiteEntry[] };
    change(file.sites);
    await route.fulfill({ response, body: JSON.stringify(file) });
  });
}

async function expectWorkingLogin(page: Page) {
  await page.getByTestId(testIds.loginPhone).fill('0812345678');
  await expect(page.getByTestId(testIds.loginPhone)).toHaveValue('081-234-5678');
}

test.describe('the theme registry is the deployment config', () => {
  test('a bad site entry takes down only that site, naming every bad field', ONCE, async ({ page, site }) => {
    const brokenIndex = realSites.findIndex((s) => s.key !== site.key);
    const broken = realSites[brokenIndex]!;
    await overrideSites(page, (sites) => {
      sites[brokenIndex]!.layout = 'NEON';
      sites[brokenIndex]!.logo = '';
      sites[brokenIndex]!.components[0]!.layout = 'Nope';
    });
    await page.goto(`/login?prefix=${broken.key}`);
    const error = page.getByTestId(testIds.configError);
    await expect(error).toContainText('sites.json');
    await expect(error.getByRole('listitem')).toHaveText([
      new RegExp(`sites\\[${brokenIndex}\\]\\.components\\[0\\]\\.layout`),
      new RegExp(`sites\\[${brokenIndex}\\]\\.logo`),
      new RegExp(`sites\\[${brokenIndex}\\]\\.layout`),
    ]);
    // Every other brand still works, with the same files.
    await page.goto(`/login?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.configError)).toHaveCount(0);
    await expectWorkingLogin(page);
  });

  test(
    'a theme name the host was never built with renders a site whose layout names it (aliasing the PRE8 remote)',
    ONCE,
    async ({ page, site }) => {
      await overrideConfig(page, (config) => {
        const remotes = config.remotes as Record<string, string>;
        remotes.Acme = remotes.PRE8!;
        // The same remote, so the same brand team's keys.
        const remoteKeys = config.remoteKeys as Record<string, string[]>;
        remoteKeys.Acme = remoteKeys.PRE8!;
        return config;
      });
      await overrideSites(page, (sites) => {
        const own = sites.findIndex((s) => s.key === site.key);
        sites[own] = siteEntryDrawnBy(sites[own]!, 'Acme', { frames: 'site' });
      });
      await page.goto(`/login?prefix=${site.key}`);
      await expect(page.locator('[data-theme-name="PRE8"]').first()).toBeVisible();
      await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveCount(0);
      await expectWorkingLogin(page);
      // The /theme/<name> variant takes it too; a name config.json does not have is not a page.
      await page.goto(`/login/theme/Acme?prefix=${site.key}`);
      await expect(page.locator('[data-theme-name="PRE8"]').first()).toBeVisible();
      await page.goto(`/login/theme/Zeta?prefix=${site.key}`);
      await expect(page.getByTestId(testIds.notFound)).toBeVisible();
    },
  );

  test('a site naming a theme config.json lacks gets its own error page; the others keep working', ONCE, async ({ page, site }) => {
    const other = realSites.find((s) => s.key !== site.key)!;
    await overrideSites(page, (sites) => {
      sites.find((s) => s.key === other.key)!.layout = 'Acme';
    });
    await page.goto(`/login?prefix=${other.key}`);
    await expect(page.getByTestId(testIds.configError)).toContainText('.layout');
    await page.goto(`/login?prefix=${site.key}`);
    await expectWorkingLogin(page);
  });

  test('a config.json without the default theme stops on an error page naming remotes.default', ONCE, async ({ page, site }) => {
    await overrideConfig(page, (config) => {
      const { default: _default, ...others } = config.remotes as Record<string, string>;
      return { ...config, remotes: others };
    });
    await page.goto(`/login?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.configError)).toContainText('remotes.default');
  });

  test(
    'with the default remote down, a default-theme page falls back to another configured theme that is up',
    ONCE,
    async ({ page, site }) => {
      const defaultPort = process.env.REMOTE_DEFAULT_PORT ?? '3001';
      let blocked = 0;
      await page.route(
        (url) => url.port === defaultPort && url.pathname === '/mf-manifest.json',
        async (route) => {
          blocked += 1;
          await route.fulfill({ status: 503, body: 'down' });
        },
      );
      await page.goto(`/login/theme/default?prefix=${site.key}`);
      await expect(page.locator('[data-theme-name]:not([data-theme-name="default"])').first()).toBeVisible();
      await expect(page.locator('[data-theme-name="default"]')).toHaveCount(0);
      await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveAttribute('data-wanted-theme', 'default');
      await expect(page.getByTestId(testIds.loadFailure)).toHaveCount(0);
      await expectWorkingLogin(page);
      expect(blocked).toBeGreaterThan(0);
    },
  );

  test(
    'a remote that needs a newer host contract minor is refused before any of its code loads, like another major',
    ONCE,
    async ({ page, site }) => {
      const pre8Port = process.env.REMOTE_PRE8_PORT ?? '3002';
      const fromPre8 = (url: URL) => url.port === pre8Port;
      // Built and signed by PRE8's brand team, needing a host contract not released yet.
      await serveResigned(page, {
        origin: `http://localhost:${pre8Port}`,
        remoteDir: 'remote-pre8',
        change: (manifest) => {
          manifest.metaData.minHostContract = UNRELEASED_MINOR_VERSION;
          return manifest;
        },
      });
      const scripts: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (fromPre8(url) && url.pathname.endsWith('.js')) scripts.push(url.pathname);
      });
      await page.goto(`/login/theme/PRE8?prefix=${site.key}`);
      await expect(page.locator('[data-theme-name="default"]').first()).toBeVisible();
      await expect(page.getByTestId(testIds.themeFallbackNotice)).toHaveAttribute('data-wanted-theme', 'PRE8');
      await expectWorkingLogin(page);
      expect(scripts).toEqual([]);
    },
  );
});
