import type { SimLaunchRecord } from '@member/member-api-sim/control-types';
import type { Page } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { GAME_MENU, GAME_NOT_OPEN_TOKEN, DEFAULT_BRANDS, type GameCategory } from '@member/shared-core/games/menu';
import { expect, holdRequests, test } from '../support/fixtures';
import { appHasThePage, loggedInMember, openInApp } from '../support/session';
import { simPost, SIM_URL } from '../support/sim';
import { perLook, perTheme } from '../support/site-looks';
import { firstScreen, looks, twoRows } from '../support/first-screen';
import { th } from '@member/shared-core/i18n/th';

async function launches(page: Page): Promise<SimLaunchRecord[]> {
  const response = await page.request.get(`${SIM_URL}/__sim/launches`);
  return ((await response.json()) as { launches: SimLaunchRecord[] }).launches;
}

const tiles = (page: Page) => page.getByTestId(testIds.gameTile);
const brandChip = (page: Page, code: string) => page.locator(`[data-testid="${testIds.lobbyBrand}"][data-code="${code}"]`);
/** The grid shows this brand's list: game ids start with the brand's code (`RSG-S0001`). */
const expectListOf = (page: Page, code: string) => expect(tiles(page).first()).toHaveAttribute('data-game-id', new RegExp(`^${code}-`));

/** A brand chip is chosen when it says so, as a radio (aria-checked) or a toggle (aria-pressed). */
async function expectChosen(page: Page, code: string) {
  const chip = page.locator(`[data-testid="${testIds.lobbyBrand}"][data-code="${code}"]`).first();
  await expect.poll(() => chip.evaluate((el) => el.getAttribute('aria-checked') ?? el.getAttribute('aria-pressed'))).toBe('true');
}

