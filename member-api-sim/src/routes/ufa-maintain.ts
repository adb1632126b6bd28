import type { UfaMaintainReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Route } from '../http/router';
import type { Sim } from '../sim';

/** `POST /api/ufaMaintain` (no fields): `{status: true, maintain, until?}`, set by `POST /__sim/maintenance`. */
export const ufaMaintainRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/api/ufaMaintain',
  name: '/api/ufaMaintain',
  kind: 'api',
  handler: () => {
    const until = sim.providers.maintenanceUntil('UFA');
    const reply: UfaMaintainReply = { status: true, maintain: sim.providers.inMaintenance('UFA'), ...(until ? { until } : {}) };
    return api(reply);
  },
});
