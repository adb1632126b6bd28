import type { GclubMaintainReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';

/**
 * `gclubMaintain` (no fields): `{status: true, result: {frontEnd_Maintain, until?}}`, set by
 * `POST /__sim/maintenance` (`until`: the planned end, when the control gave one).
 */
export const gclubMaintainHandler =
  (sim: Sim): Handler =>
  () => {
    const until = sim.providers.maintenanceUntil('GCLUB');
    const reply: GclubMaintainReply = {
      status: true,
      result: { frontEnd_Maintain: sim.providers.inMaintenance('GCLUB'), ...(until ? { until } : {}) },
    };
    return api(reply);
  };
