import type { GclubCreditReply } from '@member/shared-core';
import { api, unauthorized } from '../http/reply';
import type { Route } from '../http/router';
import type { Sim } from '../sim';
import { Fields } from '../wire/fields';
import { countCall } from './provider';

const PATH = '/api/gclubCredit';

/**
 * `POST /api/gclubCredit` {token} (plain GCLUB session token): `{status: true, result: {totalMoney}}`, extending the
 * session. A missing or expired GCLUB session → HTTP 401 (the host returns silently).
 */
export const gclubCreditRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: PATH,
  name: PATH,
  kind: 'api',
  handler: ({ body }) => {
    const account = sim.providers.gclubAccount(new Fields(body, sim.cipher).plain('token'), true);
    if (!account) throw unauthorized();
    countCall(sim, account, PATH);
    const reply: GclubCreditReply = { status: true, result: { totalMoney: sim.wallets.balanceOf(account.gameuser) } };
    return api(reply);
  },
});