test.describe('lobbies', () => {
  for (const category of ['slot', 'fish', 'cards'] as GameCategory[]) {
    test(`/${category} lists the default brand's games`, perLook(category), async ({ page, site }) => {
      await loggedInMember(page, site);
      await openInApp(page, `/${category}?prefix=${site.key}`);
      await expectChosen(page, DEFAULT_BRANDS[category]);
      await expect(tiles(page).first()).toBeVisible();
      const images = await page
        .locator(`[data-testid="${testIds.gameTile}"] img`)
        .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src') ?? ''));
      expect(images.every((src) => src !== '')).toBe(true);
    });
  }

  test(
    'a lobby opened by its address asks for its list while the session check is still out, and only once',
    perTheme('slot'),
    async ({ page, site }) => {
      await loggedInMember(page, site);
      const releaseProfile = await holdRequests(page, '**/api/getProfile');
      const listRequests: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/gclubGame') listRequests.push(request.url());
      });
      await page.goto(`/slot?prefix=${site.key}&brand=PP`, { waitUntil: 'commit' });
      // The member's session is still being checked, and the list is already on its way.
      await expect.poll(() => listRequests.length).toBe(1);
      releaseProfile();
      await appHasThePage(page);
      await expectListOf(page, 'PP');
      await expectChosen(page, 'PP');
      expect(listRequests).toHaveLength(1);
    },
  );

  test('the brand choice is kept in the URL and across a reload', perTheme('slot'), async ({ page, site }) => {
    await loggedInMember(page, site);
    await openInApp(page, `/slot?prefix=${site.key}`);
    await expect(tiles(page).first()).toBeVisible();
    await page.locator(`[data-testid="${testIds.lobbyBrand}"][data-code="PP"]`).click();
    await expect(page).toHaveURL(/brand=PP/);
    await expect(tiles(page).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('gclub-brand-slot'))).toBe('PP');
    await page.reload();
    await expectChosen(page, 'PP');
    // A shared link opens the same brand.
    await openInApp(page, `/slot?prefix=${site.key}&brand=JILI`);
    await expectChosen(page, 'JILI');
  });

  test('switching back to a cached brand makes no request', perTheme('slot'), async ({ page, site }) => {
    await page.clock.install();
    await loggedInMember(page, site);
    await openInApp(page, `/slot?prefix=${site.key}`);
    await expectListOf(page, 'RSG');
    await brandChip(page, 'PP').click();
    await expectListOf(page, 'PP');
    const lists: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/gclubGame')) lists.push(r.url());
    });
    await brandChip(page, 'RSG').click();
    await expectListOf(page, 'RSG');
    // Two seconds of the page's time for any refresh it would put off.
    await page.clock.runFor(2_000);
    expect(lists).toEqual([]);
    // Then a brand it has not loaded: requests are reported in the order they are sent, so once that one
    // is seen, any the switch back had caused would have been seen before it.
    await brandChip(page, 'JILI').click();
    await expectListOf(page, 'JILI');
    expect(lists).toHaveLength(1);
  });

  test(
    'a brand that is not open shows its games as "soon" before the tap, warns in Thai and English and opens nothing',
    perTheme('slot'),
    async ({ page, site }) => {
      const member = await loggedInMember(page, site);
      const gclub = member.games.find((g) => g.service === 'GCLUB')!;
      const mine = async () => (await launches(page)).filter((l) => l.gameuser === gclub.game_user).length;
      const closed = GAME_MENU.slot.find((e) => e.url_token === GAME_NOT_OPEN_TOKEN)!;
      await openInApp(page, `/slot?prefix=${site.key}&brand=${closed.code}`);
      const before = await mine();
      // Before any tap: every tile of the brand says it opens soon, to the eye and to a screen reader.
      await expect(tiles(page).first()).toHaveAttribute('data-soon', 'true');
      const shown = await tiles(page).count();
      await expect(tiles(page).and(page.locator('[data-soon="true"]'))).toHaveCount(shown);
      await expect(tiles(page).first().getByText(th.lobbyUi.soon)).toBeVisible();
      await expect(tiles(page).first().getByRole('button').first()).toHaveAccessibleName(
        new RegExp(th.lobbyUi.playSoon.replace('{{name}}', '.+')),
      );
      await tiles(page).first().click();
      const dialog = page.getByTestId('not-open-dialog');
      await expect(dialog).toContainText(th.games.notOpen);
      await expect(dialog.getByRole('heading')).toHaveText(th.games.maintain.title);
      await dialog.getByRole('button', { name: th.games.maintain.confirm }).click();
      await expect(dialog).toBeHidden();
      await page.getByTestId(testIds.localeSwitch).first().click();
      // The switch shows once the English strings have arrived; the document's language says when.
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await tiles(page).first().click();
      await expect(dialog).toContainText('Games are not available yet.');
      await expect(dialog.getByRole('heading')).toHaveText('Warning!');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(dialog).toBeHidden();
      await expect(tiles(page).first().getByRole('button').first()).toHaveAccessibleName(/opens soon$/);
      await expect(tiles(page).first().getByText('Soon', { exact: true })).toBeVisible();
      expect(await mine()).toBe(before);
      await expect(page).toHaveURL(/\/slot/);
      // An open brand's tiles carry no such mark.
      const open = GAME_MENU.slot.find((e) => e.url_token !== GAME_NOT_OPEN_TOKEN)!;
      await openInApp(page, `/slot?prefix=${site.key}&brand=${open.code}`);
      await expect(tiles(page).first()).toBeVisible();
      await expect(page.locator('[data-soon]')).toHaveCount(0);
    },
  );

  test(
    "a search looks through every open brand: other brands' matches are grouped by brand, fetched once, and open in their own brand",
    perTheme('slot'),
    async ({ page, site }) => {
      const member = await loggedInMember(page, site);
      await openInApp(page, `/slot?prefix=${site.key}&brand=RSG`);
      await expectListOf(page, 'RSG');
      const lists: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/gclubGame')) lists.push(r.url());
      });
      // A game of JILI by its id: nothing of RSG's matches it.
      await page.getByTestId(testIds.lobbySearch).fill('JILI-S0003');
      await expect(page.getByTestId(testIds.lobbyEmpty)).toBeVisible();
      const elsewhere = page.getByTestId(testIds.lobbyOtherBrands);
      const group = elsewhere.getByTestId(testIds.lobbyBrandResults);
      await expect(group).toHaveCount(1);
      await expect(group).toContainText('JILI');
      await expect(group.getByTestId(testIds.gameTile)).toHaveAttribute('data-game-id', 'JILI-S0003');
      // Every open brand but the one shown, once each, however the query changes.
      const open = GAME_MENU.slot.filter((e) => e.url_token !== GAME_NOT_OPEN_TOKEN).length;
      await expect.poll(() => lists.length).toBe(open - 1);
      await page.getByTestId(testIds.lobbySearch).fill('JILI-S000');
      await expect(group.getByTestId(testIds.gameTile).first()).toHaveAttribute('data-game-id', /^JILI-S000/);
      expect(lists).toHaveLength(open - 1);
      // A name found in several brands is shown in each of them.
      await page.getByTestId(testIds.lobbySearch).fill('Lucky');
      await expect.poll(() => group.count()).toBeGreaterThan(1);
      await expect(elsewhere.getByRole('heading', { level: 2 }).first()).toHaveText(th.lobbyUi.otherBrands.replace('{{query}}', 'Lucky'));
      await page.getByTestId(testIds.localeSwitch).first().click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(elsewhere.getByRole('heading', { level: 2 }).first()).toHaveText('In other brands: “Lucky”');
      // The game opens in its own brand.
      await page.getByTestId(testIds.lobbySearch).fill('JILI-S0003');
      await group.getByTestId(testIds.gameTile).getByRole('button').first().click();
      await page.waitForURL(/\/launch\/game/);
      const gclub = member.games.find((g) => g.service === 'GCLUB')!;
      const record = (await launches(page)).filter((l) => l.gameuser === gclub.game_user).at(-1)!;
      expect([record.brand, record.code, record.ticketValid]).toEqual(['slot_JILI', 'JILI-S0003', true]);
    },
  );

  test(
    'launching a game reaches the launch page with its code and no token in URL or Referer',
    perTheme('slot'),
    async ({ page, site, context }) => {
      const member = await loggedInMember(page, site);
      await openInApp(page, `/slot?prefix=${site.key}`);
      const tile = tiles(page).first();
      await expect(tile).toBeVisible();
      const gameId = await tile.getAttribute('data-game-id');
      await tile.getByRole('button').first().click();
      await page.waitForURL(/\/launch\/game/);
      const gclub = member.games.find((g) => g.service === 'GCLUB')!;
      const record = (await launches(page)).filter((l) => l.gameuser === gclub.game_user).at(-1)!;
      expect(record.code).toBe(gameId);
      expect(record.ticketValid).toBe(true);
      const token = (await context.cookies()).find((c) => c.name === `token-${site.key}`)!.value;
      expect(record.query).not.toContain(token);
      expect(record.referer ?? '').not.toContain(token);
      expect(record.referer ?? '').not.toMatch(/token=/);
      // Coming back from the game refreshes the balances (a credit call, or the provider set-up on a fresh load).
      const credits: string[] = [];
      page.on('request', (r) => {
        if (/\/api\/(gclubCredit|ufaCredit|gclubLogin|ufaLogin|gclubCheckLogged|ufaCheckLogged)$/.test(r.url())) credits.push(r.url());
      });
      await page.goBack();
      await expect.poll(() => credits.length).toBeGreaterThan(0);
    },
  );

  test('search, favourites and recently played', perTheme('slot'), async ({ page, site }) => {
    await loggedInMember(page, site);
    await openInApp(page, `/slot?prefix=${site.key}`);
    await expect(tiles(page).first()).toBeVisible();
    const second = tiles(page).nth(1);
    const name = (await second.getAttribute('data-game-name')) ?? '';
    const id = (await second.getAttribute('data-game-id')) ?? '';
    await page.getByTestId(testIds.lobbySearch).fill(name.slice(0, 6));
    await expect(page.locator(`[data-testid="${testIds.gameTile}"][data-game-id="${id}"]`).first()).toBeVisible();
    await page.getByTestId(testIds.lobbySearch).fill('');
    await page.locator(`[data-testid="${testIds.gameTile}"][data-game-id="${id}"]`).first().getByTestId(testIds.gameFavourite).click();
    await expect(page.getByTestId(testIds.lobbyFavourites)).toContainText(name);
    await page.reload();
    await expect(page.getByTestId(testIds.lobbyFavourites)).toContainText(name);
    await page.locator(`[data-testid="${testIds.gameTile}"][data-game-id="${id}"]`).first().getByRole('button').first().click();
    await page.waitForURL(/\/launch\/game/);
    await page.goBack();
    await expect(page.getByTestId(testIds.lobbyRecent)).toContainText(name);
  });

  test('a provider session that expired is logged in again before the game opens', perTheme('slot'), async ({ page, site }) => {
    const member = await loggedInMember(page, site);
    const gclub = member.games.find((g) => g.service === 'GCLUB')!;
    // The page's own set-up logs GCLUB in; its session is expired only once that login has been answered.
    const setUpLogin = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/gclubLogin');
    await openInApp(page, `/slot?prefix=${site.key}`);
    await expect(tiles(page).first()).toBeVisible();
    await setUpLogin;
    await simPost(page.request, '/__sim/provider-sessions/expire', { gameuser: gclub.game_user });
    const calls: string[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/gclubOpenGame' || path === '/api/gclubLogin') calls.push(`${path} ${r.status()}`);
    });
    await tiles(page).first().getByRole('button').first().click();
    await page.waitForURL(/\/launch\/game/);
    expect(calls).toEqual(['/api/gclubOpenGame 401', '/api/gclubLogin 200', '/api/gclubOpenGame 200']);
  });

  test('every GCLUB product opens its page', perTheme('slot'), async ({ page, site }) => {
    await loggedInMember(page, site);
    // Each launch page is fetched from the simulator as the browser asked for it (ticket checked there),
    // then answered 204, which leaves the lobby in place for the next product: no reload between them.
    const opened: Array<{ path: string; navigation: boolean; status: number }> = [];
    await page.route('**/launch/product/**', async (route) => {
      const response = await route.fetch();
      opened.push({
        path: new URL(route.request().url()).pathname,
        navigation: route.request().isNavigationRequest(),
        status: response.status(),
      });
      await route.fulfill({ status: 204 });
    });
    await openInApp(page, `/slot?prefix=${site.key}`);
    const products = page.locator(`[data-testid="${testIds.productOpen}"][data-key^="gclubOpen"]`);
    await expect(products.first()).toBeVisible();
    const keys = await products.evaluateAll((els) => els.map((e) => e.getAttribute('data-key') ?? ''));
    expect(keys).toHaveLength(11);
    for (const [index, key] of keys.entries()) {
      await page.locator(`[data-testid="${testIds.productOpen}"][data-key="${key}"]`).first().click();
      await expect.poll(() => opened.length).toBe(index + 1);
      expect(opened[index]).toEqual({ path: `/launch/product/${key.replace(/^gclubOpen/, '')}`, navigation: true, status: 200 });
      await expect(page).toHaveURL(/\/slot/);
    }
    // And one all the way: the member lands on the product's page and comes back to the lobby.
    await page.unroute('**/launch/product/**');
    const last = keys.at(-1)!;
    await page.locator(`[data-testid="${testIds.productOpen}"][data-key="${last}"]`).first().click();
    await page.waitForURL(new RegExp(`/launch/product/${last.replace(/^gclubOpen/, '')}`));
    await page.goBack();
    await expect(page.locator(`[data-testid="${testIds.productOpen}"][data-key="${last}"]`).first()).toBeVisible();
  });

  for (const category of ['slot', 'fish'] as const) {
    test(
      `/${category}: two full rows of games in the first screen, at 390×844 and 1280×800, in Thai and English`,
      perLook(category),
      async ({ page, site }) => {
        await loggedInMember(page, site);
        await openInApp(page, `/${category}?prefix=${site.key}`);
        for await (const look of looks(page)) {
          await openInApp(page, `/${category}?prefix=${site.key}&brand=${DEFAULT_BRANDS[category]}`);
          await expect(tiles(page).nth(7)).toBeVisible();
          // The products row and the member's money come with the member's accounts: they sit above the games.
          await expect(page.locator(`[data-testid="${testIds.productOpen}"]`).first()).toBeVisible();
          await expect(page.getByTestId(testIds.moneyBalance)).toHaveText(/฿/);
          const at = `${look.language} ${look.width}×${look.height}`;
          await expect
            .poll(() => twoRows(page, testIds.gameTile), { message: at })
            .toMatchObject({ perRow: [expect.any(Number), expect.any(Number)] });
          const rows = await twoRows(page, testIds.gameTile);
          expect(rows.perRow[0], at).toBeGreaterThanOrEqual(3);
          // The second row is as full as the first, or holds the rest of a short list.
          expect(rows.perRow[1], at).toBe(Math.min(rows.perRow[0]!, rows.total - rows.perRow[0]!));
          expect(rows.belowFold, at).toBeLessThanOrEqual(0);
          expect(await firstScreen(page), at).toMatchObject({ scrollY: 0, sideways: false });
        }
      },
    );
  }

  test(
    'the "soon" brands come after the playable ones, one is never the landing brand, and the last chip ends clear of "All brands"',
    perLook('slot'),
    async ({ page, site }) => {
      await loggedInMember(page, site);
      await openInApp(page, `/slot?prefix=${site.key}`);
      await expect(tiles(page).first()).toBeVisible();
      const chips = page.getByTestId(testIds.lobbyBrand);
      const soon = await chips.evaluateAll((els) => els.map((el) => el.classList.contains('mc-brand-chip--soon')));
      expect(soon.indexOf(true)).toBeGreaterThan(0);
      expect(soon.slice(soon.indexOf(true)).every(Boolean)).toBe(true);
      // Scrolled to its end, the row's last chip is whole and clear of the link beside it.
      const row = page.locator('.mc-lobby__brands-line > .mc-brands');
      await row.evaluate((el) => (el.scrollLeft = el.scrollWidth));
      await expect
        .poll(async () => {
          const last = await chips.last().boundingBox();
          const link = await page.locator('.mc-lobby__all').boundingBox();
          const box = await row.boundingBox();
          return last && link && box ? Math.round(Math.min(link.x, box.x + box.width) - (last.x + last.width)) : -1;
        })
        .toBeGreaterThanOrEqual(0);
      // A "soon" brand tapped last time: the lobby still opens on a playable one.
      await chips.and(page.locator('[data-code="GEMINI"]')).click();
      await expect(page).toHaveURL(/brand=GEMINI/);
      await openInApp(page, `/slot?prefix=${site.key}`);
      await expect(page).not.toHaveURL(/brand=GEMINI/);
      // The chip pressed on the page shown (a drawn lobby and the app's may both be in the document for a moment).
      await expect(page.locator(`[data-testid="${testIds.lobbyBrand}"][aria-pressed="true"]:visible`)).not.toHaveAttribute(
        'data-code',
        'GEMINI',
      );
    },
  );

  test('a brand with no games shows its empty state, not a spinner', perTheme('fish'), async ({ page, site }) => {
    await loggedInMember(page, site);
    await openInApp(page, `/fish?prefix=${site.key}&brand=KA`);
    await expect(page.getByTestId(testIds.lobbyEmpty)).toBeVisible();
    await expect(page.getByTestId(testIds.lobbyLoading)).toHaveCount(0);
    await expect(tiles(page)).toHaveCount(0);
  });
});
