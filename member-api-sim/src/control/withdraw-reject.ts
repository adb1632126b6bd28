import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';

const MAX_REJECTIONS = 1000;

/**
 * `POST /__sim/withdraw/reject` {times?}: the next `times` (default 1, 0 cancels) withdrawals to settle, one pending now
 * included, are rejected: refunded, and MemberTrans `{status: false}` is sent. → `{ok: true, rejections}`.
 */
export const withdrawRejectRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/__sim/withdraw/reject',
  name: '/__sim/withdraw/reject',
  kind: 'control',
  handler: ({ body }) => {
    const times = body.times ?? 1;
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 0 || times > MAX_REJECTIONS) {
      return json({ ok: false, error: `times must be an integer from 0 to ${MAX_REJECTIONS}` }, 400);
    }
    sim.ledger.rejectNext(times);
    return json({ ok: true, rejections: sim.ledger.pendingRejections });
  },
});
