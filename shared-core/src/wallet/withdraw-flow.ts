import { FINAL_WITHDRAW_REFUSALS, type HistoryEntry, type WithdrawRefusalCode, type WithdrawReply } from '../types/api';
import type { Service } from '../types/entities';

/*
 * A withdrawal's outcome is the server's record of its own Idempotency-Key, and nothing else. "Done" only when the
 * server said this key was booked (its reply, a history row or an event carrying the key, its pending check naming
 * the key); "not made" only when the server refused this key with a refusal the contract defines as final, or when
 * it shows no trace of the key long after no request of it can still be processed. Everything else leaves the
 * outcome unknown ("checking"), and the same key is asked again.
 */

/**
 * Why the outcome of an intent is not known yet, as the member is told. `no_reply`: no answer came back (a timeout, the
 * network, a reply that could not be read, a reload). `in_flight`: the server says it is still processing the key
 * (HTTP 409). `busy`: the server asked to be asked later (HTTP 429). `server_error`: it failed (5xx). `unclear`: it
 * answered with something the contract does not define as final. `other_pending`: a withdrawal of the account is
 * pending and the server does not say whether it is this one. `ambiguous`: the history carries no keys and a row of
 * it could be this one (or the member's other device's).
 */
export type CheckingReason = 'no_reply' | 'in_flight' | 'busy' | 'server_error' | 'unclear' | 'other_pending' | 'ambiguous';

export const CHECKING_REASONS: readonly CheckingReason[] = [
  'no_reply',
  'in_flight',
  'busy',
  'server_error',
  'unclear',
  'other_pending',
  'ambiguous',
];

/** Why a withdrawal was not made (a final refusal of its key, or no trace of it), or was refused after booking. */
export type WithdrawProblem = WithdrawRefusalCode | 'unseen' | 'settledRejected' | 'unbooked';

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
  /** Device time of the member's press (ms); only compared with history times through the server clock offset. */
  createdAt: number;
  /**
   * `sending`: the first send is out. `pending`: the server said it booked the key and is processing it.
   * `checking`: nobody knows yet whether the server booked it. `unbooked`: the server refused the key finally (or has
   * no trace of it, long after any request of it could be processed): not made. `completed` / `rejected`: settled.
   */
  state: 'sending' | 'pending' | 'checking' | 'unbooked' | 'completed' | 'rejected';
  /** How often the key has been sent (the first send included). */
  sends?: number;
  /** Device time of the last send of the key. */
  sentAt?: number;
  /** A send of the key is out and a tab waits for its answer. */
  sendOut?: boolean;
  /** Device time of the server's last word that it is still processing the key (HTTP 409). */
  inFlightAt?: number;
  /** Not before this device time is the key sent again (the back-off, or the server's Retry-After). */
  nextSendAt?: number;
  /** While the outcome is unknown: why. */
  reason?: CheckingReason;
  /** When not made: why. */
  refusal?: WithdrawProblem;
}

type UnresolvedIntent = WithdrawIntent & { state: 'sending' | 'pending' | 'checking' };

/** The server's outcome is not known yet: the account takes no new withdrawal from this browser. */
export const isUnresolved = (intent: WithdrawIntent | null | undefined): intent is UnresolvedIntent =>
  !!intent && (intent.state === 'sending' || intent.state === 'pending' || intent.state === 'checking');

/** The server has said it booked the key (it may still be processing it). */
export const isBooked = (intent: WithdrawIntent): boolean =>
  intent.state === 'pending' || intent.state === 'completed' || intent.state === 'rejected';

/** How far an intent's state has come: what the server said of a key is never taken back. */
const RANK: Readonly<Record<WithdrawIntent['state'], number>> = {
  sending: 0,
  checking: 0,
  pending: 1,
  unbooked: 2,
  completed: 2,
  rejected: 2,
};

/**
 * What a tab's write about an intent leaves stored, given what is stored for its account: the write when it is about
 * the same key and says at least as much; the stored intent when it already says more (a slower tab's late answer, a
 * check that began before the outcome came); null when the account holds no intent of that key any more (the member
 * started another, or the session ended and storage was emptied), so nothing is written.
 */
export function mergeIntent(stored: WithdrawIntent | null | undefined, next: WithdrawIntent): WithdrawIntent | null {
  if (!stored || stored.key !== next.key) return null;
  if (RANK[next.state] < RANK[stored.state]) return stored;
  if (RANK[next.state] === 2 && RANK[stored.state] === 2 && next.state !== stored.state) return stored;
  // A key the server booked is never "not made".
  if (next.state === 'unbooked' && isBooked(stored)) return stored;
  return next;
}

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
export const screenPhaseOf = (flow: WithdrawFlow): 'idle' | 'sending' | 'pending' | 'checking' | 'done' =>
  flow.phase === 'refused' ? 'idle' : flow.phase;

