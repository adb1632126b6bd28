import type { GetProfileReply } from '@member/shared-core';
import { api, unauthorized } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { lineGuestProfile, loginReply } from '../views/member';
import { Fields, Problems } from '../wire/fields';
import { requireSession } from './auth';
import { checkLoginType } from './login-type';

/**
 * `getProfile` {prefix, type, token (enc)}: the session check on page load. Counts towards token rotation;
 * when the token rotates the reply has `refresh_status: true` and the new `access_token`.
 */
export const getProfileHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const token = f.plain('token');
    const problems = new Problems();
    const prefix = problems.require('prefix', f.plain('prefix'));
    checkLoginType(problems, f.plain('type'));
    problems.check();

    const session = requireSession(sim, token, prefix);
    const turn = sim.sessions.touch(session);
    const rotation = turn.rotated ? { refresh_status: true, access_token: turn.token } : { refresh_status: false };

    if (session.scope === 'registration') {
      const reply: GetProfileReply = {
        status: true,
        accounts: false,
        loginBy: session.loginBy,
        profile: lineGuestProfile(session.lineUserId ?? '', session.lineName ?? '', sim.urls),
        ...rotation,
      };
      return api(reply);
    }
    const member = session.cid !== null ? sim.members.byCid(session.prefix, session.cid) : undefined;
    const site = sim.sites.get(session.prefix);
    if (!member || !site) throw unauthorized();
    const reply: GetProfileReply = { ...loginReply(member, site, null, sim.urls), loginBy: session.loginBy, ...rotation };
    return api(reply);
  };
