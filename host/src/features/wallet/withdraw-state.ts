import { atom, type Getter, type Setter } from 'jotai';
import type { HistoryEntry, Service, WithdrawReply } from '@member/shared-core';
import { isApiError } from '../../core/api/api-error';
import { answerSessionEnd, sessionScope, type SessionScope } from '../../core/base/session-end';
import {
  flowOfIntent,
  flowWhileNoneOpen,
  IDLE,
  isBooked,
  isLocked,
  isUnresolved,
  mayResend,
  nextSendAtAfter,
  outcomeOfSend,
  resolveIntent,
  type PendingAnswer,
  type SendAnswer,
  type ServerAnswers,
  type WithdrawFlow,
  type WithdrawIntent,
} from '@member/shared-core/wallet/withdraw-flow';
import type { WithdrawOrder } from '@member/shared-core/wallet/withdraw-rules';
import { withoutOutcome } from '@member/shared-core/wallet/withdraw-screen';
import type { IntentStore } from './withdraw-intents';
import { WITHDRAW_TIMEOUT_MS } from './withdraw-call';

/** What the withdrawal flow needs from the outside world; the app wires the API, tests wire fakes. */
export interface WithdrawPorts {
  intents: IntentStore;
  /**
   * Whether a withdrawal of this game user is being processed (checkWithdraw), and its Idempotency-Key where the
   * operator says. Throws an ApiError when it cannot tell.
   */
  checkPending(gameuser: string): Promise<PendingAnswer>;
  /** The game user's money history, or null when it cannot be read now. Throws an ApiError only for a 401. */
  history(gameuser: string): Promise<HistoryEntry[] | null>;
  /** Sends the withdrawal with its Idempotency-Key. Throws an ApiError when no reply came back. */
  send(intent: WithdrawIntent): Promise<WithdrawReply>;
  newKey(): string;
  now(): number;
  /** Server clock minus device clock, in ms. */
  serverOffsetMs(): number;
  /** A 401: the session ends, with the reason the answer gave. */
  onUnauthorized(reason?: string | null): Promise<void>;
  /** The server told whether a withdrawal of the provider's account is pending (the provider's withdraw status). */
  onServerState(service: Service, pending: boolean): void;
  /** Money moved (a withdrawal was taken or settled): the provider's balance is fetched again. */
  refreshBalance(service: Service): void;
}

const flowsBase = atom<Readonly<Record<string, WithdrawFlow>>>({});
const askingBase = atom<ReadonlySet<string>>(new Set<string>());
const claimingBase = atom<ReadonlySet<string>>(new Set<string>());
const portsBase = atom<WithdrawPorts | null>(null);
/** Keys this tab has a send of on its way: their answer is coming here, so this tab sends them no second time. */
const sendingKeysBase = atom<ReadonlySet<string>>(new Set<string>());

/** Each game user's withdraw flow. */
export const withdrawFlowsAtom = atom((get) => get(flowsBase));
/** Some account is waiting on the server: the 4 s check runs only then. */
export const withdrawWaitingAtom = atom((get) => Object.values(get(flowsBase)).some(isLocked));

export const flowOf = (flows: Readonly<Record<string, WithdrawFlow>>, gameuser: string | null | undefined): WithdrawFlow =>
  (gameuser ? flows[gameuser] : undefined) ?? IDLE;

function ports(get: Getter): WithdrawPorts {
  const value = get(portsBase);
  if (!value) throw new Error('the withdrawal flow is not started');
  return value;
}

function setFlow(get: Getter, set: Setter, gameuser: string, flow: WithdrawFlow): void {
  set(flowsBase, { ...get(flowsBase), [gameuser]: flow });
}

const intentOf = (flow: WithdrawFlow): WithdrawIntent | null => (flow.phase === 'idle' ? null : flow.intent);

/** The set with `key` in it or out of it: the base sets are replaced, never changed in place. */
function withKey(set: ReadonlySet<string>, key: string, present: boolean): ReadonlySet<string> {
  const next = new Set(set);
  if (present) next.add(key);
  else next.delete(key);
  return next;
}

