import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';

const MAX_REFUSALS = 1000;

/** `POST /__sim/switch-main/refuse` {times?}: the next `times` (default 1) switchMain calls answer `{status: false, message}`. */
export const switchMainRefuseRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/__sim/switch-main/refuse',
  name: '/__sim/switch-main/refuse',
  kind: 'control',
  handler: ({ body }) => {
    const times = body.times ?? 1;
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 0 || times > MAX_REFUSALS) {
      return json({ ok: false, error: `times must be an integer from 0 to ${MAX_REFUSALS}` }, 400);
    }
    sim.switchMain.refuse(times);
    return json({ ok: true, refusals: sim.switchMain.refusals });
  },
});
