import type { StatusReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Route } from '../http/router';
import type { Sim } from '../sim';
import { Fields, Problems } from '../wire/fields';
import { requireSession } from './auth';

/** `POST /api/logout` {prefix, token (enc)}: ends the login (the token and any token rotated from or into it). */
export const logoutRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/api/logout',
  name: '/api/logout',
  kind: 'api',
  handler: ({ body }) => {
    const f = new Fields(body, sim.cipher);
    const token = f.enc('token');
    const problems = new Problems();
    const prefix = problems.require('prefix', f.plain('prefix'));
    problems.check();
    const session = requireSession(sim, token, prefix);
    sim.sessions.revokeChain(session);
    const reply: StatusReply = { status: true };
    return api(reply);
  },
});
