import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../types/api';
import {
  findIntentRow,
  flowWhileNoneOpen,
  IDLE,
  LATE_MS,
  mayResend,
  mergeIntent,
  nextSendAtAfter,
  outcomeOfSend,
  refusedFlow,
  RESEND_FOR_MS,
  resolveIntent,
  SAME_INTENT_WINDOW_MS,
  unlessLocked,
  type WithdrawIntent,
} from './withdraw-flow';

const PRESSED = Date.parse('2026-11-27T10:00:00Z');
const intent: WithdrawIntent = {
  key: 'k1',
  gameuser: 'u1',
  service: 'UFA',
  amount: 300,
  createdAt: PRESSED,
  state: 'checking',
  sends: 1,
  sentAt: PRESSED,
};

/** A withdrawal row of u1 booked `at` ms after the press (server time, offset 0), without a key unless given. */
const row = (at: number, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  ref: `W${at}`,
  type: 'withdraw',
  amount: 300,
  status: 'pending',
  time: new Date(PRESSED + at).toISOString(),
  service: 'UFA',
  gameuser: 'u1',
  ...extra,
});

describe('unlessLocked', () => {
  it('passes an edit through while the form is open, and drops it while a withdrawal is being processed', () => {
    const seen: string[] = [];
    unlessLocked(false, (value: string) => seen.push(value))('100');
    unlessLocked(true, (value: string) => seen.push(value))('200');
    expect(seen).toEqual(['100']);
  });
});

describe('flowWhileNoneOpen', () => {
  const settled: WithdrawIntent = { ...intent, state: 'completed' };
  it("blocks the account while the server has another device's withdrawal pending, and frees it after", () => {
    const blocked = flowWhileNoneOpen(IDLE, true);
    expect(blocked).toEqual({ phase: 'pending', intent: null });
    expect(flowWhileNoneOpen(blocked, false)).toBe(IDLE);
  });
  it('leaves an outcome on screen as it is, a refusal because another was pending included', () => {
    const done = { phase: 'done', intent: settled } as const;
    expect(flowWhileNoneOpen(done, true)).toBe(done);
    const refused = refusedFlow({ ...intent, state: 'unbooked' }, 'pending');
    expect(flowWhileNoneOpen(refused, true)).toBe(refused);
    expect(flowWhileNoneOpen(IDLE, false)).toBe(IDLE);
  });
});

describe('outcomeOfSend: one rule for every answer a send can get', () => {
  it('a reply that accepts the key books it; a refusal the contract defines as final says not made', () => {
    expect(outcomeOfSend({ kind: 'reply', reply: { status: true, pending: true } })).toEqual({ state: 'pending' });
    for (const code of [
      'insufficient_balance',
      'pending',
      'maintenance',
      'below_minimum',
      'not_your_game_user',
      'limit_exceeded',
      'account_locked',
    ] as const) {
      expect(outcomeOfSend({ kind: 'reply', reply: { status: false, code } })).toEqual({ state: 'unbooked', problem: code });
      expect(outcomeOfSend({ kind: 'failure', failure: 'http', status: 422, code })).toEqual({ state: 'unbooked', problem: code });
    }
  });

  it('everything else leaves the key unknown, with why', () => {
    const unknown = (reason: string, extra = {}) => ({ state: null, reason, ...extra });
    expect(outcomeOfSend({ kind: 'reply', reply: { status: false } })).toEqual(unknown('unclear'));
    expect(outcomeOfSend({ kind: 'reply', reply: { status: false, code: 'in_flight' as never } })).toEqual(unknown('in_flight'));
    expect(outcomeOfSend({ kind: 'reply', reply: { status: false, code: 'try_later' as never } })).toEqual(unknown('unclear'));
    expect(outcomeOfSend({ kind: 'failure', failure: 'http', status: 409, code: 'in_flight' })).toEqual(unknown('in_flight'));
    // A 409 or a 429 whose body names a final code is still not a refusal of the key.
    expect(outcomeOfSend({ kind: 'failure', failure: 'http', status: 409, code: 'pending' })).toEqual(unknown('in_flight'));
    expect(outcomeOfSend({ kind: 'failure', failure: 'http', status: 429, retryAfterMs: 7000 })).toEqual(
      unknown('busy', { retryAfterMs: 7000 }),
    );
    expect(outcomeOfSend({ kind: 'failure', failure: 'http', status: 429, code: 'insufficient_balance' })).toEqual(unknown('busy'));
    expect(outcomeOfSend({ kind: 'failure', failure: 'http', status: 502 })).toEqual(unknown('server_error'));
    expect(outcomeOfSend({ kind: 'failure', failure: 'http', status: 400, code: 'invalid_idempotency_key' })).toEqual(unknown('unclear'));
    expect(outcomeOfSend({ kind: 'failure', failure: 'http', status: 422, code: 'idempotency_mismatch' })).toEqual(unknown('unclear'));
    expect(outcomeOfSend({ kind: 'failure', failure: 'http', status: 403 })).toEqual(unknown('unclear'));
    for (const failure of ['timeout', 'offline', 'undecryptable', 'unparsable', 'shape', 'cancelled']) {
      expect(outcomeOfSend({ kind: 'failure', failure, status: failure === 'shape' ? 200 : null })).toEqual(unknown('no_reply'));
    }
  });
});

