import type { UfaMaintainReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Route } from '../http/router';
import type { Sim } from '../sim';

/** `POST /api/ufaMaintain` (no fields): `{status: true, maintain}`, set by `POST /__sim/maintenance`. */
export const ufaMaintainRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/api/ufaMaintain',
  name: '/api/ufaMaintain',
  kind: 'api',
  handler: () => {
    const reply: UfaMaintainReply = { status: true, maintain: sim.providers.inMaintenance('UFA') };
    return api(reply);
  },
});
