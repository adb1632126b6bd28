import type { StatusReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Route } from '../http/router';
import type { Sim } from '../sim';
import { Fields, Problems } from '../wire/fields';
import { countCall } from './provider';

const PATH = '/api/ufaShoot';

/**
 * `POST /api/ufaShoot` {username} (plain), the UFA keep-alive: extends the live UFA session by
 * SIM_PROVIDER_SESSION_MS from now → `{status: true}`; `{status: false}` when none lives. Every call is counted
 * (`shoots` in `GET /__sim/provider-state`).
 */
export const ufaShootRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: PATH,
  name: PATH,
  kind: 'api',
  handler: ({ body }) => {
    const { username } = new Problems().done({ username: new Fields(body, sim.cipher).plain('username') });
    const account = sim.providers.account('UFA', username);
    countCall(sim, account, PATH);
    const reply: StatusReply = { status: account ? sim.providers.extendUfa(account.gameuser) : false };
    return api(reply);
  },
});
