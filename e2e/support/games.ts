import { expect, type Page } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';
import { GCLUB_LOGIN_SETTLE_MS } from '@member/shared-core/accounts/account-rules';

/** A game account's card on /profile, found by its provider. */
export function accountCard(page: Page, service: 'GCLUB' | 'UFA') {
  return page.locator(`[data-testid="${testIds.gameAccount}"][data-service="${service}"]`);
}

export function balanceOf(page: Page, service: 'GCLUB' | 'UFA') {
  return accountCard(page, service).getByTestId(testIds.gameBalance);
}

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