/** The flow an intent stands for (read back from storage: another tab's, or from before a reload). */
export function flowOfIntent(intent: WithdrawIntent): WithdrawFlow {
  switch (intent.state) {
    case 'sending':
    case 'checking':
      // A send whose answer this tab will not see: only asking the server can tell.
      return { phase: 'checking', intent };
    case 'pending':
      return { phase: 'pending', intent };
    case 'completed':
      return { phase: 'done', intent };
    case 'rejected':
      return { phase: 'refused', intent, problem: 'settledRejected' };
    case 'unbooked':
      return { phase: 'refused', intent, problem: intent.refusal ?? 'unbooked' };
  }
}

/**
 * The account's flow when this browser has no withdrawal of it open: blocked exactly while the server has one pending
 * (another device's), and free again once it has none. An outcome on screen stays.
 */
export function flowWhileNoneOpen(flow: WithdrawFlow, pending: boolean): WithdrawFlow {
  if (pending && flow.phase === 'idle') return { phase: 'pending', intent: null };
  if (!pending && flow.phase === 'pending' && flow.intent === null) return IDLE;
  return flow;
}

const isFinalRefusal = (code: string | undefined): code is WithdrawRefusalCode =>
  (FINAL_WITHDRAW_REFUSALS as readonly (string | undefined)[]).includes(code);

/** A definite refusal of the intent, shown with its reason. */
export function refusedFlow(intent: WithdrawIntent, problem: WithdrawProblem): WithdrawFlow {
  return { phase: 'refused', intent, problem };
}

/**
 * What one send of an intent's key brought back: the server's reply, or what kept a reply from being read (the
 * API client's failure: its kind, the HTTP status, and the code and Retry-After the answer carried).
 */
export type SendAnswer =
  | { kind: 'reply'; reply: WithdrawReply }
  | { kind: 'failure'; failure: string; status: number | null; code?: string; retryAfterMs?: number };

/** What a send's answer says of the key: booked, not made (a final refusal), or still unknown and why. */
export type SendOutcome =
  | { state: 'pending' }
  | { state: 'unbooked'; problem: WithdrawRefusalCode }
  | { state: null; reason: CheckingReason; retryAfterMs?: number };

/**
 * A send's answer, read by the one rule: a reply that accepts the key books it; a refusal the contract defines as
 * final (as a reply, or as the body of a 4xx other than 409 and 429) says it was not made; anything else (409 in
 * flight, 429, 5xx, no answer, an answer that cannot be read, another 4xx, an unknown refusal) leaves it unknown.
 */
export function outcomeOfSend(answer: SendAnswer): SendOutcome {
  if (answer.kind === 'reply') {
    if (answer.reply.status === true) return { state: 'pending' };
    const code: string | undefined = answer.reply.code;
    if (isFinalRefusal(code)) return { state: 'unbooked', problem: code };
    return { state: null, reason: code === 'in_flight' ? 'in_flight' : 'unclear' };
  }
  const { status } = answer;
  if (answer.failure !== 'http' || status === null) return { state: null, reason: 'no_reply' };
  if (status === 409) return { state: null, reason: 'in_flight' };
  if (status === 429)
    return { state: null, reason: 'busy', ...(answer.retryAfterMs !== undefined ? { retryAfterMs: answer.retryAfterMs } : {}) };
  if (status >= 500) return { state: null, reason: 'server_error' };
  if (isFinalRefusal(answer.code)) return { state: 'unbooked', problem: answer.code };
  return { state: null, reason: 'unclear' };
}

/**
 * How far back from the intent's press (in server time) a history row without a key may still be this intent's: the
 * clocks are only known so well, and a row that could be it keeps the intent from being called "not made".
 */
export const SAME_INTENT_WINDOW_MS = 10 * 60 * 1000;

/**
 * The history row that records this intent: the one with its Idempotency-Key (with the operator's keys, another row
 * with a key is another withdrawal). Without keys, no row can be told from another withdrawal of the same account and
 * amount (the member's other device, pressed a second later, books the same row): `'ambiguous'` when one could be it,
 * null when none could, and never a row.
 */
