import type { StatusReply } from '@member/shared-core';
import { api, unauthorized } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { Fields } from '../wire/fields';
import { accountInfoUser } from './gclub-data';
import { countCall, isValidNewPassword, NEW_PASSWORD_RULE, WRONG_OLD_PASSWORD } from './provider';

/**
 * `gclubChangePwd` {token, accInfo, password, oldPassword} (plain): changes the GCLUB password and ends the
 * account's GCLUB sessions. A dead session token → HTTP 401. `accInfo` (gclubData's `accountInfo`) must name the
 * session's account, `oldPassword` must be right and `password` at least 6 characters, else `{status: false, message}`.
 */
export const gclubChangePwdHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const account = sim.providers.gclubAccount(f.plain('token'), false);
    if (!account) throw unauthorized();
    countCall(sim, account, 'gclubChangePwd');
    const answer = (reply: StatusReply) => api(reply);

    if (accountInfoUser(sim.cipher, f.plain('accInfo')) !== account.gameuser) {
      return answer({ status: false, message: 'Account info does not match this GCLUB session' });
    }
    const oldPassword = f.plain('oldPassword');
    if (oldPassword === undefined || !sim.providers.passwordMatches(account, oldPassword))
      return answer({ status: false, code: 'wrong_old_password', message: WRONG_OLD_PASSWORD });
    const password = f.plain('password');
    if (!isValidNewPassword(password)) return answer({ status: false, code: 'password_too_short', message: NEW_PASSWORD_RULE });
    sim.providers.changePassword(account, password);
    return answer({ status: true });
  };
