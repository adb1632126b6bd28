import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { withdrawHandler } from './withdraw';

/** `gclubWithdraw` {gameuser, amount, token}: a withdrawal from the member's GCLUB game user (see withdraw.ts). */
export const gclubWithdrawHandler = (sim: Sim): Handler => withdrawHandler(sim, 'GCLUB');