/** What this tab shows of an intent: its own first send still out is "sending"; anything else as stored. */
function shownFlow(get: Getter, intent: WithdrawIntent): WithdrawFlow {
  return intent.state === 'sending' && get(sendingKeysBase).has(intent.key) ? { phase: 'sending', intent } : flowOfIntent(intent);
}

/**
 * Stores what became of an intent and shows what is stored then (storage keeps whichever of two tabs' answers says
 * more, shared-core's mergeIntent), unless the account has moved on to another intent or the session ended. Returns
 * what is stored, or null when nothing was.
 */
function record(get: Getter, set: Setter, next: WithdrawIntent): WithdrawIntent | null {
  const p = get(portsBase);
  if (!p) return null;
  const before = p.intents.read()[next.gameuser];
  const kept = p.intents.update(next);
  if (!kept) return null;
  const shown = intentOf(flowOf(get(flowsBase), next.gameuser));
  if (!shown || shown.key === kept.key) setFlow(get, set, next.gameuser, shownFlow(get, kept));
  if (kept === next && before?.state !== kept.state && isBooked(kept)) p.refreshBalance(kept.service);
  return kept;
}

/** A send's failure as the rule reads it: the client's kind of failure, the status, the code and Retry-After it carried. */
function failureOf(error: unknown): SendAnswer {
  if (!isApiError(error)) return { kind: 'failure', failure: 'offline', status: null };
  return {
    kind: 'failure',
    failure: error.kind,
    status: error.status,
    ...(error.code !== undefined ? { code: error.code } : {}),
    ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
  };
}

/**
 * Sends the intent under its key and applies what the server answers, by the one rule (shared-core's outcomeOfSend):
 * a reply that books it, or a final refusal of it, decides; anything else leaves it unknown, to be asked again after
 * its back-off (or the server's Retry-After). An answer that arrives after the session ended writes nothing.
 */
async function sendIntent(get: Getter, set: Setter, scope: SessionScope, intent: WithdrawIntent): Promise<void> {
  const p = ports(get);
  const going = { ...intent, sends: (intent.sends ?? 0) + 1, sentAt: p.now(), sendOut: true };
  set(sendingKeysBase, withKey(get(sendingKeysBase), intent.key, true));
  let answer: SendAnswer;
  try {
    // Storage may already know more (another tab's answer): then nothing is sent.
    if (record(get, set, going) !== going) return;
    answer = { kind: 'reply', reply: await p.send(going) };
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') {
      // Refused before anything was looked at; the session ends, and with it what this browser holds of the intent.
      if (scope.alive()) await p.onUnauthorized(error.reason);
      return;
    }
    answer = failureOf(error);
  } finally {
    set(sendingKeysBase, withKey(get(sendingKeysBase), intent.key, false));
  }
  if (!scope.alive()) return;
  const outcome = outcomeOfSend(answer);
  const now = p.now();
  const latest = p.intents.read()[intent.gameuser];
  const base: WithdrawIntent = { ...(latest?.key === intent.key ? latest : going), sendOut: false };
  if (outcome.state === 'pending') {
    p.onServerState(intent.service, true);
    record(get, set, { ...base, state: 'pending', reason: undefined });
  } else if (outcome.state === 'unbooked') {
    record(get, set, { ...base, state: 'unbooked', refusal: outcome.problem, reason: undefined });
  } else {
    record(get, set, {
      ...base,
      state: base.state === 'sending' ? 'checking' : base.state,
      reason: outcome.reason,
      nextSendAt: nextSendAtAfter(now, going.sends, outcome.retryAfterMs),
      ...(outcome.reason === 'in_flight' ? { inFlightAt: now } : {}),
    });
  }
}

/** Wires the ports and starts from what storage holds: every unresolved intent is shown and asked about. */
export const startWithdrawalsAtom = atom(null, (get, set, value: WithdrawPorts) => {
  set(portsBase, value);
  set(flowsBase, {});
  set(syncWithdrawalsAtom, { resume: true });
});

/**
 * Mirrors the stored intents (another tab's change, or a reload with `resume`). An unresolved intent that this
 * tab did not see finish is shown as being checked; a settled one is shown only to a tab that was waiting on it.
 */
