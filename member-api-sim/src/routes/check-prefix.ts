import type { CheckPrefixReply } from '@member/shared-core';
import { api } from '../http/reply';
import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { divisionsField } from '../state/sites';

/** `checkPrefix` (query `prefix&divisions`): true for a known prefix whose divisions setting matches when given. */
export const checkPrefixHandler =
  (sim: Sim): Handler =>
  ({ query }) => {
    const prefix = query.get('prefix') ?? '';
    const divisions = query.get('divisions');
    const site = sim.sites.get(prefix);
    const status = site !== undefined && (divisions === null || divisions === '' || divisions === divisionsField(site));
    const reply: CheckPrefixReply = { prefix, status };
    return api(reply);
  };