export function findIntentRow(
  rows: readonly HistoryEntry[],
  intent: WithdrawIntent,
  serverOffsetMs = 0,
): HistoryEntry | 'ambiguous' | null {
  const byKey = rows.find((row) => row.key === intent.key);
  if (byKey) return byKey;
  if (rows.some((row) => typeof row.key === 'string')) return null;
  const from = intent.createdAt + serverOffsetMs - SAME_INTENT_WINDOW_MS;
  const couldBe = rows.filter(
    (row) =>
      row.type === 'withdraw' &&
      row.gameuser === intent.gameuser &&
      Math.abs(row.amount - intent.amount) < 0.005 &&
      Date.parse(row.time) >= from,
  );
  return couldBe.length > 0 ? 'ambiguous' : null;
}

/**
 * The key is not sent again later than this after the press: a withdrawal the server has not taken by then is not
 * made later behind the member's back.
 */
export const RESEND_FOR_MS = 10 * 60 * 1000;
/**
 * How long after the last request of a key (its last send, or the server's last 409 for it) the operator may still
 * book it (docs/deploy.md asks operators to book or refuse a request within this). After it, no trace of the key is
 * "not made".
 */
export const LATE_MS = 10 * 60 * 1000;

/** checkWithdraw's answer: whether a withdrawal of the account is pending, and its key where the operator says. */
export interface PendingAnswer {
  pending: boolean;
  key?: string;
}

/** The server's answers to the two questions about an account: is a withdrawal pending, and the history. */
export interface ServerAnswers {
  /** checkWithdraw; null when it could not be asked. */
  pending: PendingAnswer | null;
  /** The account's history; null when it could not be read. */
  rows: readonly HistoryEntry[] | null;
}

/** What the server's answers say of an intent: its state, or nothing (with why, when they say why). */
export type Resolution =
  | { state: 'pending' | 'completed' | 'rejected' }
  | { state: 'unbooked'; problem: 'unseen' }
  | { state: null; reason: CheckingReason | null };

/** The last time a request of the key was on its way or being processed (device time). */
const lastSignOf = (intent: WithdrawIntent): number => Math.max(intent.createdAt, intent.sentAt ?? 0, intent.inFlightAt ?? 0);

/**
 * The intent's state from the server's answers (`now` and the clock offset in device ms), or null while they do not
 * say: a row or a pending withdrawal carrying its key; a booked intent that is not what is pending any more, settled.
 * No trace of it (no row that could be it) says "not made" only once the key is no longer sent and no request of it can
 * still be processed, with nothing of the account pending that could be it.
 */
export function resolveIntent(intent: WithdrawIntent, answers: ServerAnswers, now: number, serverOffsetMs = 0): Resolution {
  const { pending, rows } = answers;
  if (pending?.pending && pending.key === intent.key) return { state: 'pending' };
  const row = rows === null ? null : findIntentRow(rows, intent, serverOffsetMs);
  if (row !== null && row !== 'ambiguous') return { state: row.status };
  const otherPending = pending?.pending === true && pending.key === undefined;
  if (isBooked(intent)) {
    // The server took it (it said so), and it is not what is pending on the account any more: it settled.
    if (pending !== null && (!pending.pending || (pending.key !== undefined && pending.key !== intent.key))) return { state: 'completed' };
    return { state: null, reason: null };
  }
  if (
    row === null &&
    rows !== null &&
    pending !== null &&
    !otherPending &&
    !intent.sendOut &&
    now - intent.createdAt >= RESEND_FOR_MS &&
    now - lastSignOf(intent) >= LATE_MS
  ) {
    return { state: 'unbooked', problem: 'unseen' };
  }
  return { state: null, reason: otherPending ? 'other_pending' : row === 'ambiguous' ? 'ambiguous' : null };
}

/**
 * Waits before each send again of an intent whose outcome is unknown, by how often it was sent: a key still being
 * processed is answered 409, and asking every 4 s for a minute would only add load.
 */
export const CONFIRM_BACKOFF_MS = [0, 0, 4_000, 8_000, 15_000, 30_000] as const;

export const confirmDelayMs = (sends: number): number => CONFIRM_BACKOFF_MS[Math.min(sends, CONFIRM_BACKOFF_MS.length - 1)]!;

/** When the key may go again after an answer that left it unknown (device ms): the back-off, or later when the server asked. */
export const nextSendAtAfter = (now: number, sends: number, retryAfterMs?: number): number =>
  now + Math.max(confirmDelayMs(sends), retryAfterMs ?? 0);

/** The key may be sent again now: its back-off has passed, and it is still within the time a withdrawal is sent for. */
export const mayResend = (intent: WithdrawIntent, now: number): boolean =>
  now >= (intent.nextSendAt ?? 0) && now - intent.createdAt < RESEND_FOR_MS;
