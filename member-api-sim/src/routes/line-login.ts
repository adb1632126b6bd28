import type { LineLoginReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import { lineAuthorizeLink, returnOrigin, type Sim } from '../sim';
import { statePrefix } from '../state/line';
import { Problems } from '../wire/fields';

/**
 * `lineLogin` (query `state&dot`): the LINE login link, `{base}/line/authorize?state&redirect_uri={origin}/check/line`.
 * The origin is the request's Origin when allowed, else `dot` when it is an allowed origin, else the first allowed one.
 */
export const lineLoginHandler =
  (sim: Sim): Handler =>
  ({ query, origin }) => {
    const state = query.get('state') ?? '';
    const prefix = statePrefix(state);
    const problems = new Problems();
    if (state === '') problems.add('state', 'Required');
    else if (prefix === null) problems.add('state', 'State must be {prefix}.{32 letters or digits}');
    else if (!sim.sites.get(prefix)) problems.add('state', 'Unknown site');
    problems.check();
    const reply: LineLoginReply = { status: true, data: lineAuthorizeLink(sim, state, returnOrigin(sim, origin, query.get('dot'))) };
    return api(reply);
  };