export const syncWithdrawalsAtom = atom(null, (get, set, { resume }: { resume: boolean }) => {
  // Another tab's write heard after this tab's session ended (and before its watch stopped) changes nothing.
  const p = get(portsBase);
  if (!p) return;
  const stored = p.intents.read();
  const flows = { ...get(flowsBase) };
  const toAsk: string[] = [];
  for (const intent of Object.values(stored)) {
    const current = flowOf(flows, intent.gameuser);
    const watching = intentOf(current)?.key === intent.key;
    if (isUnresolved(intent)) {
      // Another tab still waiting on its own first send shows as sending here; after a reload nobody waits, so ask.
      flows[intent.gameuser] = intent.state === 'sending' && !resume ? { phase: 'sending', intent } : shownFlow(get, intent);
      if (resume) toAsk.push(intent.gameuser);
    } else if (watching || (!resume && isLocked(current))) {
      flows[intent.gameuser] = flowOfIntent(intent);
    }
  }
  set(flowsBase, flows);
  for (const gameuser of toAsk) void set(checkWithdrawalAtom, gameuser);
});

/** How long another tab's send is given to be answered before this one sends the same key: its whole timeout, and a margin. */
export const FOREIGN_SEND_GRACE_MS = WITHDRAW_TIMEOUT_MS + 5_000;

/**
 * An unknown intent may be sent again when no send of it is on its way from this tab, none from another tab may
 * still be (that tab has had its time), its back-off has passed, and it is still within the time a key is sent for.
 */
function mayConfirm(get: Getter, intent: WithdrawIntent, now: number): boolean {
  if (get(sendingKeysBase).has(intent.key)) return false;
  if ((intent.sendOut || intent.state === 'sending') && now - (intent.sentAt ?? intent.createdAt) < FOREIGN_SEND_GRACE_MS) return false;
  return mayResend(intent, now);
}

/** checkWithdraw's answer, or null when the server could not say; a 401 is passed on. */
async function askPending(p: WithdrawPorts, gameuser: string): Promise<ServerAnswers['pending']> {
  try {
    return await p.checkPending(gameuser);
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') throw error;
    return null;
  }
}

/**
 * Asks the server what became of the account's withdrawal: whether one is pending (and whose), and the history. What
 * carries this intent's key decides; without keys, only a row that can be no other. When they do not tell, and no
 * send of it is on its way, the intent goes again under the same key (with back-off), so the server books it once or
 * answers what it did with it. One question per account at a time; nothing is written once the session has ended.
 */
export const checkWithdrawalAtom = atom(null, async (get, set, gameuser: string) => {
  const p = get(portsBase);
  if (!p || get(askingBase).has(gameuser)) return;
  const scope = sessionScope(get);
  set(askingBase, withKey(get(askingBase), gameuser, true));
  try {
    const stored = p.intents.read()[gameuser];
    const intent = isUnresolved(stored) ? stored : null;
    const pending = await askPending(p, gameuser);
    if (!scope.alive()) return;
    if (!intent) {
      if (pending === null) return;
      const service = stored?.service;
      if (service) p.onServerState(service, pending.pending);
      const now = flowOf(get(flowsBase), gameuser);
      const next = flowWhileNoneOpen(now, pending.pending);
      if (next !== now) setFlow(get, set, gameuser, next);
      return;
    }
    if (pending !== null) p.onServerState(intent.service, pending.pending);
    const settledPending = pending?.pending === true && (pending.key === undefined || pending.key === intent.key) && isBooked(intent);
    const rows = settledPending ? null : await p.history(gameuser);
    if (!scope.alive()) return;
    const latest = p.intents.read()[gameuser];
    if (!latest || latest.key !== intent.key || !isUnresolved(latest)) return;
    const resolution = resolveIntent(latest, { pending, rows }, p.now(), p.serverOffsetMs());
    if (resolution.state === 'unbooked') {
      record(get, set, { ...latest, state: 'unbooked', refusal: resolution.problem, reason: undefined });
      return;
    }
    if (resolution.state !== null) {
      record(get, set, { ...latest, state: resolution.state, reason: undefined });
      return;
    }
    if (latest.state === 'pending') return;
    const said =
      resolution.reason !== null && resolution.reason !== latest.reason
        ? record(get, set, { ...latest, reason: resolution.reason })
        : latest;
    if (!said || !mayConfirm(get, said, p.now())) return;
    await sendIntent(get, set, scope, { ...said, state: 'checking' });
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized' && scope.alive()) await p.onUnauthorized(error.reason);
    // Otherwise the question stays open: the flow keeps showing what it showed, and the next check asks again.
  } finally {
    if (scope.alive()) set(askingBase, withKey(get(askingBase), gameuser, false));
  }
});

