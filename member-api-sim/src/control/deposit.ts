import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';
import { sendMemberTrans } from '../pusher/member-events';
import { MAX_BALANCE } from '../state/wallets';
import { parseAmount } from '../state/ledger';

const DAY_MS = 86_400_000;
export const MAX_DAYS_AGO = 365;

/**
 * `POST /__sim/deposit` {prefix, phone, service?: 'GCLUB'|'UFA', amount, daysAgo?}: a deposit to the member's game
 * account of that provider (without `service`, to the member's main account, where the club credits a transfer from
 * the member's bank), completed at once through the ledger (dated `daysAgo` days back, 0 by default), then MemberTrans
 * `{status: true, gameuser, type: 'deposit', service, amount}` on `private-member.{cid}`. → `{ok: true, entry, balance,
 * delivered}` (`delivered`: sockets that got the event). 400 for a bad body or amount, 404 for an unknown member or a
 * member without that provider.
 */
export const depositRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/__sim/deposit',
  name: '/__sim/deposit',
  kind: 'control',
  handler: ({ body }) => {
    const { prefix, phone, service, amount, daysAgo = 0 } = body;
    if (typeof prefix !== 'string' || typeof phone !== 'string' || (service !== undefined && service !== 'GCLUB' && service !== 'UFA')) {
      return json({ ok: false, error: 'body must be {prefix, phone, service?: "GCLUB" | "UFA", amount}' }, 400);
    }
    const satang = typeof amount === 'number' ? parseAmount(amount) : null;
    if (satang === null)
      return json({ ok: false, error: `amount must be a number of baht above 0, up to ${MAX_BALANCE}, with at most two decimals` }, 400);
    if (typeof daysAgo !== 'number' || !Number.isInteger(daysAgo) || daysAgo < 0 || daysAgo > MAX_DAYS_AGO) {
      return json({ ok: false, error: `daysAgo must be an integer from 0 to ${MAX_DAYS_AGO}` }, 400);
    }
    const member = sim.members.byPhone(prefix, phone);
    if (!member) return json({ ok: false, error: `no member ${phone} on ${prefix}` }, 404);
    const game = service === undefined ? member.games.find((g) => g.main) : member.games.find((g) => g.service === service);
    if (!game) return json({ ok: false, error: `${phone} on ${prefix} has no ${service ?? 'main'} account` }, 404);
    if (sim.wallets.satangOf(game.game_user) + satang > MAX_BALANCE * 100)
      return json({ ok: false, error: `the balance would pass ${MAX_BALANCE}` }, 400);
    const entry = sim.ledger.deposit(
      { prefix, cid: member.cid, gameuser: game.game_user, service: game.service },
      satang,
      sim.now() - daysAgo * DAY_MS,
    );
    const delivered = sendMemberTrans(sim.realtime, entry);
    return json({ ok: true, entry, balance: sim.wallets.balanceOf(game.game_user), delivered });
  },
});
