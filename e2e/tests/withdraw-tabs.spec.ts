import { testIds } from '@member/shared-core/test-ids';
import { expect, test } from '../support/fixtures';
import { loggedInMember } from '../support/session';
import { ledgerOf } from '../support/sim';
import { perTheme } from '../support/site-looks';

test(
  'two tabs withdrawing at the same moment make one withdrawal, and both show it',
  perTheme('withdraw'),
  async ({ context, page, site }) => {
    const member = await loggedInMember(page, site);
    const second = await context.newPage();
    const sends: string[] = [];
    context.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/ufaWithdraw') sends.push(r.url());
    });
    for (const [tab, amount] of [
      [page, '300'],
      [second, '400'],
    ] as const) {
      await tab.goto(`/withdraw?prefix=${site.key}`);
      await tab.getByTestId(testIds.withdrawAccount).selectOption('UFA');
      await tab.getByTestId(testIds.withdrawAmount).fill(amount);
    }
    await Promise.all([page.getByTestId(testIds.withdrawSubmit).click(), second.getByTestId(testIds.withdrawSubmit).click()]);

    for (const tab of [page, second]) {
      await expect(tab.getByTestId(testIds.withdrawStatus)).toHaveAttribute('data-state', 'done', { timeout: 15_000 });
    }
    const withdrawals = (await ledgerOf(page.request, site.key, member.phone)).filter((e) => e.type === 'withdraw');
    expect(withdrawals).toHaveLength(1);
    expect(sends).toHaveLength(1);
    // Both tabs name the one withdrawal that was made.
    const made = String(withdrawals[0]!.amount);
    for (const tab of [page, second]) await expect(tab.getByTestId(testIds.withdrawIntent)).toContainText(`${made}.00`);
  },
);
