import type { VerifyReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { Fields, Problems } from '../wire/fields';
import { checkLoginType } from './login-type';

/**
 * `verify` {token (enc), type}: the 20-second check. An unknown, revoked or expired token answers
 * HTTP 200 `{status: false}` (status false logs the user out), not 401, with `reason` (`elsewhere`, `expired`,
 * `revoked`) when the session ended without its own logout. Counts towards token rotation.
 */
export const verifyHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const token = f.plain('token');
    const problems = new Problems();
    checkLoginType(problems, f.plain('type'));
    problems.check();

    const session = sim.sessions.resolve(token);
    if (!session) {
      const reason = sim.sessions.endReason(token);
      const reply: VerifyReply = reason ? { status: false, reason } : { status: false };
      return api(reply);
    }
    const turn = sim.sessions.touch(session);
    const reply: VerifyReply = turn.rotated
      ? { status: true, refresh_status: true, access_token: turn.token }
      : { status: true, refresh_status: false };
    return api(reply);
  };
