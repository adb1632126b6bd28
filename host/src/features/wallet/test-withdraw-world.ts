/**
 * For the host's model-based withdrawal test only: an operator (its ledger, its Idempotency-Keys, the answers it can
 * give and the events it sends) and a member's devices and tabs, each tab running the real withdrawal flow
 * (withdraw-state.ts, withdraw-watch.ts, withdraw-intents.ts, the leader lock) on its own Jotai store against the
 * operator through fake ports, on vitest's fake timers. What a tab shows is read from its store.
 */
import { createStore } from 'jotai';
import type { HistoryEntry, Service, WithdrawReply } from '@member/shared-core';
import type { WithdrawIntent } from '@member/shared-core/wallet/withdraw-flow';
import { ApiError } from '../../core/api/api-error';
import { sessionEndedAtom } from '../../core/base/session-end';
import { createLeaderLock } from '../../core/lib/leader-lock';
import type { Visibility } from '../../core/lib/periodic-task';
import { WITHDRAW_TIMEOUT_MS } from './withdraw-call';
import { walletOnMemberTrans } from './on-member-trans';
import { createIntentStore, intentsKey, type IntentStorage } from './withdraw-intents';
import { flowOf, withdrawFlowsAtom, type WithdrawPorts } from './withdraw-state';
import { startWithdrawWatch } from './withdraw-watch';

export const PREFIX = 'pre8';
export const GAME_USERS: Readonly<Record<Service, string>> = { UFA: 'pre8u1', GCLUB: 'pre8g1' };
const START_BALANCE = 10_000;
/** How long a slow read (checkWithdraw, history) takes to answer. */
export const SLOW_READ_MS = 20_000;

/**
 * What becomes of one withdraw request. `ok`: it reaches the operator and its answer comes back. `lostBefore`: it
 * never reaches it (the client sees the network fail). `lostAfter`: processed, its answer lost on the way back.
 * `serverErrorBefore` / `serverErrorAfter`: a 502 before anything is done, a 500 after it was processed.
 * `undecryptable`: processed, its answer garbled. `busy`: 429 with Retry-After, nothing done. `otherClientError`: a
 * 403 that names no refusal, nothing done. `bankMs`: how long the operator processes it (its key in flight meanwhile);
 * `answerMs`: when a failure that does not wait for processing comes back.
 */
export interface SendFate {
  delivery: 'ok' | 'lostBefore' | 'lostAfter' | 'serverErrorBefore' | 'serverErrorAfter' | 'undecryptable' | 'busy' | 'otherClientError';
  bankMs: number;
  answerMs: number;
  retryAfterS: number;
}

const CAREFUL: SendFate = { delivery: 'ok', bankMs: 0, answerMs: 0, retryAfterS: 1 };

/** How the operator reports keys (its settings, fixed for a run). */
export interface OperatorKeys {
  history: boolean;
  events: boolean;
  pending: boolean;
}

interface Row {
  key: string;
  gameuser: string;
  service: Service;
  amount: number;
  status: 'pending' | 'completed' | 'rejected';
  time: number;
  ref: string;
}

/** A key's result as the operator keeps it: the HTTP status and the reply's body. */
interface KeyResult {
  status: number;
  body: { status: boolean; code?: string; ref?: string; pending?: boolean; message?: string };
}

interface KeyRecord {
  gameuser: string;
  amount: number;
  /** Null while the key is being processed. */
  result: KeyResult | null;
}

const FINAL = new Set([
  'not_your_game_user',
  'maintenance',
  'pending',
  'below_minimum',
  'insufficient_balance',
  'limit_exceeded',
  'account_locked',
]);

type Answer = { reply: WithdrawReply } | { error: ApiError };

