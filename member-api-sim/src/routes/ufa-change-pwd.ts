import type { StatusReply } from '@member/shared-core';
import { api, unauthorized } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { Fields, Problems } from '../wire/fields';
import { countCall, isValidNewPassword, NEW_PASSWORD_RULE, WRONG_OLD_PASSWORD } from './provider';

/**
 * `ufaChangePwd` {username, password, oldPassword} (plain): changes the UFA password and ends the UFA
 * session. Needs a live UFA session (HTTP 401 otherwise); a wrong `oldPassword` or a new password under 6 characters
 * → `{status: false, message}`.
 */
export const ufaChangePwdHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const { username } = new Problems().done({ username: f.plain('username') });
    const account = sim.providers.account('UFA', username);
    countCall(sim, account, 'ufaChangePwd');
    if (!account || !sim.providers.ufaSession(account.gameuser)) throw unauthorized();
    const answer = (reply: StatusReply) => api(reply);

    const oldPassword = f.plain('oldPassword');
    if (oldPassword === undefined || !sim.providers.passwordMatches(account, oldPassword))
      return answer({ status: false, code: 'wrong_old_password', message: WRONG_OLD_PASSWORD });
    const password = f.plain('password');
    if (!isValidNewPassword(password)) return answer({ status: false, code: 'password_too_short', message: NEW_PASSWORD_RULE });
    sim.providers.changePassword(account, password);
    return answer({ status: true });
  };
