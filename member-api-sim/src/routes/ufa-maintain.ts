import type { UfaMaintainReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';

/** `ufaMaintain` (no fields): `{status: true, maintain, until?}`, set by `POST /__sim/maintenance`. */
export const ufaMaintainHandler =
  (sim: Sim): Handler =>
  () => {
    const until = sim.providers.maintenanceUntil('UFA');
    const reply: UfaMaintainReply = { status: true, maintain: sim.providers.inMaintenance('UFA'), ...(until ? { until } : {}) };
    return api(reply);
  };
