import type { LineConnectReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Route } from '../http/router';
import { lineAuthorizeLink, returnOrigin, type Sim } from '../sim';
import { statePrefix } from '../state/line';
import { Fields, Problems } from '../wire/fields';
import { requireMember } from './auth';

/** `POST /api/lineConnect` {state, token (enc), dot}: the LINE authorize link for connecting LINE to this member. */
export const lineConnectRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/api/lineConnect',
  name: '/api/lineConnect',
  kind: 'api',
  handler: ({ body, origin }) => {
    const f = new Fields(body, sim.cipher);
    const token = f.enc('token');
    const state = f.plain('state');
    const { member } = requireMember(sim, token);
    const problems = new Problems();
    const prefix = statePrefix(state);
    if (state === undefined) problems.add('state', 'Required');
    else if (prefix === null) problems.add('state', 'State must be {prefix}.{32 letters or digits}');
    else if (prefix !== member.prefix) problems.add('state', 'State belongs to another site');
    const ok = problems.done({ state });
    const reply: LineConnectReply = { status: true, link: lineAuthorizeLink(sim, ok.state, returnOrigin(sim, origin, body.dot)) };
    return api(reply);
  },
});
