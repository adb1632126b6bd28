import { json } from '../http/reply';
import type { Route } from '../http/router';
import type { Sim } from '../sim';
import { memberChannel } from '../pusher/hub';

/**
 * `GET /__sim/sockets`: the open Pusher sockets (socket_id, subscribed channels). `POST /__sim/socket/drop` {memberId?,
 * code?: 1006 | 4200}: drops the sockets on `private-member.{memberId}` (every socket without memberId); 1006 (default)
 * cuts the connection without a close frame, 4200 sends close code 4200 "Please reconnect". → `{ok, dropped}`.
 * `GET /__sim/auth-requests`: broadcasting-auth requests per member since the reset (a reconnect loop shows as a
 * growing count).
 */
export const socketRoutes = (sim: Sim): Route[] => [
  {
    method: 'GET',
    path: '/__sim/sockets',
    name: '/__sim/sockets',
    kind: 'control',
    handler: () => json({ sockets: sim.realtime.list() }),
  },
  {
    method: 'POST',
    path: '/__sim/socket/drop',
    name: '/__sim/socket/drop',
    kind: 'control',
    handler: ({ body }) => {
      const code = body.code ?? 1006;
      const memberId = body.memberId;
      const id = typeof memberId === 'number' || typeof memberId === 'string' ? String(memberId) : null;
      if ((code !== 1006 && code !== 4200) || (memberId !== undefined && (id === null || !/^\d{1,12}$/.test(id)))) {
        return json({ ok: false, error: 'body must be {memberId?: number, code?: 1006 | 4200}' }, 400);
      }
      const dropped = sim.realtime.drop(id === null ? null : memberChannel(id), code);
      return json({ ok: true, dropped });
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
