import type { LoginReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { lineGuestProfile, loginReply } from '../views/member';
import { Problems } from '../wire/fields';

export const BAD_LINE_CODE = 'The LINE code is invalid, used or expired';

/**
 * `lineProfile` (query `prefix&code&dot`): exchanges the one-time code from the LINE callback.
 * - LINE user bound to a member of the site: a LoginReply (loginBy line).
 * - LINE user without a member: `{status: true, accounts: false, access_token, profile}`; the token is
 *   registration-scoped (registerStep1 `line_token`, getProfile, verify), nothing else.
 * - Code unknown, used, expired or for another site: `{status: false}`.
 */
export const lineProfileHandler =
  (sim: Sim): Handler =>
  ({ query }) => {
    const problems = new Problems();
    const prefix = problems.require('prefix', query.get('prefix') || undefined);
    const code = problems.require('code', query.get('code') || undefined);
    problems.check();

    const grant = sim.lineCodes.consume(code);
    const site = sim.sites.get(prefix);
    if (!grant || !site || grant.prefix !== site.key) {
      const reply: LoginReply = { status: false, accounts: false, code: 'line_code_invalid', message: BAD_LINE_CODE };
      return api(reply);
    }
    const member = sim.members.byLineUser(site.key, grant.lineUserId);
    if (member) {
      const { token } = sim.sessions.issueMember(site.key, member.cid, 'line');
      return api(loginReply(member, site, token, sim.urls));
    }
    const { token } = sim.sessions.issueRegistration(site.key, grant.lineUserId, grant.lineName);
    const reply: LoginReply = {
      status: true,
      accounts: false,
      access_token: token,
      profile: lineGuestProfile(grant.lineUserId, grant.lineName, sim.urls),
    };
    return api(reply);
  };