describe('findIntentRow', () => {
  it("takes the row with the intent's key, and with keys in the history no other", () => {
    const mine = row(2000, { key: 'k1' });
    expect(findIntentRow([row(1000, { key: 'other' }), mine], intent)).toBe(mine);
    // Another device's withdrawal of the same amount, after the press, is not this one.
    expect(findIntentRow([row(1000, { key: 'other' })], intent)).toBeNull();
  });

  it("without keys, never takes a row for this intent: one of the same account and amount could be another device's", () => {
    expect(findIntentRow([row(1500)], intent)).toBe('ambiguous');
    expect(findIntentRow([row(1000), row(2000)], intent)).toBe('ambiguous');
    expect(findIntentRow([row(-SAME_INTENT_WINDOW_MS / 2)], intent)).toBe('ambiguous');
  });

  it('without keys, no row could be it when none of the account and exact amount is in the window', () => {
    expect(findIntentRow([], intent)).toBeNull();
    expect(findIntentRow([row(500, { amount: 299 }), row(500, { amount: 301 }), row(500, { amount: 299.5 })], intent)).toBeNull();
    expect(findIntentRow([row(500, { gameuser: 'u2' }), row(500, { type: 'deposit' })], intent)).toBeNull();
    // An earlier withdrawal of the same amount, two hours before the press.
    expect(findIntentRow([row(-2 * 3_600_000)], intent)).toBeNull();
  });

  it('reads history times through the server clock offset', () => {
    // The device is an hour ahead: the server booked it at "press - 1 h" by the device's clock.
    const ahead = { ...intent, createdAt: PRESSED + 3_600_000 };
    expect(findIntentRow([row(1000)], ahead, -3_600_000)).toBe('ambiguous');
    expect(findIntentRow([row(1000)], ahead, 0)).toBeNull();
    // An hour behind: the row of two hours before the press is still out of the window.
    const behind = { ...intent, createdAt: PRESSED - 3_600_000 };
    expect(findIntentRow([row(-2 * 3_600_000)], behind, 3_600_000)).toBeNull();
  });
});

