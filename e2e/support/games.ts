import type { Page } from '@playwright/test';
import { testIds } from '@member/shared-core/test-ids';

/** A game account's card on /profile, found by its provider. */
export function accountCard(page: Page, service: 'GCLUB' | 'UFA') {
  return page.locator(`[data-testid="${testIds.gameAccount}"][data-service="${service}"]`);
}

export function balanceOf(page: Page, service: 'GCLUB' | 'UFA') {
  return accountCard(page, service).getByTestId(testIds.gameBalance);
}
