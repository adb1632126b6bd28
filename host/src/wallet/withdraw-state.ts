import { atom, type Getter, type Setter } from 'jotai';
import type { HistoryEntry, Service, WithdrawReply } from '@member/shared-core';
import { isApiError } from '../api/api-error';
import { answerSessionEnd } from '../core/session-end';
import {
  confirmDelayMs, flowOfIntent, flowWhileNoneOpen, IDLE, isLocked, isUnresolved, problemOfRefusal, refusedFlow, resolveIntent, type WithdrawFlow, type WithdrawIntent,
} from '@member/shared-core/wallet/withdraw-flow';
import type { WithdrawOrder } from '@member/shared-core/wallet/withdraw-rules';
import { withoutOutcome } from '@member/shared-core/wallet/withdraw-screen';
import type { IntentStore } from './withdraw-intents';
import { WITHDRAW_TIMEOUT_MS } from './api/withdraw';

/** What the withdrawal flow needs from the outside world; the app wires the API, tests wire fakes. */
export interface WithdrawPorts {
  intents: IntentStore;
  /** Whether a withdrawal of this game user is being processed (checkWithdraw). Throws an ApiError when it cannot tell. */
  checkPending(gameuser: string): Promise<boolean>;
  /** The game user's money history, or null when it cannot be read now. */
  history(gameuser: string): Promise<HistoryEntry[] | null>;
  /** Sends the withdrawal with its Idempotency-Key. Throws an ApiError when no reply came back. */
  send(intent: WithdrawIntent): Promise<WithdrawReply>;
  newKey(): string;
  now(): number;
  /** Server clock minus device clock, in ms. */
  serverOffsetMs(): number;
  onUnauthorized(): Promise<void>;
  /** The server told whether a withdrawal of the provider's account is pending (the provider's withdraw status). */
  onServerState(service: Service, pending: boolean): void;
  /** Money moved (a withdrawal was taken or settled): the provider's balance is fetched again. */
  refreshBalance(service: Service): void;
}

const flowsBase = atom<Readonly<Record<string, WithdrawFlow>>>({});
const askingBase = atom<ReadonlySet<string>>(new Set<string>());
const claimingBase = atom<ReadonlySet<string>>(new Set<string>());
const portsBase = atom<WithdrawPorts | null>(null);
/** Keys this tab has a send of on its way: their answer is coming here, so no check may decide for them. */
const sendingKeysBase = atom<ReadonlySet<string>>(new Set<string>());
/** Per key whose outcome is unknown: how often it was sent again, and not before when it may be sent again. */
const confirmsBase = atom<Readonly<Record<string, { tries: number; nextAt: number }>>>({});

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

/** Stores the intent's new state and shows it, unless a newer intent of the account has replaced it meanwhile. */
function settleIntent(get: Getter, set: Setter, intent: WithdrawIntent, state: WithdrawIntent['state']): void {
  const current = intentOf(flowOf(get(flowsBase), intent.gameuser));
  if (current && current.key !== intent.key) return;
  const next = { ...intent, state };
  const p = ports(get);
  p.intents.write(next);
  setFlow(get, set, intent.gameuser, flowOfIntent(next));
  if (state !== intent.state && (state === 'pending' || state === 'completed' || state === 'rejected')) p.refreshBalance(intent.service);
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
  const stored = ports(get).intents.read();
  const flows = { ...get(flowsBase) };
  const toAsk: string[] = [];
  for (const intent of Object.values(stored)) {
    const current = flowOf(flows, intent.gameuser);
    const watching = intentOf(current)?.key === intent.key;
    if (isUnresolved(intent)) {
      // Another tab still waiting on its own send shows as sending here; after a reload nobody waits, so ask.
      flows[intent.gameuser] = intent.state === 'sending' && !resume ? { phase: 'sending', intent } : flowOfIntent(intent);
      if (resume) toAsk.push(intent.gameuser);
    } else if (watching || (!resume && isLocked(current))) {
      flows[intent.gameuser] = flowOfIntent(intent);
    }
  }
  set(flowsBase, flows);
  for (const gameuser of toAsk) void set(checkWithdrawalAtom, gameuser);
});

