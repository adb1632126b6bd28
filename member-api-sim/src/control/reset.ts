import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';

/**
 * `POST /__sim/reset`: restores the seed (members, game passwords, main flags, balances); clears sessions, LINE codes,
 * registrations, provider sessions, maintenance flags, call counters, switchMain refusals, faults and request records;
 * the ledger (balances back to the seed), idempotency keys, armed withdrawal rejections, the operator's settings (a
 * careful operator again) and the bank's holds (released), broadcasting-auth counts, and every socket's subscriptions
 * (the sockets stay connected), and the error reports.
 */
export const resetRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/__sim/reset',
  name: '/__sim/reset',
  kind: 'control',
  handler: () => {
    sim.reset();
    return json({ ok: true });
  },
});
