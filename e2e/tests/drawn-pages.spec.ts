import type { Page, Route } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import type { Site } from '@member/shared-core';
import { expect, test } from '../support/fixtures';
import { axeViolations } from '../support/axe';
import { createMember } from '../support/sim';
import { appHasThePage, loggedInMember } from '../support/session';
import { ONCE, perLook, perTheme } from '../support/site-looks';
import { serveResigned } from '../support/resigned-release';
import { formatMoney as money } from '@member/shared-core/helpers/format';
import { defaultService } from '@member/shared-core/accounts/account-rules';
import { DEFAULT_BRANDS, GAME_MENU, isGameBrandOpen } from '@member/shared-core/games/menu';
import { DRAWN_END_ID } from '@member/shared-core/drawing';

/**
 * Pages drawn in the HTML (docs/architecture.md): what the server sends is the page itself, readable and typeable before
 * any of the app's code has run, and the app then takes it over without losing a key press, the caret or the focus.
 * The app's entry is held back while the test types, so "before any script" is what is tested, on a phone's CPU (6x).
 */

const ENTRY = /\/static\/js\/index\.[0-9a-f]+\.js$/;
/** axe's rules as tests/accessibility.spec.ts runs them: all, but the locked zoom, which the product chose. */
const AXE = { rules: { 'meta-viewport': { enabled: false } } };
/**
 * The rules that read colours, all that changes between two drawings of a page in another scheme (the markup is the
 * same, as tests/accessibility.spec.ts reasons): a page read whole in one scheme is read for its colours in the other.
 */
const AXE_COLOURS = { runOnly: { type: 'rule' as const, values: ['color-contrast', 'link-in-text-block'] } };

/**
 * Holds every request for the app's entry until `release()`: the drawn page is on its own meanwhile. (A later hold's
 * handler answers before an earlier one's, which stays released.)
 */
async function holdTheApp(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENTRY, async (route: Route) => {
    await held;
    await route.continue();
  });
  return { release };
}

const takenOver = appHasThePage;

/**
 * Opens the lobby with the app's entry held: the drawn lobby alone, filled (from the kept list or, on a first visit,
 * from the early start's replies). Returns the hold.
 */
