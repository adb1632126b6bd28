import type { SimSocketRefusal, SimSocketsReply } from '../control-types';
import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';
import { ABNORMAL_CLOSE, isSendableCloseCode, memberChannel, type SocketRefusal } from '../pusher/hub';

const MAX_REASON_BYTES = 123;
const MAX_REFUSAL_MS = 3_600_000;

/** Absent → null (every socket); a 1-12 digit id; anything else → undefined (a bad body). */
function memberIdOf(value: unknown): string | null | undefined {
  if (value === undefined) return null;
  const id = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  return /^\d{1,12}$/.test(id) ? id : undefined;
}

/** Absent → null (the default reason); a string that fits a close frame; anything else → undefined (a bad body). */
function reasonOf(value: unknown): string | null | undefined {
  if (value === undefined) return null;
  return typeof value === 'string' && Buffer.byteLength(value) <= MAX_REASON_BYTES ? value : undefined;
}

const refusalView = (refusal: SocketRefusal | null): SimSocketRefusal | null =>
  refusal === null
    ? null
    : { code: refusal.code, reason: refusal.reason, until: refusal.until === null ? null : new Date(refusal.until).toISOString() };

/**
 * `GET /__sim/sockets`: the open Pusher sockets (socket_id, subscribed channels) and the refusal in force.
 * `POST /__sim/socket/drop` {memberId?, code?, reason?}: closes the sockets on `private-member.{memberId}` (every socket
 * without memberId); 1006 (default) cuts the connection without a close frame, any other code a close frame may carry
 * (1000-1014 but 1004-1006, 3000-4999) is sent with `reason` (default by the protocol's ranges). → `{ok, dropped}`.
 * `POST /__sim/socket/refuse` {code: 4000-4999 | null, reason?, forMs?}: every new socket gets `pusher:error {code}`
 * and is closed with that code, until `{code: null}`, `forMs` or the reset. → `{ok, refusal}`.
 * `GET /__sim/auth-requests`: broadcasting-auth requests per member since the reset (a reconnect loop shows as a
 * growing count).
 */
export const socketRoutes = (sim: Sim): Route[] => [
  {
    method: 'GET',
    path: '/__sim/sockets',
    name: '/__sim/sockets',
    kind: 'control',
    handler: () => json({ sockets: sim.realtime.list(), refusal: refusalView(sim.realtime.currentRefusal()) } satisfies SimSocketsReply),
  },
  {
    method: 'POST',
    path: '/__sim/socket/drop',
    name: '/__sim/socket/drop',
    kind: 'control',
    handler: ({ body }) => {
      const code = body.code ?? ABNORMAL_CLOSE;
      const id = memberIdOf(body.memberId);
      const reason = reasonOf(body.reason);
      if (typeof code !== 'number' || (code !== ABNORMAL_CLOSE && !isSendableCloseCode(code)) || id === undefined || reason === undefined) {
        return json(
          {
            ok: false,
            error: 'body must be {memberId?: number, code?: 1006 | 1000-1014 | 3000-4999, reason?: string (at most 123 bytes)}',
          },
          400,
        );
      }
      const dropped = sim.realtime.drop(id === null ? null : memberChannel(id), code, reason ?? undefined);
      return json({ ok: true, dropped });
    },
  },
  {
    method: 'POST',
    path: '/__sim/socket/refuse',
    name: '/__sim/socket/refuse',
    kind: 'control',
    handler: ({ body }) => {
      const { code, forMs } = body;
      const reason = reasonOf(body.reason);
      if (code === null) return json({ ok: true, refusal: refusalView(sim.realtime.refuse(null)) });
      const validCode = typeof code === 'number' && Number.isInteger(code) && code >= 4000 && code <= 4999;
      const validFor =
        forMs === undefined || (typeof forMs === 'number' && Number.isInteger(forMs) && forMs > 0 && forMs <= MAX_REFUSAL_MS);
      if (!validCode || !validFor || reason === undefined) {
        return json(
          { ok: false, error: 'body must be {code: 4000-4999 | null, reason?: string (at most 123 bytes), forMs?: 1-3600000}' },
          400,
        );
      }
      const refusal = sim.realtime.refuse({
        code,
        ...(reason === null ? {} : { reason }),
        ...(forMs === undefined ? {} : { forMs: forMs as number }),
      });
      return json({ ok: true, refusal: refusalView(refusal) });
    },
  },
  {
    method: 'GET',
    path: '/__sim/auth-requests',
    name: '/__sim/auth-requests',
    kind: 'control',
    handler: () => json(sim.authRequests.list()),
  },
];