describe('resolveIntent', () => {
  const none = { pending: { pending: false }, rows: [] as HistoryEntry[] };

  it('settles by what carries the key: a pending check naming it, a row', () => {
    expect(resolveIntent(intent, { pending: { pending: true, key: 'k1' }, rows: null }, PRESSED)).toEqual({ state: 'pending' });
    expect(resolveIntent(intent, { pending: { pending: false }, rows: [row(1000, { key: 'k1', status: 'completed' })] }, PRESSED)).toEqual({
      state: 'completed',
    });
    expect(resolveIntent(intent, { pending: null, rows: [row(1000, { key: 'k1', status: 'rejected' })] }, PRESSED)).toEqual({
      state: 'rejected',
    });
  });

  it('never takes another withdrawal pending on the account, or a row without a key, for this one', () => {
    expect(resolveIntent(intent, { pending: { pending: true }, rows: null }, PRESSED)).toEqual({ state: null, reason: 'other_pending' });
    expect(resolveIntent(intent, { pending: { pending: true, key: 'other' }, rows: [] }, PRESSED)).toEqual({ state: null, reason: null });
    expect(resolveIntent(intent, { pending: { pending: false }, rows: [row(1000, { status: 'completed' })] }, PRESSED)).toEqual({
      state: null,
      reason: 'ambiguous',
    });
  });

  it('a booked intent that is not what is pending any more has settled', () => {
    const booked = { ...intent, state: 'pending' as const };
    expect(resolveIntent(booked, none, PRESSED + 60_000)).toEqual({ state: 'completed' });
    expect(resolveIntent(booked, { pending: { pending: false }, rows: [row(1000)] }, PRESSED)).toEqual({ state: 'completed' });
    expect(resolveIntent(booked, { pending: { pending: true, key: 'other' }, rows: null }, PRESSED)).toEqual({ state: 'completed' });
    expect(resolveIntent(booked, { pending: { pending: true }, rows: null }, PRESSED)).toEqual({ state: null, reason: null });
    expect(resolveIntent(booked, { pending: null, rows: [] }, PRESSED)).toEqual({ state: null, reason: null });
  });

  it('says "not made" for no trace only once the key is no longer sent and no request of it can be processed', () => {
    const late = PRESSED + RESEND_FOR_MS + LATE_MS;
    const lastSent = { ...intent, sentAt: PRESSED + RESEND_FOR_MS - 1000 };
    expect(resolveIntent(intent, none, PRESSED + 60_000)).toEqual({ state: null, reason: null });
    expect(resolveIntent(lastSent, none, late - 2000)).toEqual({ state: null, reason: null });
    expect(resolveIntent(lastSent, none, late - 1000)).toEqual({ state: 'unbooked', problem: 'unseen' });
    // The server said it was still processing the key not so long ago.
    expect(resolveIntent({ ...lastSent, inFlightAt: late - 60_000 }, none, late + 1000).state).toBeNull();
    // A send of it is still out; the history or the pending check could not be read; something pending could be it.
    expect(resolveIntent({ ...lastSent, sendOut: true }, none, late + 1000).state).toBeNull();
    expect(resolveIntent(lastSent, { pending: { pending: false }, rows: null }, late + 1000).state).toBeNull();
    expect(resolveIntent(lastSent, { pending: null, rows: [] }, late + 1000).state).toBeNull();
    expect(resolveIntent(lastSent, { pending: { pending: true }, rows: [] }, late + 1000).state).toBeNull();
    // Without keys, a row of the same amount in the window could be it.
    expect(resolveIntent(lastSent, { pending: { pending: false }, rows: [row(-60_000)] }, late + 1000).state).toBeNull();
  });
});

describe('mergeIntent', () => {
  it('keeps what the server said of a key: a late answer never takes back a booking or an outcome', () => {
    const booked: WithdrawIntent = { ...intent, state: 'pending' };
    expect(mergeIntent(booked, { ...intent, state: 'checking', reason: 'in_flight' })).toBe(booked);
    const done: WithdrawIntent = { ...intent, state: 'completed' };
    expect(mergeIntent(done, booked)).toBe(done);
    expect(mergeIntent(done, { ...intent, state: 'rejected' })).toBe(done);
    const next = { ...intent, state: 'checking' as const, sends: 2 };
    expect(mergeIntent(intent, next)).toBe(next);
    expect(mergeIntent(booked, done)).toBe(done);
    expect(mergeIntent(booked, { ...intent, state: 'unbooked', refusal: 'unseen' })).toBe(booked);
  });

  it('writes nothing over another key, or where the session emptied storage', () => {
    expect(mergeIntent({ ...intent, key: 'k2' }, intent)).toBeNull();
    expect(mergeIntent(undefined, intent)).toBeNull();
  });
});

describe('the back-off of sends again', () => {
  it('goes again at once after the first send is lost, then waits longer, and longer still when the server asks', () => {
    expect(nextSendAtAfter(0, 1)).toBe(0);
    expect(nextSendAtAfter(0, 2)).toBe(4000);
    expect(nextSendAtAfter(0, 9)).toBe(30_000);
    expect(nextSendAtAfter(0, 2, 60_000)).toBe(60_000);
  });

  it('sends a key again only after its back-off, and never later than RESEND_FOR_MS after the press', () => {
    expect(mayResend({ ...intent, nextSendAt: PRESSED + 4000 }, PRESSED + 3999)).toBe(false);
    expect(mayResend({ ...intent, nextSendAt: PRESSED + 4000 }, PRESSED + 4000)).toBe(true);
    expect(mayResend(intent, PRESSED + RESEND_FOR_MS)).toBe(false);
  });
});
