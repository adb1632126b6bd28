import type { HistoryEntry } from '../types/api';
import type { Service } from '../types/entities';

/**
 * One withdrawal the member asked for, kept until the server's outcome is known. `key` is the Idempotency-Key
 * every send of this intent carries, so the server books it at most once whatever happens to the replies.
 */
export interface WithdrawIntent {
  key: string;
  gameuser: string;
  service: Service;
  /** Baht. */
  amount: number;
  /** Device time of the first send (ms); only compared with history times through the server clock offset. */
  createdAt: number;
  /**
   * `sending`: no reply yet. `pending`: the server took it and is processing it. `checking`: the reply was lost
   * (timeout, 5xx, a reload), so nobody knows yet whether the server booked it. `unbooked`: the server answered
   * this key with a refusal, so it was not made. `completed` / `rejected`: settled.
   */
  state: 'sending' | 'pending' | 'checking' | 'unbooked' | 'completed' | 'rejected';
}

type UnresolvedIntent = WithdrawIntent & { state: 'sending' | 'pending' | 'checking' };

/** The server's outcome is not known yet: the account takes no new withdrawal from this browser. */
export const isUnresolved = (intent: WithdrawIntent | null | undefined): intent is UnresolvedIntent =>
  !!intent && (intent.state === 'sending' || intent.state === 'pending' || intent.state === 'checking');

/** Why a withdrawal did not happen, as the member is told. */
export type WithdrawProblem =
  | 'pending'
  | 'below_minimum'
  | 'insufficient_balance'
  | 'maintenance'
  | 'not_your_game_user'
  | 'failed'
  | 'settledRejected'
  | 'unbooked';

/**
 * What one game account's withdraw screen shows. `intent` is null for a withdrawal the server reports as pending
 * that no tab of this browser sent (another device): the account is blocked until it settles.
 */
export type WithdrawFlow =
  | { phase: 'idle' }
  | { phase: 'sending' | 'pending' | 'checking'; intent: WithdrawIntent | null }
  | { phase: 'done'; intent: WithdrawIntent }
  | { phase: 'refused'; intent: WithdrawIntent | null; problem: WithdrawProblem };

export const IDLE: WithdrawFlow = { phase: 'idle' };

export const isLocked = (flow: WithdrawFlow) => flow.phase === 'sending' || flow.phase === 'pending' || flow.phase === 'checking';

/**
 * A form setter that does nothing while the withdrawal is locked: the form shows the withdrawal being processed,
 * and an edit would describe another one.
 */
export function unlessLocked<A extends unknown[]>(locked: boolean, set: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    if (!locked) set(...args);
  };
}

/** The screen's phase: a refusal is an idle form with its reason. */
export const screenPhaseOf = (flow: WithdrawFlow): 'idle' | 'sending' | 'pending' | 'checking' | 'done' => (flow.phase === 'refused' ? 'idle' : flow.phase);

/** The flow an intent read back from storage (another tab, or before a reload) stands for. */
export function flowOfIntent(intent: WithdrawIntent): WithdrawFlow {
  switch (intent.state) {
    case 'sending':
    case 'checking':
      // A send whose reply this tab will never see: only asking the server can tell.
      return { phase: 'checking', intent };
    case 'pending':
      return { phase: 'pending', intent };
    case 'completed':
      return { phase: 'done', intent };
    case 'rejected':
      return { phase: 'refused', intent, problem: 'settledRejected' };
    case 'unbooked':
      return { phase: 'refused', intent, problem: 'unbooked' };
  }
}

/**
 * The account's flow when this browser has no withdrawal of it open: blocked exactly while the server has one pending
 * (another device's), and free again once it has none.
 */
export function flowWhileNoneOpen(flow: WithdrawFlow, pending: boolean): WithdrawFlow {
  if (pending && (flow.phase === 'idle' || (flow.phase === 'refused' && flow.problem === 'pending'))) return { phase: 'pending', intent: null };
  if (!pending && flow.phase === 'pending' && flow.intent === null) return IDLE;
  return flow;
}

/** The refusal codes of a withdraw reply, as problems; anything else is a plain failure. */
export function problemOfRefusal(code: string | undefined): WithdrawProblem {
  switch (code) {
    case 'pending':
    case 'below_minimum':
    case 'insufficient_balance':
    case 'maintenance':
    case 'not_your_game_user':
      return code;
    default:
      return 'failed';
  }
}

/** A definite refusal of the intent, shown with its reason; a refusal because another is pending blocks the account instead. */
export function refusedFlow(intent: WithdrawIntent, problem: WithdrawProblem): WithdrawFlow {
  return problem === 'pending' ? { phase: 'pending', intent: null } : { phase: 'refused', intent, problem };
}

/** How far apart the device's send time and the server's booking time may be and still be the same withdrawal. */
const SAME_INTENT_WINDOW_MS = 10 * 60 * 1000;

/**
 * The history row that records this intent: the one with its Idempotency-Key when the operator reports keys;
 * otherwise the oldest withdrawal of the same game user and amount booked after the intent was created (in server
 * time), so a lost reply is matched with what the server booked and never with an older withdrawal.
 */
export function findIntentRow(rows: readonly HistoryEntry[], intent: WithdrawIntent, serverOffsetMs = 0): HistoryEntry | null {
  const byKey = rows.find((row) => row.key === intent.key);
  if (byKey) return byKey;
  if (rows.some((row) => typeof row.key === 'string')) return null;
  const from = intent.createdAt + serverOffsetMs - SAME_INTENT_WINDOW_MS;
  const candidates = rows
    .filter((row) => row.type === 'withdraw' && row.gameuser === intent.gameuser && Math.abs(row.amount - intent.amount) < 0.005 && Date.parse(row.time) >= from)
    .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  return candidates[0] ?? null;
}

/**
 * The intent's state once the server has been asked (`pending`: whether a withdrawal of the account is in
 * progress), or null when what it said is not an answer for this intent. No pending withdrawal and no history row
 * do not say it was not made: its request may still be on its way or being processed, and only an answer to its
 * own key (a reply, a refusal, a replayed result) can say that.
 */
export function resolveIntent(intent: WithdrawIntent, pending: boolean, rows: readonly HistoryEntry[] | null, serverOffsetMs = 0): WithdrawIntent['state'] | null {
  if (pending) return 'pending';
  const row = rows === null ? null : findIntentRow(rows, intent, serverOffsetMs);
  if (!row) {
    // The server took it (it said so) and nothing is pending any more: it settled, and the history does not say how.
    return intent.state === 'pending' ? 'completed' : null;
  }
  if (row.status === 'pending') return 'pending';
  return row.status === 'completed' ? 'completed' : 'rejected';
}

/**
 * Waits before each send again of an intent whose outcome is unknown (the first at once): a key still being
 * processed is answered 409 by the server, and asking every 4 s for a minute would only add load.
 */
export const CONFIRM_BACKOFF_MS = [0, 4_000, 8_000, 15_000, 30_000] as const;

export const confirmDelayMs = (tries: number): number => CONFIRM_BACKOFF_MS[Math.min(tries, CONFIRM_BACKOFF_MS.length - 1)]!;
