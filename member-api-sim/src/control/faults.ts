import { parseFault } from '../faults';
import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';

/** `POST /__sim/faults` (add one), `GET /__sim/faults` (pending), `DELETE /__sim/faults` (clear all). */
export const faultRoutes = (sim: Sim, apiRouteNames: () => readonly string[]): Route[] => [
  {
    method: 'POST',
    path: '/__sim/faults',
    name: '/__sim/faults',
    kind: 'control',
    handler: ({ body }) => {
      const checked = parseFault(body, apiRouteNames());
      if (!checked.ok) return json({ ok: false, error: checked.problem }, 400);
      sim.faults.add(checked.fault);
      return json({ ok: true, fault: checked.fault });
    },
  },
  {
    method: 'GET',
    path: '/__sim/faults',
    name: '/__sim/faults',
    kind: 'control',
    handler: () => json({ faults: sim.faults.list() }),
  },
  {
    method: 'DELETE',
    path: '/__sim/faults',
    name: '/__sim/faults',
    kind: 'control',
    handler: () => {
      sim.faults.clear();
      return json({ ok: true });
    },
  },
];
