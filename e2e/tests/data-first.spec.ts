import type { Request } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { expect, holdRequests, test } from '../support/fixtures';
import { loggedInMember } from '../support/session';
import { perLook } from '../support/site-looks';

const FIRST_CALLS = ['checkPrefix', 'getProfile', 'gclubGame'];
const callOf = (request: Request) => /\/api\/(\w+)$/.exec(new URL(request.url()).pathname)?.[1];

test.describe('data first', () => {
  test(
    "a member's first calls leave while the app's code is still on its way, and each is made once",
    perLook('slot'),
    async ({ page, site }) => {
      await loggedInMember(page, site);
      const calls: string[] = [];
      page.on('request', (request) => {
        const call = callOf(request);
        if (call) calls.push(call);
      });
      // None of the host's own scripts arrives until the calls are out.
      const release = await holdRequests(page, /\/static\/js\//);
      await page.goto(`/slot?prefix=${site.key}&brand=RSG`, { waitUntil: 'commit' });
      await expect.poll(() => FIRST_CALLS.filter((call) => calls.includes(call))).toEqual(FIRST_CALLS);
      release();
      await expect(page.getByTestId(testIds.gameTile).first()).toBeVisible();
      // The app took those replies: it asked for none of them again.
      for (const call of FIRST_CALLS) expect(calls.filter((c) => c === call)).toHaveLength(1);
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