/** The operator: a careful one (409 for a key in flight, a replay for a finished key), with faults the test chooses. */
export class Operator {
  readonly rows: Row[] = [];
  readonly keys = new Map<string, KeyRecord>();
  readonly balances: Record<string, number> = { [GAME_USERS.UFA]: START_BALANCE, [GAME_USERS.GCLUB]: START_BALANCE };
  readonly maintenance = new Set<string>();
  fates: SendFate[] = [];
  /** `down`: every withdraw request is answered 502 before anything is done, whatever its fate. */
  withdraw: 'up' | 'down' = 'up';
  history: 'up' | 'slow' | 'down' = 'up';
  check: 'up' | 'slow' | 'down' = 'up';
  socket: 'up' | 'down' = 'up';
  /** A key sent with another game user or amount than its first request: the client must never do that. */
  readonly mismatches: string[] = [];
  private refs = 0;
  private foreign = 0;
  onSettled: (row: Row) => void = () => undefined;

  constructor(readonly reports: OperatorKeys) {}

  rowOf(key: string): Row | undefined {
    return this.rows.find((row) => row.key === key);
  }

  /** The key's result is a refusal the contract calls final. */
  refusedFinally(key: string): boolean {
    const result = this.keys.get(key)?.result;
    return !!result && result.body.status === false && FINAL.has(result.body.code ?? '');
  }

  /** The operator has no record of the key and is processing none of it: nothing of it can be booked any more. */
  neverSaw(key: string): boolean {
    return !this.keys.has(key);
  }

  private book(intent: WithdrawIntent): KeyResult {
    const refuse = (code: string): KeyResult => ({ status: 200, body: { status: false, code, message: code } });
    if (this.rows.some((row) => row.gameuser === intent.gameuser && row.status === 'pending')) return refuse('pending');
    if (this.maintenance.has(intent.gameuser)) return refuse('maintenance');
    if (intent.amount > (this.balances[intent.gameuser] ?? 0)) return refuse('insufficient_balance');
    this.refs += 1;
    const ref = `WD${this.refs}`;
    this.rows.push({
      key: intent.key,
      gameuser: intent.gameuser,
      service: intent.service,
      amount: intent.amount,
      status: 'pending',
      time: Date.now(),
      ref,
    });
    this.balances[intent.gameuser] = (this.balances[intent.gameuser] ?? 0) - intent.amount;
    return { status: 200, body: { status: true, pending: true, ref } };
  }

  /** Another device's withdrawal of the account, outside the model's devices: booked and pending now. */
  foreignBooking(service: Service, amount: number): void {
    const gameuser = GAME_USERS[service];
    if (this.rows.some((row) => row.gameuser === gameuser && row.status === 'pending')) return;
    this.foreign += 1;
    this.rows.push({
      key: `foreign-${this.foreign}`,
      gameuser,
      service,
      amount,
      status: 'pending',
      time: Date.now(),
      ref: `WF${this.foreign}`,
    });
  }

  settle(service: Service, status: 'completed' | 'rejected'): void {
    const row = this.rows.find((r) => r.gameuser === GAME_USERS[service] && r.status === 'pending');
    if (!row) return;
    row.status = status;
    if (status === 'rejected') this.balances[row.gameuser] = (this.balances[row.gameuser] ?? 0) + row.amount;
    this.onSettled(row);
  }

  pendingOf(gameuser: string): { pending: boolean; key?: string } {
    const row = this.rows.find((r) => r.gameuser === gameuser && r.status === 'pending');
    if (!row) return { pending: false };
    return this.reports.pending ? { pending: true, key: row.key } : { pending: true };
  }

  historyOf(gameuser: string): HistoryEntry[] {
    return this.rows
      .filter((row) => row.gameuser === gameuser)
      .reverse()
      .map((row) => ({
        ref: row.ref,
        type: 'withdraw',
        amount: row.amount,
        status: row.status,
        time: new Date(row.time).toISOString(),
        service: row.service,
        gameuser: row.gameuser,
        ...(this.reports.history ? { key: row.key } : {}),
      }));
  }

