import type { LoginReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { statePrefix } from '../state/line';
import { divisionsField } from '../state/sites';
import { checkPassword } from '../state/passwords';
import { loginReply } from '../views/member';
import { Fields, PHONE_PATTERN, PHONE_RULE, Problems } from '../wire/fields';

export const WRONG_CREDENTIALS = 'Phone number or password is incorrect';

/** `phoneLogin` {username, password, state, prefix, divisions}, all (enc). */
export const phoneLoginHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const username = f.plain('username');
    const password = f.plain('password');
    const state = f.plain('state');
    const prefix = f.plain('prefix');
    const divisions = f.plain('divisions');

    const problems = new Problems();
    const site = sim.sites.get(prefix);
    if (username === undefined) problems.add('username', 'Required');
    else if (!PHONE_PATTERN.test(username)) problems.add('username', PHONE_RULE);
    problems.require('password', password);
    if (prefix === undefined) problems.add('prefix', 'Required');
    else if (!site) problems.add('prefix', 'Unknown site');
    const fromState = statePrefix(state);
    if (state === undefined) problems.add('state', 'Required');
    else if (fromState === null) problems.add('state', 'State must be {prefix}.{32 letters or digits}');
    else if (site && fromState !== site.key) problems.add('state', 'State belongs to another site');
    if (divisions === undefined) problems.add('divisions', 'Required');
    else if (site && divisions !== divisionsField(site)) problems.add('divisions', `Must be "${divisionsField(site)}" for this site`);
    const ok = problems.done({ username, password, site });

    const member = sim.members.byPhone(ok.site.key, ok.username);
    if (!member || !checkPassword(ok.password, member.passwordHash)) {
      const reply: LoginReply = { status: false, message: WRONG_CREDENTIALS };
      return api(reply);
    }
    const { token } = sim.sessions.issueMember(ok.site.key, member.cid, 'phone');
    return api(loginReply(member, ok.site, token, sim.urls));
  };
