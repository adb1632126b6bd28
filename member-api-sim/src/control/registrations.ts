import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';

/** `GET /__sim/registrations`: every registration since the last reset, with its affiliate values. */
export const registrationRoute = (sim: Sim): Route => ({
  method: 'GET',
  path: '/__sim/registrations',
  name: '/__sim/registrations',
  kind: 'control',
  handler: () => json({ registrations: sim.registrations.list() }),
});
