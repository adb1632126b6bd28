import type { RegisterStep1Reply } from '@member/shared-core';
import { api, unauthorized } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { hashPassword } from '../state/passwords';
import { Fields, MIN_PASSWORD, PHONE_PATTERN, PHONE_RULE, Problems } from '../wire/fields';

const AFFILIATE_FIELDS = ['agent', 'platform', 'channel', 'register'] as const;
const AFFILIATE_MAX = 64;

/**
 * `registerStep1` {prefix, phone (enc), password (enc), agent, platform, channel, register, line_token? (enc)}.
 * Starts a registration and records the affiliate values. With `line_token` (the registration-scoped token of a
 * lineProfile reply) the new member is bound to that LINE user and the password may be left empty.
 */
export const registerStep1Handler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const phone = f.plain('phone');
    const password = f.plain('password');
    const lineToken = f.plain('line_token');
    const prefix = f.plain('prefix');
    const site = sim.sites.get(prefix);

    const problems = new Problems();
    if (prefix === undefined) problems.add('prefix', 'Required');
    else if (!site) problems.add('prefix', 'Unknown site');
    if (phone === undefined) problems.add('phone', 'Required');
    else if (!PHONE_PATTERN.test(phone)) problems.add('phone', PHONE_RULE);
    if (password === undefined && lineToken === undefined) problems.add('password', 'Required');
    else if (password !== undefined && password.length < MIN_PASSWORD) {
      problems.add('password', `Password must be at least ${MIN_PASSWORD} characters`);
    }
    const affiliate = { agent: '', platform: '', channel: '', register: '' };
    for (const field of AFFILIATE_FIELDS) {
      const value = f.plain(field) ?? '';
      if (value.length > AFFILIATE_MAX) problems.add(field, `At most ${AFFILIATE_MAX} characters`);
      affiliate[field] = value.slice(0, AFFILIATE_MAX);
    }
    const ok = problems.done({ site, phone });

    let line: { lineUserId: string; lineName: string } | null = null;
    if (lineToken !== undefined) {
      const session = sim.sessions.resolve(lineToken);
      if (!session || session.scope !== 'registration' || session.prefix !== ok.site.key || !session.lineUserId) throw unauthorized();
      line = { lineUserId: session.lineUserId, lineName: session.lineName ?? '' };
    }

    const answer = (reply: RegisterStep1Reply) => api(reply);
    if (!ok.site.registerEnabled)
      return answer({ status: false, code: 'registration_closed', message: 'Registration is closed on this site' });
    if (sim.members.byPhone(ok.site.key, ok.phone))
      return answer({ status: false, code: 'phone_registered', message: 'This phone number is already registered' });
    if (line && sim.members.byLineUser(ok.site.key, line.lineUserId)) {
      return answer({ status: false, code: 'line_registered', message: 'This LINE account is already registered' });
    }

    const registerToken = sim.registrations.start({
      prefix: ok.site.key,
      phone: ok.phone,
      passwordHash: password !== undefined ? hashPassword(password) : null,
      lineUserId: line?.lineUserId ?? null,
      lineName: line?.lineName ?? null,
      affiliate,
    });
    return answer({ status: true, register_token: registerToken });
  };
