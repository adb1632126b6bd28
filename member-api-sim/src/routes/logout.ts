import type { StatusReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { Fields, Problems } from '../wire/fields';
import { requireSession } from './auth';

/** `logout` {prefix, token (enc)}: ends the login (the token and any token rotated from or into it). */
export const logoutHandler =
  (sim: Sim): Handler =>
  ({ body }) => {
    const f = new Fields(body);
    const token = f.plain('token');
    const problems = new Problems();
    const prefix = problems.require('prefix', f.plain('prefix'));
    problems.check();
    const session = requireSession(sim, token, prefix);
    sim.sessions.revokeChain(session);
    const reply: StatusReply = { status: true };
    return api(reply);
  };
