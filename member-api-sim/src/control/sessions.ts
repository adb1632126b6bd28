import { json } from '../http/reply';
import type { Route, RouteContext } from '../http/route';
import type { Sim } from '../sim';
import type { Member } from '../state/members';

type Target = { ok: true; member: Member } | { ok: false; status: number; error: string };

function target(sim: Sim, body: RouteContext['body']): Target {
  const { prefix, phone } = body;
  if (typeof prefix !== 'string' || typeof phone !== 'string') return { ok: false, status: 400, error: 'body must be {prefix, phone}' };
  const member = sim.members.byPhone(prefix, phone);
  return member ? { ok: true, member } : { ok: false, status: 404, error: `no member ${phone} on ${prefix}` };
}

/**
 * `GET /__sim/sessions`: live sessions (never tokens). `POST /__sim/sessions/rotate` {prefix, phone}: the member's next
 * getProfile or verify rotates the token. `POST /__sim/sessions/revoke` {prefix, phone, reason?}: revokes all its
 * tokens, the club ending them (`revoked`, the default) or a login on another device (`elsewhere`); verify and the 401s
 * then say so. `POST /__sim/sessions/expire` {prefix, phone}: its tokens run out now (`expired`).
 */
export const sessionRoutes = (sim: Sim): Route[] => [
  {
    method: 'GET',
    path: '/__sim/sessions',
    name: '/__sim/sessions',
    kind: 'control',
    handler: () => json({ sessions: sim.sessions.list() }),
  },
  {
    method: 'POST',
    path: '/__sim/sessions/rotate',
    name: '/__sim/sessions/rotate',
    kind: 'control',
    handler: ({ body }) => {
      const found = target(sim, body);
      if (!found.ok) return json({ ok: false, error: found.error }, found.status);
      sim.sessions.requestRotation(found.member.prefix, found.member.cid);
      return json({ ok: true, cid: found.member.cid });
    },
  },
  {
    method: 'POST',
    path: '/__sim/sessions/revoke',
    name: '/__sim/sessions/revoke',
    kind: 'control',
    handler: ({ body }) => {
      const found = target(sim, body);
      if (!found.ok) return json({ ok: false, error: found.error }, found.status);
      const { reason = 'revoked' } = body;
      if (reason !== 'revoked' && reason !== 'elsewhere') return json({ ok: false, error: 'reason must be "revoked" or "elsewhere"' }, 400);
      const revoked = sim.sessions.revokeMember(found.member.prefix, found.member.cid, reason);
      return json({ ok: true, cid: found.member.cid, revoked });
    },
  },
  {
    method: 'POST',
    path: '/__sim/sessions/expire',
    name: '/__sim/sessions/expire',
    kind: 'control',
    handler: ({ body }) => {
      const found = target(sim, body);
      if (!found.ok) return json({ ok: false, error: found.error }, found.status);
      const expired = sim.sessions.expireMember(found.member.prefix, found.member.cid);
      return json({ ok: true, cid: found.member.cid, expired });
    },
  },
];
