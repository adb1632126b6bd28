import type { Page, Request } from '@playwright/test';
import type { Site } from '@member/shared-core';
import { testIds } from '@member/shared-core/test-ids';
import { expect, holdRequests, test } from '../support/fixtures';
import { appHasThePage, loggedInMember } from '../support/session';
import { ONCE, perLook } from '../support/site-looks';

const FIRST_CALLS = ['checkPrefix', 'getProfile', 'gclubGame'];
const callOf = (request: Request) => /\/api\/(\w+)$/.exec(new URL(request.url()).pathname)?.[1];
/** The app's code as the page asks for it: the host's and the theme's scripts (the guest strings, 2 KB, go first). */
const isAppCode = (request: Request) => /^\/static\/js\/(?!async\/strings-)/.test(new URL(request.url()).pathname);

/** What the page asks for from now on, in order, as `label` names each request (those it names nothing are left out). */
function watchRequests(page: Page, label: (request: Request) => string | undefined): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const name = label(request);
    if (name) seen.push(name);
  });
  return seen;
}

/** A member's visit to the RSG lobby, returning as soon as the page is on its way. */
const openLobby = (page: Page, site: Site) => page.goto(`/slot?prefix=${site.key}&brand=RSG`, { waitUntil: 'commit' });

test.describe('data first', () => {
  test(
    "a member's first calls leave while the app's code is still on its way, and each is made once",
    perLook('slot'),
    async ({ page, site }) => {
      await loggedInMember(page, site);
      const calls = watchRequests(page, callOf);
      // None of the host's own scripts arrives until the calls are out.
      const release = await holdRequests(page, /\/static\/js\//);
      await openLobby(page, site);
      await expect.poll(() => FIRST_CALLS.filter((call) => calls.includes(call))).toEqual(FIRST_CALLS);
      release();
      await expect(page.getByTestId(testIds.gameTile).first()).toBeVisible();
      // The app took those replies: it asked for none of them again.
      for (const call of FIRST_CALLS) expect(calls.filter((c) => c === call)).toHaveLength(1);
    },
  );

  test(
    "a member's first visit to a lobby leaves the line to its list: it goes before config.json is read, the app's code once it is read",
    perLook('slot'),
    async ({ page, site }) => {
      await loggedInMember(page, site);
      const seen = watchRequests(page, (request) => (isAppCode(request) ? 'code' : callOf(request)));
      page.on('requestfinished', (request) => callOf(request) === 'gclubGame' && seen.push('list read'));
      const config = await holdRequests(page, /\/config\.json$/);
      const release = await holdRequests(page, /\/api\/gclubGame$/);
      await openLobby(page, site);
      // To the API the frame was drawn with, while config.json is still on its way.
      await expect.poll(() => seen.includes('gclubGame')).toBe(true);
      config();
      // The member's calls are out, the list is on its way: nothing of the app's code is.
      await expect.poll(() => seen.includes('getProfile')).toBe(true);
      expect(seen).not.toContain('code');
      release();
      await expect(page.getByTestId(testIds.gameTile).first()).toBeVisible();
      expect(seen.indexOf('code')).toBeGreaterThan(seen.indexOf('list read'));
    },
  );

  test(
    "a slow operator's list holds the app's code back no longer than its bound: the app takes the lobby over and shows the list once it comes",
    // The host's own rule, the same in every theme.
    ONCE,
    async ({ page, site }) => {
      await loggedInMember(page, site);
      const code = watchRequests(page, (request) => (isAppCode(request) ? 'code' : undefined));
      const release = await holdRequests(page, /\/api\/gclubGame$/);
      await openLobby(page, site);
      await expect.poll(() => code.length > 0, { timeout: 10_000 }).toBe(true);
      await appHasThePage(page);
      await expect(page.getByTestId(testIds.gameTile)).toHaveCount(0);
      release();
      await expect(page.getByTestId(testIds.gameTile).first()).toBeVisible();
    },
  );

  test('a guest sends nothing before they act', perLook('login'), async ({ page, site }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      const call = callOf(request);
      if (call) calls.push(call);
    });
    await page.goto(`/login?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.loginPhone)).toBeVisible();
    expect(calls).toEqual([]);
  });
});
