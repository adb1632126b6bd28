import type { SimProviderState } from '@member/member-api-sim/control-types';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { SIM_URL, createMember, ledgerOf, simPost } from '../support/sim';
import { ONCE } from '../support/site-looks';

/** A real page on another origin: a theme remote's static server (no CSP, so its scripts may fetch anywhere). */
const FOREIGN_PAGE = `http://localhost:${process.env.REMOTE_PRE8_PORT ?? 3002}/mf-manifest.json`;

async function balanceOf(request: APIRequestContext, gameuser: string): Promise<number | undefined> {
  const response = await request.get(`${SIM_URL}/__sim/provider-state`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as SimProviderState).accounts.find((account) => account.gameuser === gameuser)?.balance;
}

test('a page on another origin cannot drive the simulator’s control API', ONCE, async ({ page, request, site }) => {
  const member = await createMember(request, site.key);
  const ufa = member.games.find((game) => game.service === 'UFA')!;
  await simPost(request, '/__sim/deposit', { prefix: site.key, phone: member.phone, service: 'UFA', amount: 77 });
  const ledgerBefore = await ledgerOf(request, site.key, member.phone);
  const balanceBefore = await balanceOf(request, ufa.game_user);
  expect(ledgerBefore.map((entry) => [entry.type, entry.amount])).toEqual([['deposit', 77]]);

  await page.goto(FOREIGN_PAGE);
  // What any page can send without a preflight: no-cors POSTs with text/plain bodies. The page cannot read the
  // answers; the browser's network log can.
  const calls = [
    { path: '/__sim/reset', body: '{}' },
    { path: '/__sim/balance', body: JSON.stringify({ gameuser: ufa.game_user, balance: 1 }) },
    { path: '/__sim/sessions/revoke', body: JSON.stringify({ prefix: site.key, phone: member.phone }) },
  ];
  for (const call of calls) {
    const answered = page.waitForResponse(`${SIM_URL}${call.path}`);
    const type = await page.evaluate(
      ({ url, body }) => fetch(url, { method: 'POST', mode: 'no-cors', body }).then((response) => response.type),
      { url: `${SIM_URL}${call.path}`, body: call.body },
    );
    expect(type).toBe('opaque');
    const response = await answered;
    expect([call.path, response.status()]).toEqual([call.path, 403]);
  }

  // Nothing changed: the member, their ledger entry and their balance are still there.
  expect(await ledgerOf(request, site.key, member.phone)).toEqual(ledgerBefore);
  expect(await balanceOf(request, ufa.game_user)).toBe(balanceBefore);

  // The host's own origin is still let in, with CORS.
  await page.goto(`/login?prefix=${site.key}`);
  const fromHost = await page.evaluate(
    (url) => fetch(url).then(async (response) => ({ status: response.status, body: (await response.json()) as { entries: unknown[] } })),
    `${SIM_URL}/__sim/ledger?prefix=${site.key}&phone=${member.phone}`,
  );
  expect(fromHost).toEqual({ status: 200, body: { entries: ledgerBefore } });
});