/** The set with `key` in it or out of it: the base sets are replaced, never changed in place. */
function withKey(set: ReadonlySet<string>, key: string, present: boolean): ReadonlySet<string> {
  const next = new Set(set);
  if (present) next.add(key);
  else next.delete(key);
  return next;
}

/**
 * Sends the intent under its key and applies what the server answers. Only an answer to this key decides: a reply
 * (booked, or a refusal), or a 4xx before anything was booked. A lost reply (timeout, 5xx, network) and a 409 (a
 * request with this key is still being processed) leave it unknown: `checking`, asked about again by the watch.
 */
async function sendIntent(get: Getter, set: Setter, intent: WithdrawIntent, { first }: { first: boolean }): Promise<void> {
  const p = ports(get);
  set(sendingKeysBase, withKey(get(sendingKeysBase), intent.key, true));
  let reply: WithdrawReply;
  try {
    reply = await p.send(intent);
  } catch (error) {
    const status = isApiError(error) ? error.status : null;
    if (isApiError(error) && error.kind === 'unauthorized') {
      // The first send was refused before anything was booked. A later one says nothing of the first's fate.
      if (first) {
        p.intents.write({ ...intent, state: 'unbooked' });
        setFlow(get, set, intent.gameuser, IDLE);
      }
      await p.onUnauthorized();
      return;
    }
    if (status !== null && status >= 400 && status < 500 && status !== 409) {
      settleIntent(get, set, intent, 'unbooked');
      setRefused(get, set, intent, 'failed');
      return;
    }
    settleIntent(get, set, intent, 'checking');
    return;
  } finally {
    set(sendingKeysBase, withKey(get(sendingKeysBase), intent.key, false));
  }
  const current = flowOf(get(flowsBase), intent.gameuser);
  if (intentOf(current)?.key !== intent.key || current.phase === 'done') return;
  if (reply.status === true) {
    p.onServerState(intent.service, true);
    settleIntent(get, set, intent, 'pending');
    return;
  }
  settleIntent(get, set, intent, 'unbooked');
  setRefused(get, set, intent, problemOfRefusal(reply.code));
}

/** A definite refusal of the intent, unless a newer intent of the account has replaced it meanwhile. */
function setRefused(get: Getter, set: Setter, intent: WithdrawIntent, problem: ReturnType<typeof problemOfRefusal>): void {
  const current = intentOf(flowOf(get(flowsBase), intent.gameuser));
  if (current && current.key !== intent.key) return;
  setFlow(get, set, intent.gameuser, refusedFlow(intent, problem));
}

/**
 * Asks the server what became of the account's withdrawal: first whether one is pending, then, when none is and
 * this browser has an intent, the history for that intent. When neither tells, and no send of it is on its way from
 * this tab, the intent is sent again under the same key (with back-off), so the server either books it once or
 * answers what it did with it. One question per account at a time.
 */
