import type { StatusReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { Fields, Problems } from '../wire/fields';
import { countCall } from './provider';

/**
 * `ufaShoot` {username} (plain), the UFA keep-alive: extends the live UFA session by
 * SIM_PROVIDER_SESSION_MS from now → `{status: true}`; `{status: false}` when none lives. Every call is counted
 * (`shoots` in `GET /__sim/provider-state`).
 */
export const ufaShootHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const { username } = new Problems().done({ username: new Fields(body).plain('username') });
    const account = sim.providers.account('UFA', username);
    countCall(sim, account, 'ufaShoot');
    const reply: StatusReply = { status: account ? sim.providers.extendUfa(account.gameuser) : false };
    return api(reply);
  };
