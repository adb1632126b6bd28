import type { PhoneConnectReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { hashPassword } from '../state/passwords';
import { Fields, MIN_PASSWORD, PHONE_PATTERN, PHONE_RULE } from '../wire/fields';
import { requireMember } from './auth';

/**
 * `phoneConnect` {token, phone, password}, all (enc): gives a member without phone login (a LINE-first
 * member) a phone number and password. Failures answer HTTP 200 `{status: false, message, fields?}`.
 */
export const phoneConnectHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const token = f.plain('token');
    const phone = f.plain('phone');
    const password = f.plain('password');
    const { member } = requireMember(sim, token);
    const answer = (reply: PhoneConnectReply & { fields?: Record<string, string> }) => api(reply);

    const fields: Record<string, string> = {};
    if (phone === undefined) fields.phone = 'Required';
    else if (!PHONE_PATTERN.test(phone)) fields.phone = PHONE_RULE;
    if (password === undefined) fields.password = 'Required';
    else if (password.length < MIN_PASSWORD) fields.password = `Password must be at least ${MIN_PASSWORD} characters`;
    if (phone === undefined || password === undefined || Object.keys(fields).length > 0) {
      return answer({ status: false, message: Object.values(fields)[0] ?? 'Invalid request', fields });
    }
    if (member.passwordHash !== null)
      return answer({ status: false, code: 'phone_already_connected', message: 'A phone number is already connected' });
    const holder = sim.members.byPhone(member.prefix, phone);
    if (holder && holder.cid !== member.cid)
      return answer({ status: false, code: 'phone_registered', message: 'This phone number is already registered' });

    member.phone = phone;
    member.passwordHash = hashPassword(password);
    return answer({ status: true, phone });
  };