export const checkWithdrawalAtom = atom(null, async (get, set, gameuser: string) => {
  if (get(askingBase).has(gameuser)) return;
  set(askingBase, withKey(get(askingBase), gameuser, true));
  const p = ports(get);
  try {
    const flow = flowOf(get(flowsBase), gameuser);
    const stored = p.intents.read()[gameuser];
    const intent = intentOf(flow) ?? (isUnresolved(stored) ? stored : null);
    const pending = await p.checkPending(gameuser);
    if (intent) p.onServerState(intent.service, pending);
    if (!intent || !isUnresolved(intent)) {
      const now = flowOf(get(flowsBase), gameuser);
      const next = flowWhileNoneOpen(now, pending);
      if (next !== now) setFlow(get, set, gameuser, next);
      return;
    }
    const rows = pending ? null : await p.history(gameuser);
    const state = resolveIntent(intent, pending, rows, p.serverOffsetMs());
    if (state !== null) {
      settleIntent(get, set, intent, state);
      return;
    }
    if (!mayConfirm(get, intent, p.now())) return;
    const tries = get(confirmsBase)[intent.key]?.tries ?? 0;
    set(confirmsBase, { ...get(confirmsBase), [intent.key]: { tries: tries + 1, nextAt: p.now() + confirmDelayMs(tries + 1) } });
    if (intent.state !== 'checking') settleIntent(get, set, intent, 'checking');
    await sendIntent(get, set, { ...intent, state: 'checking' }, { first: false });
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') await p.onUnauthorized();
    // Otherwise the question stays open: the flow keeps showing what it showed, and the next check asks again.
  } finally {
    set(askingBase, withKey(get(askingBase), gameuser, false));
  }
});

/** How long another tab's send is given to be answered before this one asks with the same key: its whole timeout, and a margin. */
export const FOREIGN_SEND_GRACE_MS = WITHDRAW_TIMEOUT_MS + 5_000;

/**
 * An unknown intent may be sent again when no send of it is on its way from this tab, its back-off has passed, and
 * (if another tab may still be sending it) that tab has had its time.
 */
function mayConfirm(get: Getter, intent: WithdrawIntent, now: number): boolean {
  if (get(sendingKeysBase).has(intent.key)) return false;
  if (intent.state === 'sending' && now - intent.createdAt < FOREIGN_SEND_GRACE_MS) return false;
  const confirm = get(confirmsBase)[intent.key];
  return !confirm || now >= confirm.nextAt;
}

/**
 * One withdrawal intent, from the click to its outcome. Held back (nothing sent) while the account has one
 * unresolved in any tab. A lost reply (timeout, 5xx, network) is never a failure: the flow asks the server instead,
 * and sends the same key again until the server answers it.
 */
export const submitWithdrawAtom = atom(null, async (get, set, request: WithdrawOrder): Promise<void> => {
  const p = ports(get);
  if (isLocked(flowOf(get(flowsBase), request.gameuser)) || get(claimingBase).has(request.gameuser)) return;
  set(claimingBase, withKey(get(claimingBase), request.gameuser, true));
  // A new intent always has a new key: an earlier key was answered (that is why the account is free), and the
  // server would replay that answer to it.
  const { claimed, intent } = await p.intents.claim(request.gameuser, () => ({
    key: p.newKey(),
    gameuser: request.gameuser,
    service: request.service,
    amount: request.amount,
    createdAt: p.now(),
    state: 'sending',
  }));
  set(claimingBase, withKey(get(claimingBase), request.gameuser, false));
  if (!claimed) {
    setFlow(get, set, request.gameuser, flowOfIntent(intent));
    void set(checkWithdrawalAtom, request.gameuser);
    return;
  }
  setFlow(get, set, request.gameuser, { phase: 'sending', intent });
  await sendIntent(get, set, intent, { first: true });
  if (flowOf(get(flowsBase), intent.gameuser).phase === 'checking') void set(checkWithdrawalAtom, intent.gameuser);
});

/** The server's MemberTrans for a withdrawal of this game user: whatever was waiting on it is done. */
export const withdrawSettledAtom = atom(null, (get, set, gameuser: string) => {
  const flow = flowOf(get(flowsBase), gameuser);
  const intent = intentOf(flow);
  if (flow.phase === 'pending' && intent === null) {
    setFlow(get, set, gameuser, IDLE);
    return;
  }
  if (intent && isUnresolved(intent)) settleIntent(get, set, intent, 'completed');
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
  set(confirmsBase, {});
  set(portsBase, null);
});

// The flows come with the money pages' code, so they answer the end of a session themselves, from the moment they
// exist: the wallet's always-loaded answer (on-session-end.ts) would otherwise put this module into every first page.
answerSessionEnd(({ set }) => set(withdrawalsClearedAtom));