  /**
   * One withdraw request arriving: what the client sees, and after how long (`answer`), by the request's fate; a
   * request that reaches the operator's keys is answered as a careful operator does.
   */
  receive(intent: WithdrawIntent, fate: SendFate, answer: (what: Answer, afterMs: number) => void): void {
    const name = intent.service === 'GCLUB' ? 'gclubWithdraw' : 'ufaWithdraw';
    switch (fate.delivery) {
      case 'lostBefore':
        return answer({ error: new ApiError('offline', name) }, fate.answerMs);
      case 'serverErrorBefore':
        return answer({ error: new ApiError('http', name, 502) }, fate.answerMs);
      case 'busy':
        return answer({ error: new ApiError('http', name, 429, null, { retryAfterMs: fate.retryAfterS * 1000 }) }, fate.answerMs);
      case 'otherClientError':
        return answer({ error: new ApiError('http', name, 403) }, fate.answerMs);
      default:
        break;
    }
    const deliver = (result: KeyResult) => {
      if (fate.delivery === 'lostAfter') return answer({ error: new ApiError('offline', name) }, 0);
      if (fate.delivery === 'serverErrorAfter') return answer({ error: new ApiError('http', name, 500) }, 0);
      if (fate.delivery === 'undecryptable') return answer({ error: new ApiError('undecryptable', name, result.status) }, 0);
      if (result.status === 200) return answer({ reply: result.body as WithdrawReply }, 0);
      return answer({ error: new ApiError('http', name, result.status, null, result.body.code ? { code: result.body.code } : {}) }, 0);
    };
    const known = this.keys.get(intent.key);
    if (known) {
      if (known.gameuser !== intent.gameuser || known.amount !== intent.amount) this.mismatches.push(intent.key);
      return deliver(known.result ?? { status: 409, body: { status: false, code: 'in_flight' } });
    }
    const record: KeyRecord = { gameuser: intent.gameuser, amount: intent.amount, result: null };
    this.keys.set(intent.key, record);
    setTimeout(() => {
      const result = this.book(intent);
      record.result = result;
      deliver(result);
    }, fate.bankMs);
  }

  nextFate(): SendFate {
    if (this.withdraw === 'down') return { ...CAREFUL, delivery: 'serverErrorBefore' };
    return this.fates.shift() ?? CAREFUL;
  }
}

