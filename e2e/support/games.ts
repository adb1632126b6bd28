import { expect, type Page } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';

/** A game account's card on /profile, found by its provider. */
export function accountCard(page: Page, service: 'GCLUB' | 'UFA') {
  return page.locator(`[data-testid="${testIds.gameAccount}"][data-service="${service}"]`);
}

export function balanceOf(page: Page, service: 'GCLUB' | 'UFA') {
  return accountCard(page, service).getByTestId(testIds.gameBalance);
}

/** How long GCLUB's login settles after it succeeded, before the set-up of the game accounts ends. */
export const GCLUB_LOGIN_SETTLE_MS = 800;

/**
 * With the page's clock installed: moves it past GCLUB's login settle, then waits until this tab leads the member's
 * balance reads (its 60 s credit loop), which starts once the accounts are set up. The balances show before that, as
 * the providers' logins hand them back.
 */
export async function leadingBalanceReads(page: Page, prefix: string): Promise<void> {
  await page.clock.fastForward(GCLUB_LOGIN_SETTLE_MS);
  await expect
    .poll(() =>
      page.evaluate(
        async (name) => (await navigator.locks.query()).held?.some((lock) => lock.name === name) ?? false,
        `member-credit-${prefix}`,
      ),
    )
    .toBe(true);
}
