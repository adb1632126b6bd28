import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';

/**
 * `GET /__sim/ledger[?prefix[&phone]]`: ledger entries in the order they were made (SimLedgerEntry[]), of every
 * member, of one site, or of one member. 400 for `phone` without `prefix`, 404 for an unknown member.
 */
export const ledgerRoute = (sim: Sim): Route => ({
  method: 'GET',
  path: '/__sim/ledger',
  name: '/__sim/ledger',
  kind: 'control',
  handler: ({ query }) => {
    const prefix = query.get('prefix') || undefined;
    const phone = query.get('phone') || undefined;
    if (phone !== undefined && prefix === undefined) return json({ ok: false, error: 'phone needs a prefix' }, 400);
    if (prefix === undefined) return json({ entries: sim.ledger.list() });
    if (phone === undefined) return json({ entries: sim.ledger.list({ prefix }) });
    const member = sim.members.byPhone(prefix, phone);
    if (!member) return json({ ok: false, error: `no member ${phone} on ${prefix}` }, 404);
    return json({ entries: sim.ledger.list({ prefix, cid: member.cid }) });
  },
});