/**
 * One withdrawal intent, from the click to its outcome. Held back (nothing sent) while the account has one
 * unresolved in any tab. A lost reply (timeout, 5xx, network) is never a failure: the flow asks the server instead,
 * and sends the same key again until the server answers it.
 */
export const submitWithdrawAtom = atom(null, async (get, set, request: WithdrawOrder): Promise<void> => {
  const p = ports(get);
  const scope = sessionScope(get);
  if (isLocked(flowOf(get(flowsBase), request.gameuser)) || get(claimingBase).has(request.gameuser)) return;
  set(claimingBase, withKey(get(claimingBase), request.gameuser, true));
  // A new intent always has a new key: an earlier key was answered (that is why the account is free), and the
  // server would replay that answer to it.
  const claim = await p.intents.claim(request.gameuser, () =>
    scope.alive()
      ? {
          key: p.newKey(),
          gameuser: request.gameuser,
          service: request.service,
          amount: request.amount,
          createdAt: p.now(),
          state: 'sending',
          sends: 0,
        }
      : null,
  );
  if (!scope.alive()) return;
  set(claimingBase, withKey(get(claimingBase), request.gameuser, false));
  const { intent } = claim;
  if (!intent) return;
  if (!claim.claimed) {
    setFlow(get, set, request.gameuser, flowOfIntent(intent));
    void set(checkWithdrawalAtom, request.gameuser);
    return;
  }
  setFlow(get, set, request.gameuser, { phase: 'sending', intent });
  await sendIntent(get, set, scope, intent);
  if (scope.alive() && flowOf(get(flowsBase), intent.gameuser).phase === 'checking') void set(checkWithdrawalAtom, intent.gameuser);
});

/**
 * The server's MemberTrans for a completed withdrawal of this game user. With this browser's intent's key, it is done.
 * Without a key (or with another's), it says only that some withdrawal of the account settled: the server is asked
 * about this browser's own at once, and an account blocked by another device's is free again.
 */
export const withdrawSettledAtom = atom(null, (get, set, { gameuser, key }: { gameuser: string; key?: string }) => {
  const p = get(portsBase);
  if (!p) return;
  const flow = flowOf(get(flowsBase), gameuser);
  const stored = p.intents.read()[gameuser];
  if (isUnresolved(stored) && key === stored.key) {
    record(get, set, { ...stored, state: 'completed', reason: undefined, sendOut: false });
    return;
  }
  const blocked = flow.phase === 'pending' && flow.intent === null;
  if (blocked) setFlow(get, set, gameuser, IDLE);
  if (blocked || isUnresolved(stored)) void set(checkWithdrawalAtom, gameuser);
});

/** The member has seen the outcome and starts over (a new amount, another account). */
export const dismissWithdrawOutcomeAtom = atom(null, (get, set, gameuser: string) => {
  const flow = flowOf(get(flowsBase), gameuser);
  const next = withoutOutcome(flow);
  if (next !== flow) setFlow(get, set, gameuser, next);
});

/** The session ended: nothing of the member's withdrawals stays in the store. */
export const withdrawalsClearedAtom = atom(null, (_get, set) => {
  set(flowsBase, {});
  set(askingBase, new Set<string>());
  set(claimingBase, new Set<string>());
  set(sendingKeysBase, new Set<string>());
  set(portsBase, null);
});

/**
 * The flows' answer to the end of a session; returns the way to take it back. The flows come with the money pages'
 * code, so the wallet's hooks chunk starts this answer when it has loaded (app/member-chunks/wallet-chunk.ts): the wallet's
 * always-loaded answer (on-session-end.ts) would otherwise put this module into every first page.
 */
export function answerSessionEndInWithdrawals(): () => void {
  return answerSessionEnd(({ set }) => set(withdrawalsClearedAtom));
}