async function drawnLobby(page: Page, site: Site): Promise<{ release: () => void }> {
  const app = await holdTheApp(page);
  await page.goto(`/slot?prefix=${site.key}`, { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-drawn-kept-filled', 'slot', { timeout: 20_000 });
  // The filled grid is fitted to its width in the browser's next rendering step (a ResizeObserver's first call), before
  // that step paints; a busy runner can read the page between the fill and that step, and see rows no member ever saw.
  // A timer set from an animation frame runs once that step is over.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  return app;
}

/** Marks an element of the drawn page, so the test can tell whether the app kept it (hydrated) or replaced it. */
async function mark(page: Page, testId: string): Promise<void> {
  await page
    .getByTestId(testId)
    .first()
    .evaluate((element) => element.setAttribute('data-drawn-node', ''));
}

const schemesOf = (site: Site) => [...new Set(site.schemes)];

/** The member's language and scheme as their cookies carry them to the server, which draws the page in them. */
async function choose(page: Page, locale: 'th' | 'en', scheme: string): Promise<void> {
  const url = `http://localhost:${process.env.HOST_PORT ?? 3000}`;
  await page.context().addCookies([
    { name: 'i18n_redirected', value: locale, url },
    { name: 'scheme', value: scheme, url },
  ]);
}

test.describe('pages drawn in the HTML', () => {
  test('login, registration, the 404 and the LINE check come drawn in each language and scheme, typed into before any script, taken over keeping every key', async ({
    page,
    site,
  }) => {
    test.setTimeout(150_000);
    // A phone's CPU while the member types into a form; the rest (axe's checks) at the machine's own speed.
    const cdp = await page.context().newCDPSession(page);
    const cpu = (rate: number) => cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const member = await createMember(page.request, site.key);
    const combinations = (['th', 'en'] as const).flatMap((locale) => schemesOf(site).map((scheme) => ({ locale, scheme })));
    for (const [index, { locale, scheme }] of combinations.entries()) {
      // The forms are sent once each: the login in the first, the registration's first step in the last (a step sent
      // leaves the tab in the middle of a registration, which is no longer the drawn first step).
      const first = index === 0;
      const last = index === combinations.length - 1;
      // The app takes the pages over in the first combination (and the registration in the last): taking over is the
      // same whatever the language and scheme, and a drawing in a language the member did not choose has its own test.
      // Every combination is drawn, typed into at a phone's CPU and checked with axe.
      const takeOver = first;
      // Every rule on the forms in the first scheme of each language and on the host's two screens in the first
      // combination; the colours wherever else (the same markup in another scheme or language).
      const formRules = scheme === schemesOf(site)[0] ? AXE : AXE_COLOURS;
      const screenRules = first ? AXE : AXE_COLOURS;
      {
        await test.step(`${locale}, ${scheme}`, async () => {
          await choose(page, locale, scheme);
          const app = await holdTheApp(page);
          await cpu(6);
          await page.goto(`/login?prefix=${site.key}`, { waitUntil: 'commit' });
          // The page as the server drew it: the site's language and scheme, its brand, the form.
          const phone = page.getByTestId(testIds.loginPhone);
          await expect(phone).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
          await expect(page.locator('html')).toHaveAttribute('data-drawn-page', 'login');
          await expect(page.getByTestId(testIds.siteName).first()).toBeVisible();
          // Typed the moment the form is there, before the app's code has run.
          await phone.pressSequentially(member.phone);
          await page.getByTestId(testIds.loginPassword).pressSequentially(member.password);
          await cpu(1);
          expect(await axeViolations(page, formRules), `axe on the drawn login (${locale}, ${scheme})`).toEqual([]);
          expect((await phone.inputValue()).replace(/\D/g, '')).toBe(member.phone);
          if (takeOver) {
            await mark(page, testIds.loginPassword);
            app.release();
            await takenOver(page);
            // Hydrated where it stood: the same field, what was typed, the focus and the caret at its end.
            await expect(page.locator('[data-drawn-node]')).toHaveCount(1);
            await expect(phone).toHaveValue(/^\d{3}-?\d{3}-?\d{4}$/);
            expect((await phone.inputValue()).replace(/\D/g, '')).toBe(member.phone);
            await expect(page.getByTestId(testIds.loginPassword)).toBeFocused();
            expect(
              await page
                .getByTestId(testIds.loginPassword)
                .evaluate((field: HTMLInputElement) => [field.selectionStart, field.value.length]),
            ).toEqual([member.password.length, member.password.length]);
          }
          if (first) {
            // What was typed before the app ran is what it sends.
            await page.getByTestId(testIds.loginPassword).press('Enter');
            await expect(page).toHaveURL(new RegExp(`/profile\\?prefix=${site.key}$`));
            await page.context().clearCookies();
            await choose(page, locale, scheme);
          }

          // The 404, naming the path asked before it is painted, and the LINE check's screen.
          const again = await holdTheApp(page);
          await page.goto(`/no-such-page/here?prefix=${site.key}`, { waitUntil: 'commit' });
          await expect(page.getByTestId(testIds.notFound)).toHaveText('Page Not Found: /no-such-page/here');
          await expect(page.getByTestId(testIds.hostSiteBrand)).not.toBeEmpty();
          expect(await axeViolations(page, screenRules), `axe on the drawn 404 (${locale}, ${scheme})`).toEqual([]);
          if (takeOver) {
            await mark(page, testIds.notFound);
            again.release();
            await takenOver(page);
            await expect(page.locator('[data-drawn-node]')).toHaveCount(1);
          }

          const line = await holdTheApp(page);
          await page.goto(`/check/line?state=${site.key}drawn&code=unused`, { waitUntil: 'commit' });
          await expect(page.getByTestId(testIds.lineCheckWorking)).toBeVisible();
          expect(await axeViolations(page, screenRules), `axe on the drawn LINE check (${locale}, ${scheme})`).toEqual([]);
          if (takeOver) {
            line.release();
            // The app takes it over and does what the page is for: this made-up code is refused.
            await expect(page.getByTestId(testIds.lineCheckResult)).toBeVisible({ timeout: 20_000 });
          }

          if (site.registerEnabled) {
            const register = await holdTheApp(page);
            await cpu(6);
            await page.goto(`/register?prefix=${site.key}`, { waitUntil: 'commit' });
            const registerPhone = page.getByTestId(testIds.registerPhone);
            await expect(registerPhone).toBeVisible();
            await expect(page.getByTestId(testIds.layoutFrame)).toBeVisible();
            const newPhone = `09${String(Date.now()).slice(-8)}`;
            await registerPhone.pressSequentially(newPhone);
            await page.getByTestId(testIds.registerPassword).pressSequentially('drawn123');
            await page.getByTestId(testIds.registerConfirm).pressSequentially('drawn123');
            await cpu(1);
            expect(await axeViolations(page, formRules), `axe on the drawn registration (${locale}, ${scheme})`).toEqual([]);
            if (last) await page.getByTestId(testIds.registerConfirm).press('Enter');
            if (!takeOver && !last) {
              expect((await registerPhone.inputValue()).replace(/\D/g, '')).toBe(newPhone);
              return;
            }
            await mark(page, testIds.registerPhone);
            register.release();
            await takenOver(page);
            await expect(page.locator('[data-drawn-node]')).toHaveCount(last ? 0 : 1);
            if (last) {
              // Sent before the app ran, held, and sent by the app once it had the page: the next step.
              await expect(page.getByTestId(testIds.registerStep)).toContainText('2');
            } else {
              expect((await registerPhone.inputValue()).replace(/\D/g, '')).toBe(newPhone);
              await expect(page.getByTestId(testIds.registerConfirm)).toBeFocused();
            }
          }
        });
      }
    }
  });

  test("a member's pages come as the site's frame in each language and scheme, a lobby with the games the device kept, before any script, and are replaced in one step, keeping a search typed", async ({
    page,
    site,
  }) => {
    test.setTimeout(150_000);
    await loggedInMember(page, site);
    // A first visit with the app: the lobby keeps its list on the device, and the member's balances are kept.
    await page.goto(`/slot?prefix=${site.key}`);
    await expect(page.getByTestId(testIds.gameTile).first()).toBeVisible({ timeout: 20_000 });
    const kept = await page
      .waitForFunction(
        (key) => {
          const lists = JSON.parse(localStorage.getItem(`gameLists_${key}`) ?? '[]') as { games: { name?: string; id: string }[] }[];
          return lists.length > 0 && localStorage.getItem(`balances_${key}`) !== null
            ? (lists[0]!.games[0]!.name ?? lists[0]!.games[0]!.id)
            : null;
        },
        site.key,
        { timeout: 20_000 },
      )
      .then((handle) => handle.jsonValue() as Promise<string>);
    // And the profile, until every account's balance is kept.
    await page.goto(`/profile?prefix=${site.key}`);
    await takenOver(page);
    await expect(page.getByTestId(testIds.gameBalance).first()).toContainText(/\d/);
    const accounts = await page.getByTestId(testIds.gameAccount).count();
    await page.waitForFunction(
      ([key, count]) =>
        Object.keys(JSON.parse(localStorage.getItem(`balances_${key}`) ?? '{}')).filter((k) => k !== 'member').length === count,
      [site.key, accounts] as const,
      { timeout: 20_000 },
    );
    const keptBalances = () =>
      page.evaluate((key) => {
        const kept = JSON.parse(localStorage.getItem(`balances_${key}`) ?? '{}') as Record<string, { balance: number; updatedAt: string }>;
        return ['GCLUB', 'UFA'].flatMap((service) => (kept[service] ? [kept[service]] : []));
      }, site.key);
    // The app's code held from here on: no app writes the member's choices back into the cookies meanwhile.
    const held = await holdTheApp(page);
    for (const locale of ['th', 'en'] as const) {
      for (const scheme of schemesOf(site)) {
        await test.step(`${locale}, ${scheme}`, async () => {
          await choose(page, locale, scheme);
          // The member's own choices on this device agree with their cookies (a choice older than them hides the drawing).
          await page.evaluate(
            ([l, s]) => (localStorage.setItem('locale', l === 'en' ? 'EN' : 'TH'), localStorage.setItem('isDark', String(s === 'dark'))),
            [locale, scheme],
          );
          for (const path of ['slot', 'profile']) {
            await page.goto(`/${path}?prefix=${site.key}`, { waitUntil: 'commit' });
            await expect(page.getByTestId(testIds.mainMenu).first()).toBeVisible();
            await expect(page.locator('html')).toHaveAttribute('data-drawn-kind', 'member');
            await expect(page.locator('html')).toHaveAttribute('lang', locale);
            await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
            await expect(page.getByTestId(testIds.siteLogo).first()).toBeVisible();
            if (path === 'slot') {
              // The first tiles, from the kept list, their images loaded, before any of the app's code has run.
              await expect(page.locator('html')).toHaveAttribute('data-drawn-kept-filled', 'slot');
              const tile = page.getByTestId(testIds.gameTile).first();
              await expect(tile).toHaveAttribute('data-game-name', kept);
              await expect
                .poll(() => tile.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
                .toBe(true);
            } else {
              // The balances the device kept, with their time, written as the app writes them, before any of its code.
              await expect(page.locator('html')).toHaveAttribute('data-drawn-kept-filled', 'profile');
              await expect(page.getByTestId(testIds.drawnPagePending)).toHaveCount(0);
              const kept = await keptBalances();
              expect(await page.getByTestId(testIds.gameBalance).allTextContents()).toEqual(
                kept.map(({ balance }) => money(balance, locale)),
              );
              expect(
                await page
                  .getByTestId(testIds.gameBalanceUpdated)
                  .evaluateAll((times) => times.map((time) => time.getAttribute('datetime'))),
              ).toEqual(kept.map(({ updatedAt }) => updatedAt));
              // What the device does not keep is on its way: no "not set" in its place, no action on an account.
              await expect(page.getByTestId(testIds.profilePhone).locator('.mc-skeleton')).toHaveCount(1);
              await expect(page.getByTestId(testIds.switchMain)).toHaveCount(0);
              await expect(page.getByTestId(testIds.switchAccount)).toHaveCount(0);
              // The money bar (in the first screen on a phone, where the accounts are not): the kept balance of the
              // account in use as the app picks it, and the other account's.
              const inUse = await page.evaluate((key) => {
                const balances = JSON.parse(localStorage.getItem(`balances_${key}`) ?? '{}') as Record<string, unknown>;
                const chosen = new RegExp(`(?:^|;\\s*)selected-game-${key}=([^;]*)`).exec(document.cookie)?.[1] ?? null;
                return { balances, chosen };
              }, site.key);
              const service = defaultService(
                inUse.chosen,
                (['GCLUB', 'UFA'] as const).filter((name) => inUse.balances[name]),
              )!;
              const bar = page.locator('[data-drawn-money]');
              await expect(page.locator('html')).toHaveAttribute('data-drawn-money-filled', service);
              await expect(bar.locator('.mc-money__amount')).toHaveText(
                money((inUse.balances[service] as { balance: number }).balance, locale),
              );
              await expect(bar.locator('.mc-money__label')).toContainText(service);
              await expect(bar.locator('.mc-pending-text')).toHaveCount(0);
            }
            // Every rule in the first combination, the colours in the others (the same markup).
            const rules = locale === 'th' && scheme === schemesOf(site)[0] ? AXE : AXE_COLOURS;
            expect(await axeViolations(page, rules), `axe on the drawn ${path} (${locale}, ${scheme})`).toEqual([]);
          }
        });
      }
    }
    held.release();
    // With the app: the kept lobby is replaced once the app's lobby has its list, in one step, the same game first.
    const app = await holdTheApp(page);
    await page.goto(`/slot?prefix=${site.key}`, { waitUntil: 'commit' });
    await expect(page.getByTestId(testIds.gameTile).first()).toHaveAttribute('data-game-name', kept);
    await mark(page, testIds.gameTile);
    // A search typed into the kept lobby before the app's code has run: the app's lobby takes it over, and searches.
    const search = page.getByTestId(testIds.lobbySearch);
    await search.pressSequentially(kept);
    await page.evaluate(() => {
      new MutationObserver(() => {
        // The app renders its page unseen beside the drawn one until it replaces it: only a loading lobby in sight counts.
        const loading = document.querySelector('[data-testid="lobby-loading"]');
        if (loading && !loading.closest('[aria-hidden="true"]')) document.documentElement.setAttribute('data-saw-loading', '');
      }).observe(document, { childList: true, subtree: true });
    });
    // The frame drawn for nobody has the boxes the member's frame has (the money bar's, the name's): the page starts where it will stay.
    const top = () => page.getByTestId(testIds.mainContent).evaluate((main) => Math.round(main.getBoundingClientRect().top));
    const drawnTop = await top();
    app.release();
    await takenOver(page);
    await expect(page.locator('[data-drawn-node]')).toHaveCount(0);
    expect(await top(), 'the page where it was drawn').toBe(drawnTop);
    await expect(search).toHaveValue(kept);
    await expect(search).toBeFocused();
    await expect(page.getByTestId(testIds.gameTile).first()).toHaveAttribute('data-game-name', kept);
    await expect(page.locator('html')).not.toHaveAttribute('data-saw-loading', /.*/);
    // The kept balances likewise: replaced once the app's profile shows a balance in each account, never "no accounts"
    // or a shimmer where a balance stood.
    const profile = await holdTheApp(page);
    await page.goto(`/profile?prefix=${site.key}`, { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-drawn-kept-filled', 'profile');
    await mark(page, testIds.gameBalance);
    await page.evaluate(() => {
      new MutationObserver(() => {
        const balances = [...document.querySelectorAll('[data-testid="game-balance"]')].filter((b) => !b.closest('[aria-hidden="true"]'));
        const empty = document.querySelector('.mc-games__empty');
        if ((empty && !empty.closest('[aria-hidden="true"]')) || balances.some((b) => !/\d/.test(b.textContent ?? '')))
          document.documentElement.setAttribute('data-saw-no-balance', '');
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const profileTop = await top();
    profile.release();
    await takenOver(page);
    await expect(page.locator('[data-drawn-node]')).toHaveCount(0);
    expect(await top(), 'the profile where it was drawn').toBe(profileTop);
    await expect(page.getByTestId(testIds.gameBalance)).toHaveCount(accounts);
    await expect(page.locator('html')).not.toHaveAttribute('data-saw-no-balance', /.*/);
  });

  test(
    "a member's first visit to a lobby shows its first tiles from the early start's replies, before the app's code, and the app's lobby takes over with the same game first",
    perLook('slot'),
    async ({ page, site }) => {
      // Cookies alone: nothing of the member kept on this device.
      await loggedInMember(page, site);
      const app = await drawnLobby(page, site);
      const tile = page.getByTestId(testIds.gameTile).first();
      await expect
        .poll(() => tile.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
        .toBe(true);
      const first = await tile.getAttribute('data-game-id');
      expect(first).toBeTruthy();
      const box = async () => {
        const { x, y, width, height } = (await page.getByTestId(testIds.gameTile).first().boundingBox())!;
        return [x, y, width, height].map(Math.round);
      };
      const phoneBox = await box();
      await tile.evaluate((element) => element.setAttribute('data-drawn-node', ''));
      await page.evaluate(() => {
        new MutationObserver(() => {
          const loading = document.querySelector('[data-testid="lobby-loading"]');
          if (loading && !loading.closest('[aria-hidden="true"]')) document.documentElement.setAttribute('data-saw-loading', '');
        }).observe(document, { childList: true, subtree: true });
      });
      app.release();
      await takenOver(page);
      await expect(page.locator('[data-drawn-node]')).toHaveCount(0);
      await expect(page.getByTestId(testIds.gameTile).first()).toHaveAttribute('data-game-id', first!);
      await expect(page.locator('html')).not.toHaveAttribute('data-saw-loading', /.*/);
      expect(await box(), 'the first tile where the drawn one stood, on a phone').toEqual(phoneBox);
      // On a desktop (the list now kept) the drawn grid is laid out for the width it has, not the phone's the drawing
      // assumed: the app's lobby takes over with its first tile where the drawn one stood, of the same size. The kept
      // lobby is filled for the accounts the kept balances name, which the app keeps once the providers have answered.
      await page.waitForFunction(
        // The member's two accounts (loggedInMember's), both kept.
        (key) =>
          localStorage.getItem(`gameListTags_${key}`) !== null &&
          ['GCLUB', 'UFA'].every((service) => service in JSON.parse(localStorage.getItem(`balances_${key}`) ?? '{}')),
        site.key,
        { timeout: 20_000 },
      );
      await page.setViewportSize({ width: 1280, height: 800 });
      const again = await drawnLobby(page, site);
      const drawnBox = await box();
      again.release();
      await takenOver(page);
      expect(await box(), 'the first tile where the drawn one stood').toEqual(drawnBox);
    },
  );

  test(
    "a brand chosen on a first visit's drawn lobby, before the app's code, is the brand the app's lobby shows once it takes over",
    perLook('slot'),
    async ({ page, site }) => {
      await loggedInMember(page, site);
      const app = await drawnLobby(page, site);
      const other = GAME_MENU.slot.find((entry) => isGameBrandOpen(entry) && entry.code !== DEFAULT_BRANDS.slot)!;
      const chip = page.locator(`[data-testid="${testIds.lobbyBrand}"][data-code="${other.code}"]`);
      // Pressed on the drawn lobby: held until the app has the page, then pressed on the app's chip.
      await chip.click();
      app.release();
      await takenOver(page);
      await expect(page.getByTestId(testIds.gameTile).first()).toHaveAttribute('data-game-id', new RegExp(`^${other.code}-`));
      await expect
        .poll(() => chip.evaluate((element) => element.getAttribute('aria-checked') ?? element.getAttribute('aria-pressed')))
        .toBe('true');
      await expect(page).toHaveURL(new RegExp(`[?&]brand=${other.code}(&|$)`));
    },
  );

  test(
    'a page drawn from another theme release than the one in use is replaced in one step, keeping what was typed, the focus and the caret',
    ONCE,
    async ({ page, site }) => {
      // The brand team has released since the page was drawn: its manifest is another one, signed with its key.
      const config = (await (await page.request.get('/config.json')).json()) as { remotes: Record<string, string> };
      await serveResigned(page, {
        origin: new URL(config.remotes[site.theme]!).origin,
        remoteDir: `remote-${site.theme === 'default' ? 'default' : site.theme.toLowerCase()}`,
        change: (manifest) => ({ ...manifest, metaData: { ...manifest.metaData, buildInfo: { buildVersion: 'a later release' } } }),
      });
      const app = await holdTheApp(page);
      await page.goto(`/login?prefix=${site.key}`, { waitUntil: 'commit' });
      const phone = page.getByTestId(testIds.loginPhone);
      const password = page.getByTestId(testIds.loginPassword);
      await phone.pressSequentially('0812345678');
      await password.pressSequentially('secret');
      await password.press('ArrowLeft');
      await password.press('ArrowLeft');
      await mark(page, testIds.loginPhone);
      app.release();
      await takenOver(page);
      // A new page, not the drawn one, with the digits, the focus and the caret where they were.
      await expect(page.locator('[data-drawn-node]')).toHaveCount(0);
      expect((await phone.inputValue()).replace(/\D/g, '')).toBe('0812345678');
      await expect(password).toBeFocused();
      await password.pressSequentially('XY');
      await expect(password).toHaveValue('secrXYet');
    },
  );

  test(
    'a drawing in another language than the member chose on this device never shows: the app draws the page in theirs',
    ONCE,
    async ({ page, site }) => {
      // Chosen before the language had a cookie: local storage says English, the server draws Thai.
      await page.addInitScript(() => {
        localStorage.setItem('locale', 'EN');
        // What the page held when it was parsed, before anything was painted: the Thai drawing, hidden.
        document.addEventListener('DOMContentLoaded', () => {
          const html = document.documentElement;
          (window as unknown as { __parsed: unknown }).__parsed = {
            lang: html.lang,
            hidden: html.style.visibility === 'hidden',
            drawn: html.getAttribute('data-drawn-page'),
          };
        });
      });
      await page.goto(`/login?prefix=${site.key}`);
      await expect(page.getByTestId(testIds.loginSubmit)).toHaveText('Log in');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect(await page.evaluate(() => (window as unknown as { __parsed: unknown }).__parsed)).toEqual({
        lang: 'th',
        hidden: true,
        drawn: 'login',
      });
      // And from now on the server draws it in English: the choice went to its cookie.
      expect((await page.context().cookies()).find((cookie) => cookie.name === 'i18n_redirected')?.value).toBe('en');
    },
  );
  test(
    "a drawn page is painted whole on a slow phone: nothing of it arrives under the member's eyes",
    perTheme('login'),
    async ({ page, site }) => {
      // A phone's link and CPU, on which the parser yields before the page is read whole.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: 200_000,
        uploadThroughput: 96_000,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await page.addInitScript((endId: string) => {
        const seen = window as unknown as { firstFrame?: boolean; shifted?: number };
        seen.shifted = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number }[]) seen.shifted! += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        // A frame's callbacks run once the page may be painted: by then the end of the page has been read.
        requestAnimationFrame(() => (seen.firstFrame = document.getElementById(endId) !== null));
      }, DRAWN_END_ID);
      const app = await holdTheApp(page);
      await page.goto(`/login?prefix=${site.key}`, { waitUntil: 'commit' });
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { firstFrame?: boolean }).firstFrame), { timeout: 20_000 })
        .toBe(true);
      // Its images in, nothing has moved.
      await expect.poll(() => page.evaluate(() => [...document.images].every((image) => image.complete))).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);
      app.release();
    },
  );
});
