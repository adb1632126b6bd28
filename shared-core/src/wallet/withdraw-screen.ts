import type { WithdrawIntentView, WithdrawPhase } from '../bridge/types';
import { IDLE, isLocked, screenPhaseOf, type WithdrawFlow, type WithdrawProblem } from './withdraw-flow';

/** What the member reads for each reason a withdrawal did not happen (i18n keys; `{{minimum}}` where it applies). */
export const WITHDRAW_PROBLEM_KEYS: Readonly<Record<WithdrawProblem, string>> = {
  pending: 'wallet.errors.pending',
  below_minimum: 'wallet.errors.amountMinimum',
  insufficient_balance: 'wallet.errors.amountBalance',
  maintenance: 'wallet.errors.maintenance',
  not_your_game_user: 'wallet.errors.failed',
  failed: 'wallet.errors.failed',
  settledRejected: 'wallet.errors.rejected',
  unbooked: 'wallet.errors.unbooked',
};

export interface WithdrawScreen {
  locked: boolean;
  /** A withdrawal of the account that this browser did not send (another device's) is being processed. */
  blocked: boolean;
  phase: WithdrawPhase;
  intent: WithdrawIntentView | null;
  /** The form's error (i18n key), or null. */
  errorKey: string | null;
  /** The key of the withdrawal that has just finished: the amount is emptied once for it. */
  doneKey: string | null;
}

/**
 * What the withdraw screen shows of one account's flow. `heldBack`: the member pressed while the account was
 * blocked, so the screen says why nothing was sent.
 */
export function withdrawScreenOf(flow: WithdrawFlow, heldBack: boolean): WithdrawScreen {
  const intent = flow.phase === 'idle' ? null : flow.intent;
  const blocked = flow.phase === 'pending' && intent === null;
  const problem = flow.phase === 'refused' ? flow.problem : heldBack && blocked ? 'pending' : null;
  return {
    locked: isLocked(flow),
    blocked,
    phase: screenPhaseOf(flow),
    intent: intent ? { amount: intent.amount, gameuser: intent.gameuser, service: intent.service } : null,
    errorKey: problem ? WITHDRAW_PROBLEM_KEYS[problem] : null,
    doneKey: flow.phase === 'done' ? flow.intent.key : null,
  };
}

/**
 * The flow once the member starts on the next withdrawal (a new amount): an outcome already seen leaves the screen;
 * a refusal because another withdrawal is pending stays, as that one still blocks the account.
 */
export function withoutOutcome(flow: WithdrawFlow): WithdrawFlow {
  return flow.phase === 'done' || (flow.phase === 'refused' && flow.problem !== 'pending') ? IDLE : flow;
}
