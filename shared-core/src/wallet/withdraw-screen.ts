import type { WithdrawIntentView, WithdrawPhase } from '../bridge/types';
import {
  IDLE,
  isLocked,
  RESEND_FOR_MS,
  screenPhaseOf,
  type CheckingReason,
  type WithdrawFlow,
  type WithdrawProblem,
} from './withdraw-flow';

/** What the member reads for each reason a withdrawal did not happen (i18n keys; `{{minimum}}` where it applies). */
export const WITHDRAW_PROBLEM_KEYS: Readonly<Record<WithdrawProblem, string>> = {
  pending: 'wallet.errors.otherPending',
  below_minimum: 'wallet.errors.amountMinimum',
  insufficient_balance: 'wallet.errors.amountBalance',
  maintenance: 'wallet.errors.maintenance',
  not_your_game_user: 'wallet.errors.notYourGameUser',
  limit_exceeded: 'wallet.errors.limitExceeded',
  account_locked: 'wallet.errors.accountLocked',
  unseen: 'wallet.errors.unseen',
  settledRejected: 'wallet.errors.rejected',
  unbooked: 'wallet.errors.unbooked',
};

/** Why a withdrawal is still being checked, as the member reads it (i18n keys). */
export const CHECKING_REASON_KEYS: Readonly<Record<CheckingReason, string>> = {
  no_reply: 'walletUi.withdraw.why.noReply',
  in_flight: 'walletUi.withdraw.why.inFlight',
  busy: 'walletUi.withdraw.why.busy',
  server_error: 'walletUi.withdraw.why.serverError',
  unclear: 'walletUi.withdraw.why.unclear',
  other_pending: 'walletUi.withdraw.why.otherPending',
  ambiguous: 'walletUi.withdraw.why.ambiguous',
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
  /**
   * While checking: why (i18n key), when the server is next sent the same request (device ms), and until when it is
   * sent at all (after that it is only asked about).
   */
  checking: { reasonKey: string; nextSendAt: number | null; sentUntil: number } | null;
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
    errorKey: problem ? (blocked ? 'wallet.errors.pending' : WITHDRAW_PROBLEM_KEYS[problem]) : null,
    doneKey: flow.phase === 'done' ? flow.intent.key : null,
    checking:
      flow.phase === 'checking' && intent
        ? {
            reasonKey: CHECKING_REASON_KEYS[intent.reason ?? 'no_reply'],
            nextSendAt: intent.nextSendAt ?? null,
            sentUntil: intent.createdAt + RESEND_FOR_MS,
          }
        : null,
  };
}

/** The flow once the member starts on the next withdrawal (a new amount): an outcome already seen leaves the screen. */
export function withoutOutcome(flow: WithdrawFlow): WithdrawFlow {
  return flow.phase === 'done' || flow.phase === 'refused' ? IDLE : flow;
}
