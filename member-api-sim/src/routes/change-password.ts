import type { StatusReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { checkPassword, hashPassword } from '../state/passwords';
import { Fields, MIN_PASSWORD } from '../wire/fields';
import { requireMember } from './auth';

/**
 * `changePassword` {token, password (new), oldpassword}, all (enc). Failures answer HTTP 200
 * `{status: false, message}`. The new password works for phoneLogin at once; sessions stay.
 */
export const changePasswordHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const token = f.plain('token');
    const password = f.plain('password');
    const oldpassword = f.plain('oldpassword');
    const { member } = requireMember(sim, token);
    const answer = (reply: StatusReply) => api(reply);

    if (oldpassword === undefined)
      return answer({ status: false, code: 'old_password_required', message: 'The current password is required' });
    if (password === undefined || password.length < MIN_PASSWORD) {
      return answer({ status: false, code: 'password_too_short', message: `The new password must be at least ${MIN_PASSWORD} characters` });
    }
    if (member.passwordHash === null)
      return answer({ status: false, code: 'phone_not_connected', message: 'Connect a phone number first' });
    if (!checkPassword(oldpassword, member.passwordHash))
      return answer({ status: false, code: 'wrong_old_password', message: 'The current password is incorrect' });
    member.passwordHash = hashPassword(password);
    return answer({ status: true });
  };
