import type { GclubMaintainReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Route } from '../http/router';
import type { Sim } from '../sim';

/**
 * `POST /api/gclubMaintain` (no fields): `{status: true, result: {frontEnd_Maintain, until?}}`, set by
 * `POST /__sim/maintenance` (`until`: the planned end, when the control gave one).
 */
export const gclubMaintainRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/api/gclubMaintain',
  name: '/api/gclubMaintain',
  kind: 'api',
  handler: () => {
    const until = sim.providers.maintenanceUntil('GCLUB');
    const reply: GclubMaintainReply = { status: true, result: { frontEnd_Maintain: sim.providers.inMaintenance('GCLUB'), ...(until ? { until } : {}) } };
    return api(reply);
  },
});
