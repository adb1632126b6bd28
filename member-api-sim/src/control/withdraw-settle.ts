import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';

/**
 * `POST /__sim/withdraw/settle` {gameuser}: the game user's pending withdrawal settles now instead of after
 * SIM_WITHDRAW_PENDING_MS, exactly as it would have then (completed, or rejected while rejections are armed, and
 * MemberTrans sent). → `{ok: true, entry}`; 400 without a gameuser, 404 when none is pending. Lets a test go on as
 * soon as it has seen the pending state, instead of waiting the pending time out.
 */
export const withdrawSettleRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/__sim/withdraw/settle',
  name: '/__sim/withdraw/settle',
  kind: 'control',
  handler: ({ body }) => {
    const gameuser = body.gameuser;
    if (typeof gameuser !== 'string' || gameuser === '') return json({ ok: false, error: 'body must be {gameuser: string}' }, 400);
    const entry = sim.ledger.settleNow(gameuser);
    if (!entry) return json({ ok: false, error: `no pending withdrawal for ${gameuser}` }, 404);
    return json({ ok: true, entry });
  },
});

const MAX_KEPT = 1000;

/**
 * `POST /__sim/withdraw/keep-pending` {times?}: the next `times` (default 1, 0 cancels) withdrawals accepted stay pending
 * until `/__sim/withdraw/settle` (another device's withdrawal that takes its time). → `{ok: true, kept}`.
 */
export const withdrawKeepPendingRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/__sim/withdraw/keep-pending',
  name: '/__sim/withdraw/keep-pending',
  kind: 'control',
  handler: ({ body }) => {
    const times = body.times ?? 1;
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 0 || times > MAX_KEPT) {
      return json({ ok: false, error: `times must be an integer from 0 to ${MAX_KEPT}` }, 400);
    }
    sim.ledger.keepPendingNext(times);
    return json({ ok: true, kept: sim.ledger.keptPending });
  },
});
