import { testIds } from '@member/shared-core/test-ids';
import { expect, holdRequests, test } from '../support/fixtures';
import { loggedInMember, openInApp, providerSessionsAnswered } from '../support/session';
import { perLook } from '../support/site-looks';

/** The keys a member's visit keeps on the device for the next one (lobby/kept-lists.ts, accounts/kept-balances.ts). */
const KEPT = ['gameLists_', 'gameListTags_', 'balances_'];

test.describe('a repeat visit', () => {
  test(
    'draws the lobby from the list kept last time, without asking for it, and the balances with their time while the providers are asked',
    perLook('slot'),
    async ({ page, site }) => {
      await loggedInMember(page, site);
      const answered = providerSessionsAnswered(page);
      await openInApp(page, `/slot?prefix=${site.key}&brand=RSG`);
      await expect(page.getByTestId(testIds.gameTile).first()).toBeVisible();
      await answered;
      const firstIds = await page
        .getByTestId(testIds.gameTile)
        .evaluateAll((tiles) => tiles.slice(0, 6).map((t) => t.getAttribute('data-game-id')));

      // The next visit: no list request may leave, and the providers do not answer until the test says so.
      const lists: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/gclubGame')) lists.push(r.url());
      });
      const releaseLogins = await holdRequests(page, /\/api\/(gclubLogin|ufaLogin|gclubCheckLogged|ufaCheckLogged)$/);
      await page.reload();
      await expect(page.getByTestId(testIds.gameTile).first()).toBeVisible();
      expect(
        await page.getByTestId(testIds.gameTile).evaluateAll((tiles) => tiles.slice(0, 6).map((t) => t.getAttribute('data-game-id'))),
      ).toEqual(firstIds);
      expect(lists).toEqual([]);
      await page.goto(`/profile?prefix=${site.key}`);
      // The last balances kept, shown with the time they were true, before any provider has answered.
      const kept = await page.evaluate(
        (p) => JSON.parse(localStorage.getItem(`balances_${p}`) ?? '{}') as Record<string, { updatedAt?: string }>,
        site.key,
      );
      const times = Object.values(kept).flatMap((k) => (k && typeof k === 'object' && k.updatedAt ? [k.updatedAt] : []));
      expect(times.length).toBeGreaterThan(0);
      await expect(page.getByTestId(testIds.gameBalance).filter({ hasText: /\d/ }).first()).toBeVisible();
      await expect(page.locator(`[data-testid="${testIds.gameBalanceUpdated}"][datetime="${times[0]}"]`).first()).toBeVisible();
      releaseLogins();
    },
  );

  test(
    'logout leaves none of the member on the device: no kept balance, list, token or phone',
    perLook('profile'),
    async ({ page, site }) => {
      const member = await loggedInMember(page, site);
      const token = await page
        .context()
        .cookies()
        .then((all) => all.find((c) => c.name === `token-${site.key}`)!.value);
      const answered = providerSessionsAnswered(page);
      await openInApp(page, `/slot?prefix=${site.key}`);
      await expect(page.getByTestId(testIds.gameTile).first()).toBeVisible();
      await answered;
      const stored = () =>
        page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k) ?? ''])));
      await expect
        .poll(async () => {
          const now = await stored();
          return KEPT.filter((key) => `${key}${site.key}` in now);
        })
        .toEqual(KEPT);
      // What is kept never carries the token.
      expect(Object.values(await stored()).some((value) => value.includes(token))).toBe(false);

      await page.goto(`/profile?prefix=${site.key}`);
      await page.getByTestId(testIds.logoutButton).first().click();
      await expect(page).toHaveURL(new RegExp(`/login\\?prefix=${site.key}$`));
      const after = await stored();
      expect(KEPT.filter((key) => `${key}${site.key}` in after)).toEqual([]);
      const leftovers = Object.entries(after).filter(
        ([, value]) => value.includes(token) || value.includes(member.phone) || member.games.some((g) => value.includes(g.game_user)),
      );
      expect(leftovers).toEqual([]);
    },
  );
});
