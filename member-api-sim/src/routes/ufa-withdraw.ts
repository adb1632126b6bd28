import type { Handler } from '../http/route';
import type { Sim } from '../sim';
import { withdrawHandler } from './withdraw';

/**
 * `ufaWithdraw` {gameuser, amount, token}: the UFA withdrawal. The operator publishes only gclubWithdraw; this is the
 * operator API we expect for UFA, the same shape and rules for the member's UFA game user (see withdraw.ts).
 */
export const ufaWithdrawHandler = (sim: Sim): Handler => withdrawHandler(sim, 'UFA');
