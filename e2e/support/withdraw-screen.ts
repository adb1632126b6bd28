import type { Page } from '@playwright/test';
import type { Site } from '@member/shared-core';
import { SITES } from './sites';
import { testIds } from '@member/shared-core/test-ids';

const allSites = SITES;

/** A site's entry of sites.json, as support/session.ts logs a member in on it. */
export function siteOf(key: string): Site {
  const site = allSites.find((s) => s.key === key);
  if (!site) throw new Error(`no site ${key} in sites.json`);
  return site;
}

/** What the withdraw form ever showed: every error and every status, in order. */
export interface WithdrawScreenSeen {
  errors: string[];
  states: string[];
}

/**
 * Records every withdraw error and status the page shows from its first paint (call before it opens): a "not made"
 * that flashed for a moment is caught too.
 */
export async function recordWithdrawScreen(page: Page): Promise<void> {
  await page.addInitScript(
    ({ errorId, statusId }) => {
      const record = { errors: [] as string[], states: [] as string[] };
      (window as unknown as { __withdrawSeen: typeof record }).__withdrawSeen = record;
      new MutationObserver(() => {
        const error = document.querySelector(`[data-testid="${errorId}"]`)?.textContent?.trim();
        if (error && record.errors.at(-1) !== error) record.errors.push(error);
        const state = document.querySelector(`[data-testid="${statusId}"]`)?.getAttribute('data-state');
        if (state && record.states.at(-1) !== state) record.states.push(state);
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    },
    { errorId: testIds.withdrawError, statusId: testIds.withdrawStatus },
  );
}

export const withdrawScreenSeen = (page: Page): Promise<WithdrawScreenSeen> =>
  page.evaluate(() => (window as unknown as { __withdrawSeen: WithdrawScreenSeen }).__withdrawSeen);
