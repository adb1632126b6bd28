import type { BroadcastingAuthReply } from '@member/shared-core';
import { BROADCAST_AUTH_PATH } from '@member/shared-core/api/broadcast-auth';
import { readFormOrJsonBody } from '../http/body';
import { json, ReplyError } from '../http/reply';
import type { Route } from '../http/route';
import { requireMember } from '../routes/auth';
import type { Sim } from '../sim';
import type { Member } from '../state/members';
import { memberChannel } from './hub';
import { channelAuth } from './signatures';

const SOCKET_ID = /^\d+\.\d+$/;

function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/** The member of a live member token, or null (the token is missing, unknown, revoked or registration-scoped). */
function memberOf(sim: Sim, token: string | undefined): Member | null {
  try {
    return requireMember(sim, token).member;
  } catch (error) {
    if (error instanceof ReplyError) return null;
    throw error;
  }
}

/**
 * `POST {BROADCAST_AUTH_PATH}` on the auth port (the operator's separate API host), as Laravel answers it:
 * `Authorization: Bearer <member access token>`, body `socket_id` and `channel_name` as a form (what pusher-js posts)
 * or JSON. → 200 `{auth: '{key}:{hex HMAC-SHA256(secret, socket_id:channel_name)}'}` for the member's own channel
 * `private-member.{cid}`; 403 `{message: 'Forbidden'}` for any other channel; 401 `{message: 'Unauthenticated.'}` for
 * a missing or bad token; 422 `{message}` for a missing channel or malformed socket_id. Plain JSON, not the envelope.
 * Every request is counted per member (`GET /__sim/auth-requests`).
 */
export const broadcastingAuthRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: BROADCAST_AUTH_PATH,
  name: BROADCAST_AUTH_PATH,
  kind: 'page',
  readBody: readFormOrJsonBody,
  handler: ({ req, body }) => {
    const member = memberOf(sim, bearer(req.headers.authorization));
    if (!member) {
      sim.authRequests.countUnauthorized();
      return json({ message: 'Unauthenticated.' }, 401);
    }
    const socketId = body.socket_id;
    const channel = body.channel_name;
    if (typeof socketId !== 'string' || !SOCKET_ID.test(socketId) || typeof channel !== 'string' || channel === '') {
      sim.authRequests.count(member.prefix, member.cid, typeof channel === 'string' ? channel : '', false);
      return json({ message: 'socket_id (digits.digits) and channel_name are required' }, 422);
    }
    const granted = channel === memberChannel(member.cid);
    sim.authRequests.count(member.prefix, member.cid, channel, granted);
    if (!granted) return json({ message: 'Forbidden' }, 403);
    const reply: BroadcastingAuthReply = { auth: channelAuth(sim.realtime.credentials, socketId, channel) };
    return json(reply);
  },
});
