import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';
import { memberChannel } from '../pusher/hub';

const MEMBER_ID = /^\d{1,12}$/;
const EVENT_NAME = /^[^\s]{1,200}$/;

/**
 * `POST /__sim/events` {memberId, event, data?}: pushes any event (MemberGameStatus, a hand-made MemberTrans…) to
 * `private-member.{memberId}`; `data` is sent JSON-encoded (`null` when left out). → `{ok: true, channel, delivered}`.
 */
export const eventsRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/__sim/events',
  name: '/__sim/events',
  kind: 'control',
  handler: ({ body }) => {
    const { memberId, event } = body;
    const id = typeof memberId === 'number' || typeof memberId === 'string' ? String(memberId) : '';
    if (!MEMBER_ID.test(id) || typeof event !== 'string' || !EVENT_NAME.test(event)) {
      return json({ ok: false, error: 'body must be {memberId: number, event: string, data?: any JSON}' }, 400);
    }
    const channel = memberChannel(id);
    const delivered = sim.realtime.trigger([channel], event, JSON.stringify(body.data ?? null));
    return json({ ok: true, channel, delivered });
  },
});