/** One browser's Web Locks: a request waits for the holder of its name; a queued one can be aborted. */
export function deviceLocks(): LockManager {
  const held = new Set<string>();
  const queues = new Map<string, Array<() => void>>();
  const next = (name: string) => {
    const run = queues.get(name)?.shift();
    if (run) run();
    else held.delete(name);
  };
  const request = (name: string, a: unknown, b?: unknown): Promise<unknown> => {
    const options = (typeof a === 'function' ? {} : a) as { signal?: AbortSignal };
    const callback = (typeof a === 'function' ? a : b) as (lock: unknown) => unknown;
    return new Promise((resolve, reject) => {
      const run = () => {
        held.add(name);
        Promise.resolve()
          .then(() => callback({ name, mode: 'exclusive' }))
          .then(
            (value) => {
              next(name);
              resolve(value);
            },
            (error: unknown) => {
              next(name);
              reject(error);
            },
          );
      };
      if (!held.has(name)) {
        run();
        return;
      }
      const queue = queues.get(name) ?? [];
      queues.set(name, queue);
      queue.push(run);
      options.signal?.addEventListener('abort', () => {
        const at = queue.indexOf(run);
        if (at < 0) return;
        queue.splice(at, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  };
  return { request, query: async () => ({ held: [], pending: [] }) } as unknown as LockManager;
}

const visible: Visibility = { isVisible: () => true, subscribe: () => () => undefined };

export interface Tab {
  device: Device;
  store: ReturnType<typeof createStore>;
  dead: boolean;
  stop: (() => void) | null;
  /** Called back when another tab of the device writes the intents (the browser's storage event). */
  listeners: Set<(key: string | null) => void>;
}

/** One send of a key from a device: when, and whether its answer came back to a living tab. */
interface SendRecord {
  at: number;
  answered: boolean;
}

export class Device {
  readonly values = new Map<string, string>();
  readonly tabs: Tab[] = [];
  readonly locks = deviceLocks();
  readonly sends = new Map<string, SendRecord[]>();
  online = true;
  loggedIn = true;
  /** Keys this device made in each of its sessions; the last is the current session's. */
  readonly sessionKeys: Array<Set<string>> = [new Set()];

  constructor(
    readonly world: World,
    readonly id: number,
    /** Device clock minus the true (server) clock, in ms. */
    readonly skew: number,
    /** How far off the device's estimate of the server clock offset is, in ms. */
    readonly offsetError: number,
  ) {}

  now(): number {
    return Date.now() + this.skew;
  }

  storageFor(tab: Tab): IntentStorage {
    return {
      get: (key) => this.values.get(key) ?? null,
      set: (key, value) => {
        this.values.set(key, value);
        for (const other of this.tabs) {
          if (other === tab || other.dead) continue;
          // Delivered a moment later, as the browser's storage event is, to a listener still listening then.
          for (const listener of other.listeners) setTimeout(() => !other.dead && other.listeners.has(listener) && listener(key), 0);
        }
      },
      subscribe: (onChange) => {
        tab.listeners.add(onChange);
        return () => tab.listeners.delete(onChange);
      },
    };
  }
}

/** The operator, the member's devices and their tabs. */
export class World {
  readonly operator: Operator;
  readonly devices: Device[] = [];
  /** Problems the ports saw as they happened (two sends of one key out at once from one device). */
  readonly violations: string[] = [];
  private keys = 0;

  constructor(
    reports: OperatorKeys,
    readonly clocks: ReadonlyArray<{ skew: number; offsetError: number }>,
  ) {
    this.operator = new Operator(reports);
    this.operator.onSettled = (row) => this.tellSettled(row);
    this.addDevice();
  }

  addDevice(): Device | null {
    const clock = this.clocks[this.devices.length];
    if (!clock) return null;
    const device = new Device(this, this.devices.length, clock.skew, clock.offsetError);
    this.devices.push(device);
    this.openTab(device);
    return device;
  }

  newKey(device: Device): string {
    this.keys += 1;
    const key = `d${device.id}-k${this.keys}`;
    device.sessionKeys.at(-1)!.add(key);
    return key;
  }

  openTab(device: Device): Tab {
    const tab: Tab = { device, store: createStore(), dead: false, stop: null, listeners: new Set() };
    device.tabs.push(tab);
    if (device.loggedIn) this.startTab(tab);
    return tab;
  }

  startTab(tab: Tab): void {
    const ports = this.portsOf(tab);
    tab.stop = startWithdrawWatch({
      store: tab.store,
      prefix: PREFIX,
      ports,
      lock: createLeaderLock(`member-withdraw-${PREFIX}`, tab.device.locks),
      visibility: visible,
    });
  }

  closeTab(tab: Tab): void {
    tab.dead = true;
    tab.stop?.();
    tab.stop = null;
    tab.listeners.clear();
    const at = tab.device.tabs.indexOf(tab);
    if (at >= 0) tab.device.tabs.splice(at, 1);
  }

  /** The member logs out on the device: every tab's session ends, and the device's intents go (features/wallet/on-session-end). */
  logout(device: Device): void {
    if (!device.loggedIn) return;
    device.loggedIn = false;
    for (const tab of device.tabs) {
      tab.stop?.();
      tab.stop = null;
      tab.store.set(sessionEndedAtom, PREFIX);
    }
    device.values.delete(intentsKey(PREFIX));
    device.sessionKeys.push(new Set());
  }

  login(device: Device): void {
    if (device.loggedIn) return;
    device.loggedIn = true;
    for (const tab of device.tabs) this.startTab(tab);
  }

  /** MemberTrans for a completed withdrawal, to every tab of every device online while the socket is up. */
  private tellSettled(row: Row): void {
    if (row.status !== 'completed' || this.operator.socket === 'down') return;
    for (const device of this.devices) {
      if (!device.online || !device.loggedIn) continue;
      for (const tab of device.tabs) {
        walletOnMemberTrans({
          set: tab.store.set,
          trans: {
            status: true,
            gameuser: row.gameuser,
            type: 'withdraw',
            service: row.service,
            ...(this.operator.reports.events ? { key: row.key } : {}),
          },
          refetch: false,
        });
      }
    }
  }

  /** A call's answer delivered after `afterMs` to a tab that still lives (a closed tab hears nothing). */
  private later<T>(tab: Tab, afterMs: number, answer: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      setTimeout(() => {
        if (tab.dead) return;
        try {
          resolve(answer());
        } catch (error) {
          reject(error);
        }
      }, afterMs);
    });
  }

  private readMs(mode: 'up' | 'slow' | 'down'): number {
    return mode === 'slow' ? SLOW_READ_MS : 0;
  }

  private noteSend(device: Device, intent: WithdrawIntent): SendRecord {
    const now = Date.now();
    const earlier = device.sends.get(intent.key) ?? [];
    if (earlier.some((send) => !send.answered && now - send.at < WITHDRAW_TIMEOUT_MS)) {
      this.violations.push(`device ${device.id} sent ${intent.key} again while an earlier send of it was out`);
    }
    const record = { at: now, answered: false };
    device.sends.set(intent.key, [...earlier, record]);
    return record;
  }

  private portsOf(tab: Tab): WithdrawPorts {
    const { device } = tab;
    const operator = this.operator;
    return {
      intents: createIntentStore(PREFIX, device.locks, device.storageFor(tab)),
      checkPending: (gameuser) =>
        this.later(tab, this.readMs(operator.check), () => {
          if (!device.online) throw new ApiError('offline', 'checkWithdraw');
          if (operator.check === 'down') throw new ApiError('http', 'checkWithdraw', 503);
          return operator.pendingOf(gameuser);
        }),
      history: (gameuser) =>
        this.later(tab, this.readMs(operator.history), () =>
          !device.online || operator.history === 'down' ? null : operator.historyOf(gameuser),
        ),
      send: (intent) => {
        const record = this.noteSend(device, intent);
        return new Promise<WithdrawReply>((resolve, reject) => {
          let done = false;
          const finish = (what: Answer) => {
            if (done || tab.dead) return;
            done = true;
            record.answered = true;
            clearTimeout(timeout);
            if ('reply' in what) resolve(what.reply);
            else reject(what.error);
          };
          // The API client's own limit for a withdrawal's answer.
          const timeout = setTimeout(() => finish({ error: new ApiError('timeout', 'ufaWithdraw') }), WITHDRAW_TIMEOUT_MS);
          if (!device.online) {
            setTimeout(() => finish({ error: new ApiError('offline', 'ufaWithdraw') }), 0);
            return;
          }
          operator.receive(intent, operator.nextFate(), (what, afterMs) => setTimeout(() => finish(what), afterMs));
        });
      },
      newKey: () => this.newKey(device),
      now: () => device.now(),
      serverOffsetMs: () => -device.skew + device.offsetError,
      onUnauthorized: async () => undefined,
      onServerState: () => undefined,
      refreshBalance: () => undefined,
    };
  }

  /** Every tab that shows the member's pages now. */
  liveTabs(): Tab[] {
    return this.devices.flatMap((device) => (device.loggedIn ? device.tabs.filter((tab) => !tab.dead) : []));
  }

  shown(tab: Tab, service: Service) {
    return flowOf(tab.store.get(withdrawFlowsAtom), GAME_USERS[service]);
  }

  stopAll(): void {
    for (const device of this.devices) for (const tab of [...device.tabs]) this.closeTab(tab);
  }
}
