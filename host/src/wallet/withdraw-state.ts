import { atom, type Getter, type Setter } from 'jotai';
import type { HistoryEntry, Service, WithdrawReply } from '@member/shared-core';
import { isApiError } from '../api/api-error';
import {
  flowOfIntent, IDLE, isLocked, isUnresolved, problemOfRefusal, resolveIntent, type WithdrawFlow, type WithdrawIntent,
} from '@member/shared-core/wallet/withdraw-flow';
import type { IntentStore } from './withdraw-intents';

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

/**
 * Asks the server what became of the account's withdrawal: first whether one is pending, then, when none is and
 * this browser has an intent, the history for that intent. Never sends a withdrawal. One question per account at a time.
 */
export const checkWithdrawalAtom = atom(null, async (get, set, gameuser: string) => {
  if (get(askingBase).has(gameuser)) return;
  set(askingBase, new Set([...get(askingBase), gameuser]));
  const p = ports(get);
  try {
    const flow = flowOf(get(flowsBase), gameuser);
    const stored = p.intents.read()[gameuser];
    const intent = intentOf(flow) ?? (isUnresolved(stored) ? stored : null);
    const pending = await p.checkPending(gameuser);
    if (intent) p.onServerState(intent.service, pending);
    if (!intent || !isUnresolved(intent)) {
      // No withdrawal of ours is open: the account is blocked exactly while the server has one pending.
      const now = flowOf(get(flowsBase), gameuser);
      if (pending && (now.phase === 'idle' || (now.phase === 'refused' && now.problem === 'pending'))) setFlow(get, set, gameuser, { phase: 'pending', intent: null });
      else if (!pending && now.phase === 'pending' && now.intent === null) setFlow(get, set, gameuser, IDLE);
      return;
    }
    const rows = pending ? null : await p.history(gameuser);
    settleIntent(get, set, intent, resolveIntent(intent, pending, rows, p.serverOffsetMs()));
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') await p.onUnauthorized();
    // Otherwise the question stays open: the flow keeps showing what it showed, and the next check asks again.
  } finally {
    const asking = new Set(get(askingBase));
    asking.delete(gameuser);
    set(askingBase, asking);
  }
});

export interface WithdrawRequest {
  gameuser: string;
  service: Service;
  amount: number;
}

/**
 * One withdrawal intent, from the click to its outcome. Held back (nothing sent) while the account has one
 * unresolved in any tab. A lost reply (timeout, 5xx, network) is never a failure: the flow asks the server instead.
 */
export const submitWithdrawAtom = atom(null, async (get, set, request: WithdrawRequest): Promise<void> => {
  const p = ports(get);
  if (isLocked(flowOf(get(flowsBase), request.gameuser)) || get(claimingBase).has(request.gameuser)) return;
  set(claimingBase, new Set([...get(claimingBase), request.gameuser]));
  const { claimed, intent } = await p.intents.claim(request.gameuser, (previous) => ({
    // The same amount after "not booked" keeps its key: should the first request still arrive, it is the same withdrawal.
    key: previous && previous.state === 'unbooked' && previous.amount === request.amount ? previous.key : p.newKey(),
    gameuser: request.gameuser,
    service: request.service,
    amount: request.amount,
    createdAt: p.now(),
    state: 'sending',
  }));
  const claiming = new Set(get(claimingBase));
  claiming.delete(request.gameuser);
  set(claimingBase, claiming);
  if (!claimed) {
    setFlow(get, set, request.gameuser, flowOfIntent(intent));
    void set(checkWithdrawalAtom, request.gameuser);
    return;
  }
  setFlow(get, set, request.gameuser, { phase: 'sending', intent });
  let reply: WithdrawReply;
  try {
    reply = await p.send(intent);
  } catch (error) {
    if (isApiError(error) && (error.kind === 'unauthorized' || (error.status !== null && error.status >= 400 && error.status < 500))) {
      // A definite no from the server before it booked anything (409 in_flight means an earlier send is still running).
      if (error.status === 409) {
        settleIntent(get, set, intent, 'checking');
        void set(checkWithdrawalAtom, intent.gameuser);
        return;
      }
      p.intents.write({ ...intent, state: 'unbooked' });
      setFlow(get, set, intent.gameuser, error.kind === 'unauthorized' ? IDLE : { phase: 'refused', intent, problem: 'failed' });
      if (error.kind === 'unauthorized') await p.onUnauthorized();
      return;
    }
    settleIntent(get, set, intent, 'checking');
    void set(checkWithdrawalAtom, intent.gameuser);
    return;
  }
  const current = flowOf(get(flowsBase), intent.gameuser);
  if (intentOf(current)?.key !== intent.key || current.phase === 'done') return;
  if (reply.status === true) {
    p.onServerState(intent.service, true);
    settleIntent(get, set, intent, 'pending');
    return;
  }
  const problem = problemOfRefusal(reply.code);
  p.intents.write({ ...intent, state: 'unbooked' });
  setFlow(get, set, intent.gameuser, problem === 'pending' ? { phase: 'pending', intent: null } : { phase: 'refused', intent, problem });
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
  if (flow.phase === 'done' || (flow.phase === 'refused' && flow.problem !== 'pending')) setFlow(get, set, gameuser, IDLE);
});

/** Logout: nothing of the member's withdrawals stays on screen (their stored intents stay until settled). */
export const withdrawalsClearedAtom = atom(null, (_get, set) => {
  set(flowsBase, {});
  set(askingBase, new Set<string>());
  set(claimingBase, new Set<string>());
  set(portsBase, null);
});
