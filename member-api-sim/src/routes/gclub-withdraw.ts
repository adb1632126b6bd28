import type { Route } from '../http/router';
import type { Sim } from '../sim';
import { withdrawRoute } from './withdraw';

/** `POST /api/gclubWithdraw` {gameuser, amount, token}: a withdrawal from the member's GCLUB game user (see withdraw.ts). */
export const gclubWithdrawRoute = (sim: Sim): Route => withdrawRoute(sim, 'GCLUB', '/api/gclubWithdraw');
