import { unauthorized } from '../http/reply';
import type { Sim } from '../sim';
import type { Member } from '../state/members';
import type { Session } from '../state/sessions';
import type { SimSite } from '../state/sites';

export interface MemberSession {
  session: Session;
  member: Member;
  site: SimSite;
}

/** The live session of a token, any scope; HTTP 401 otherwise. */
export function requireSession(sim: Sim, token: string | undefined, prefix?: string): Session {
  const session = sim.sessions.resolve(token);
  if (!session || (prefix !== undefined && session.prefix !== prefix)) throw unauthorized(session ? null : sim.sessions.endReason(token));
  return session;
}

/** A logged-in member's session (not a registration-scoped one); HTTP 401 otherwise. */
export function requireMember(sim: Sim, token: string | undefined, prefix?: string): MemberSession {
  const session = requireSession(sim, token, prefix);
  const member = session.scope === 'member' && session.cid !== null ? sim.members.byCid(session.prefix, session.cid) : undefined;
  const site = sim.sites.get(session.prefix);
  if (!member || !site) throw unauthorized();
  return { session, member, site };
}
