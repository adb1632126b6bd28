import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';
import { MAX_BALANCE, toSatang } from '../state/wallets';

/** `POST /__sim/balance` {gameuser, balance}: sets a game account's balance in baht (0 to 1e9, at most two decimals). */
export const balanceRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/__sim/balance',
  name: '/__sim/balance',
  kind: 'control',
  handler: ({ body }) => {
    const { gameuser, balance } = body;
    if (typeof gameuser !== 'string' || gameuser === '') return json({ ok: false, error: 'body must be {gameuser, balance}' }, 400);
    if (toSatang(balance) === null) {
      return json({ ok: false, error: `balance must be a number of baht from 0 to ${MAX_BALANCE} with at most two decimals` }, 400);
    }
    if (!sim.members.byGameUser(gameuser) || !sim.wallets.set(gameuser, balance))
      return json({ ok: false, error: `no game user ${gameuser}` }, 404);
    return json({ ok: true, gameuser, balance: sim.wallets.balanceOf(gameuser) });
  },
});
