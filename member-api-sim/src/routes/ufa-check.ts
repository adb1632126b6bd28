import type { UfaCheckReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { Fields, Problems } from '../wire/fields';
import { countCall, UFA_LOGGED_OUT } from './provider';

/**
 * `ufaCheck` {username, accid, sessions} (plain): `{status: true, errcode: 0, text: 'ok'}` while that UFA
 * session is the live one; `{status: true, errcode: 1, text: 'logged out'}` when it expired or ended, or accid/sessions
 * do not match. Does not extend the session.
 */
export const ufaCheckHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const { username } = new Problems().done({ username: f.plain('username') });
    const account = sim.providers.account('UFA', username);
    countCall(sim, account, 'ufaCheck');
    const session = account ? sim.providers.ufaSession(account.gameuser) : null;
    const valid = session !== null && session.accid === f.plain('accid') && session.sessions === f.plain('sessions');
    const reply: UfaCheckReply = valid ? { status: true, errcode: 0, text: 'ok' } : { status: true, errcode: 1, text: UFA_LOGGED_OUT };
    return api(reply);
  };
