import type { LineConnectReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import { lineAuthorizeLink, returnOrigin, type Sim } from '../sim';
import { statePrefix } from '../state/line';
import { Fields, Problems } from '../wire/fields';
import { requireMember } from './auth';

/** `lineConnect` {state, token (enc), dot}: the LINE authorize link for connecting LINE to this member. */
export const lineConnectHandler =
  (sim: Sim): Handler =>
  ({ body, origin }) => {
    const f = new Fields(body);
    const token = f.plain('token');
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
  };
