import type { CheckWithdrawReply, GetProfileReply, HistoryReply, LoginReply, WithdrawReply } from '@member/shared-core';
import type { SimLedgerEntry, SimProviderState } from '../control-types';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channelAuth } from '../pusher/signatures';
import { IDEMPOTENCY_TTL_MS } from '../state/idempotency';
import { parseAmount } from '../state/ledger';
import { startTestSim, type TestSim } from '../testing/harness';
import { openSocket, type TestSocket } from '../testing/pusher';

const CREDENTIALS = { appId: 'member-demo', key: 'member-demo-key', secret: 'member-demo-secret' };
// Long enough that the steps between two sends never outlast it on a loaded machine.
const PENDING_MS = 600;
const GCLUB = 'pre8g1001';
const UFA = 'pre8u1001';
const UNAUTHORIZED = { status: false, code: 401, message: 'Unauthorized' };

describe('money: ledger, withdrawals, history, MemberTrans', () => {
  let t: TestSim;
  let token: string;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    t = await startTestSim({ withdrawPendingMs: PENDING_MS });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
    token = await t.login('pre8');
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });

  /** A socket subscribed to the member's private channel, as the host would have it. */
  const memberSocket = async (cid = 1001) => {
    const socket = await openSocket(t.base);
    open.push(socket);
    const channel = `private-member.${cid}`;
    socket.send({ event: 'pusher:subscribe', data: { channel, auth: channelAuth(CREDENTIALS, await socket.socketId(), channel) } });
    await socket.next('pusher_internal:subscription_succeeded');
    return socket;
  };
  const withdraw = (body: Record<string, unknown>, key?: string, path = '/api/gclubWithdraw') =>
    t.apiPost<WithdrawReply>(path, { token, ...body }, key !== undefined ? { 'Idempotency-Key': key } : {});
  const checkWithdraw = (game_user = GCLUB) => t.apiPost<CheckWithdrawReply>('/api/checkWithdraw', { game_user, prefix: 'pre8', token });
  const history = (gameuser = GCLUB) => t.apiPost<HistoryReply>('/api/history', { gameuser, token });
  const ledger = async (query = '') => (await t.control<{ entries: SimLedgerEntry[] }>('GET', `/__sim/ledger${query}`)).body.entries;
  const balance = async (gameuser = GCLUB) =>
    (await t.control<SimProviderState>('GET', '/__sim/provider-state')).body.accounts.find((a) => a.gameuser === gameuser)?.balance;
  const trans = (socket: TestSocket) =>
    socket.next('MemberTrans', 3000).then((f) => ({ channel: f.channel, data: JSON.parse(String(f.data)) as unknown }));

  it('a deposit goes through the ledger at once and reaches the subscribed socket as MemberTrans', async () => {
    const socket = await memberSocket();
    const res = await t.control('POST', '/__sim/deposit', { prefix: 'pre8', phone: '0812345678', service: 'GCLUB', amount: 250.25 });
    expect(res.body).toMatchObject({
      ok: true,
      balance: 1770.75,
      delivered: 1,
      entry: { type: 'deposit', status: 'completed', amount: 250.25, gameuser: GCLUB },
    });
    expect(await trans(socket)).toEqual({
      channel: 'private-member.1001',
      data: { status: true, gameuser: GCLUB, type: 'deposit', service: 'GCLUB', amount: 250.25 },
    });
    expect(await balance()).toBe(1770.75);

    const entries = await ledger('?prefix=pre8&phone=0812345678');
    expect(entries).toEqual([
      {
        seq: 1,
        time: expect.any(String),
        prefix: 'pre8',
        cid: 1001,
        gameuser: GCLUB,
        service: 'GCLUB',
        type: 'deposit',
        amount: 250.25,
        status: 'completed',
        ref: 'DP000001',
        settledAt: expect.any(String),
      },
    ]);
    expect((await history()).body).toEqual({
      status: true,
      history: [
        {
          ref: 'DP000001',
          type: 'deposit',
          amount: 250.25,
          status: 'completed',
          time: entries[0]!.time,
          service: 'GCLUB',
          gameuser: GCLUB,
        },
      ],
    });

    expect((await t.control('POST', '/__sim/deposit', { prefix: 'pre8', phone: '0899999999', service: 'UFA', amount: 10 })).status).toBe(
      404,
    );
    expect((await t.control('POST', '/__sim/deposit', { prefix: 'pre8', phone: '0800000000', service: 'GCLUB', amount: 10 })).status).toBe(
      404,
    );
    for (const amount of [0, -5, 1.001, '10']) {
      expect((await t.control('POST', '/__sim/deposit', { prefix: 'pre8', phone: '0812345678', service: 'GCLUB', amount })).status).toBe(
        400,
      );
    }
  });

  it('a deposit can be dated days back, for history periods', async () => {
    const res = await t.control<{ entry: SimLedgerEntry }>('POST', '/__sim/deposit', {
      prefix: 'pre8',
      phone: '0812345678',
      service: 'GCLUB',
      amount: 10,
      daysAgo: 10,
    });
    expect(Math.abs(Date.parse(res.body.entry.time) - (t.clock.now() - 10 * 86_400_000))).toBeLessThan(1000);
    expect((await history()).body.history?.[0]?.time).toBe(res.body.entry.time);
    for (const daysAgo of [-1, 1.5, 366, '2']) {
      expect(
        (await t.control('POST', '/__sim/deposit', { prefix: 'pre8', phone: '0812345678', service: 'GCLUB', amount: 1, daysAgo })).status,
      ).toBe(400);
    }
  });

  it('a withdrawal debits once, stays pending (checkWithdraw status false), then completes with MemberTrans', async () => {
    const socket = await memberSocket();
    expect((await checkWithdraw()).body).toEqual({ status: true, pending: false });

    const { status, body } = await withdraw({ gameuser: GCLUB, amount: 500.5 });
    expect(status).toBe(200);
    expect(body).toEqual({ status: true, ref: 'WD000001', pending: true });
    expect(await balance()).toBe(1020);
    expect((await checkWithdraw()).body).toEqual({ status: false, pending: true, ref: 'WD000001' });
    expect((await checkWithdraw(UFA)).body).toEqual({ status: true, pending: false });
    expect((await history()).body.history).toEqual([
      expect.objectContaining({ ref: 'WD000001', type: 'withdraw', amount: 500.5, status: 'pending' }),
    ]);

    const second = await withdraw({ gameuser: GCLUB, amount: 100 });
    expect(second.body).toEqual({ status: false, code: 'pending', message: expect.any(String) });

    expect(await trans(socket)).toEqual({
      channel: 'private-member.1001',
      data: { status: true, gameuser: GCLUB, type: 'withdraw', service: 'GCLUB', amount: 500.5 },
    });
    expect((await checkWithdraw()).body).toEqual({ status: true, pending: false });
    expect(await balance()).toBe(1020);
    const [entry] = await ledger();
    expect(entry).toMatchObject({ type: 'withdraw', status: 'completed', amount: 500.5, settledAt: expect.any(String) });

    await t.control('POST', '/__sim/deposit', { prefix: 'pre8', phone: '0812345678', service: 'GCLUB', amount: 1 });
    expect((await history()).body.history?.map((h) => [h.ref, h.status])).toEqual([
      ['DP000002', 'completed'],
      ['WD000001', 'completed'],
    ]);
  });

  it('ufaWithdraw withdraws from the UFA game user the same way', async () => {
    const socket = await memberSocket();
    expect((await withdraw({ gameuser: UFA, amount: '1000.00' }, undefined, '/api/ufaWithdraw')).body).toMatchObject({
      status: true,
      pending: true,
    });
    expect(await balance(UFA)).toBe(7250);
    expect(await trans(socket)).toEqual({
      channel: 'private-member.1001',
      data: { status: true, gameuser: UFA, type: 'withdraw', service: 'UFA', amount: 1000 },
    });
    expect((await withdraw({ gameuser: GCLUB, amount: 100 }, undefined, '/api/ufaWithdraw')).body.code).toBe('not_your_game_user');
    expect((await withdraw({ gameuser: UFA, amount: 100 })).body.code).toBe('not_your_game_user');
  });

  it('a rejected withdrawal is refunded and sends MemberTrans with status false', async () => {
    const socket = await memberSocket();
    expect((await t.control('POST', '/__sim/withdraw/reject', {})).body).toEqual({ ok: true, rejections: 1 });
    await withdraw({ gameuser: GCLUB, amount: 300 });
    expect(await balance()).toBe(1220.5);
    expect(await trans(socket)).toEqual({
      channel: 'private-member.1001',
      data: { status: false, gameuser: GCLUB, type: 'withdraw', service: 'GCLUB', amount: 300 },
    });
    expect(await balance()).toBe(1520.5);
    expect((await ledger())[0]).toMatchObject({ status: 'rejected', amount: 300 });
    expect((await history()).body.history?.[0]).toMatchObject({ status: 'rejected' });

    await withdraw({ gameuser: GCLUB, amount: 300 });
    expect((await trans(socket)).data).toMatchObject({ status: true });
    expect(await balance()).toBe(1220.5);
    expect((await t.control('POST', '/__sim/withdraw/reject', { times: -1 })).status).toBe(400);
  });

  it('validates: 422 for a missing or malformed amount or gameuser, then the refusals with their codes', async () => {
    for (const amount of [undefined, 0, -100, 100.001, 'abc', '1e3', true]) {
      const res = await withdraw({ gameuser: GCLUB, amount });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ status: false, fields: { amount: expect.any(String) } });
    }
    expect((await withdraw({ amount: 200 })).body).toMatchObject({ fields: { gameuser: 'Required' } });

    expect((await withdraw({ gameuser: 'pre8g1002', amount: 200 })).body).toMatchObject({ status: false, code: 'not_your_game_user' });
    expect((await withdraw({ gameuser: GCLUB, amount: 99.99 })).body).toMatchObject({ status: false, code: 'below_minimum' });
    expect((await withdraw({ gameuser: GCLUB, amount: 1520.51 })).body).toMatchObject({ status: false, code: 'insufficient_balance' });
    await t.control('POST', '/__sim/maintenance', { provider: 'GCLUB', on: true });
    expect((await withdraw({ gameuser: GCLUB, amount: 200 })).body).toEqual({
      status: false,
      code: 'maintenance',
      message: 'GCLUB is under maintenance',
    });
    await t.control('POST', '/__sim/maintenance', { provider: 'GCLUB', on: false });
    expect((await withdraw({ gameuser: GCLUB, amount: 1520.5 })).body.status).toBe(true);
    expect(await balance()).toBe(0);
    expect(await ledger()).toHaveLength(1);

    expect(await t.apiPost('/api/gclubWithdraw', { gameuser: GCLUB, amount: 200, token: 'bad' })).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });
    expect((await t.apiPost('/api/checkWithdraw', { game_user: GCLUB, prefix: 'os39', token })).status).toBe(401);
    expect((await t.apiPost('/api/history', { gameuser: GCLUB, token: 'bad' })).status).toBe(401);
    expect((await checkWithdraw('pre8g1002')).body).toMatchObject({ status: false, pending: false, code: 'not_your_game_user' });
    expect((await history('pre8g1002')).body).toMatchObject({ status: false, code: 'not_your_game_user' });
    expect((await t.apiPost('/api/checkWithdraw', { prefix: 'pre8', token })).status).toBe(422);
  });

  it('announces the site minimum as acc_web.minWithdraw in login and getProfile', async () => {
    const login = await t.phoneLogin<LoginReply>('pre8', '0812345678', 'demo1234');
    expect(login.body.acc_web).toMatchObject({ minWithdraw: 100 });
    const profile = await t.apiPost<GetProfileReply>('/api/getProfile', { prefix: 'pre8', type: 'phone', token: t.enc(token) });
    expect(profile.body.acc_web).toMatchObject({ minWithdraw: 100 });
  });

  describe('Idempotency-Key', () => {
    it('same key and body → the first result again, no second entry; another body → 422', async () => {
      const first = await withdraw({ gameuser: GCLUB, amount: 200 }, 'key-1');
      const again = await withdraw({ gameuser: GCLUB, amount: 200 }, 'key-1');
      expect(again).toMatchObject({ status: 200, body: first.body });
      expect(first.body).toEqual({ status: true, ref: 'WD000001', pending: true });
      expect(await ledger()).toEqual([expect.objectContaining({ ref: 'WD000001', idempotencyKey: 'key-1' })]);
      expect(await balance()).toBe(1320.5);

      const mismatch = await withdraw({ gameuser: GCLUB, amount: 300 }, 'key-1');
      expect(mismatch.status).toBe(422);
      expect(mismatch.body).toEqual({ status: false, code: 'idempotency_mismatch', message: expect.any(String) });

      // A refusal is a result too; a new key is a new attempt.
      expect((await withdraw({ gameuser: GCLUB, amount: 200 }, 'key-2')).body.code).toBe('pending');
      await new Promise((done) => setTimeout(done, PENDING_MS * 2));
      expect((await withdraw({ gameuser: GCLUB, amount: 200 }, 'key-2')).body.code).toBe('pending');
      expect((await withdraw({ gameuser: GCLUB, amount: 200 }, 'key-3')).body.status).toBe(true);
      expect(await ledger()).toHaveLength(2);
    });

    it('the token is not part of the body it compares, and keys are per member', async () => {
      const first = await withdraw({ gameuser: GCLUB, amount: 200 }, 'shared');
      token = await t.login('pre8');
      expect((await withdraw({ gameuser: GCLUB, amount: 200 }, 'shared')).body).toEqual(first.body);
      const other = await t.login('pre8', '0899999999');
      await t.control('POST', '/__sim/balance', { gameuser: 'pre8g1002', balance: 500 });
      const theirs = await t.apiPost<WithdrawReply>(
        '/api/gclubWithdraw',
        { gameuser: 'pre8g1002', amount: 200, token: other },
        { 'Idempotency-Key': 'shared' },
      );
      expect(theirs.body).toMatchObject({ status: true, ref: 'WD000002' });
    });

    it('while the first request is in flight → 409; an afterCommit 500 then a retry → the first result, one entry', async () => {
      await t.control('POST', '/__sim/faults', { route: 'gclubWithdraw', status: 500, delayMs: 800, afterCommit: true });
      const firstPromise = withdraw({ gameuser: GCLUB, amount: 200 }, 'retry-me');
      await new Promise((done) => setTimeout(done, 150));
      const during = await withdraw({ gameuser: GCLUB, amount: 200 }, 'retry-me');
      expect(during.status).toBe(409);
      expect(during.body).toEqual({ status: false, code: 'in_flight', message: expect.any(String) });

      const first = await firstPromise;
      expect(first.status).toBe(500);
      expect(first.body).toMatchObject({ status: false });
      expect(await ledger()).toHaveLength(1);
      expect(await balance()).toBe(1320.5);

      const retry = await withdraw({ gameuser: GCLUB, amount: 200 }, 'retry-me');
      expect(retry).toMatchObject({ status: 200, body: { status: true, ref: 'WD000001', pending: true } });
      expect(await ledger()).toHaveLength(1);
    });

    it('a timeout after the commit (client gives up) → the retry gets the first result at once', async () => {
      await t.control('POST', '/__sim/faults', { route: '/api/gclubWithdraw', delayMs: 3000, afterCommit: true });
      const gaveUp = await fetch(`${t.base}/api/gclubWithdraw`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'timeout-1' },
        body: JSON.stringify({ gameuser: GCLUB, amount: 150, token }),
        signal: AbortSignal.timeout(200),
      }).catch((error: unknown) => (error instanceof Error ? error.name : 'error'));
      expect(gaveUp).toBe('TimeoutError');
      await new Promise((done) => setTimeout(done, 50));
      const retry = await withdraw({ gameuser: GCLUB, amount: 150 }, 'timeout-1');
      expect(retry.body).toEqual({ status: true, ref: 'WD000001', pending: true });
      expect(await ledger()).toHaveLength(1);
    });

    it('a slow bank holds a withdrawal with its key claimed: a resend meanwhile → 409 in_flight, then the first result, one entry', async () => {
      await t.control('POST', '/__sim/withdraw/hold', { times: 1 });
      const firstPromise = withdraw({ gameuser: GCLUB, amount: 300 }, 'slow-bank');
      await new Promise((done) => setTimeout(done, 100));
      expect(await ledger()).toEqual([]);
      const during = await withdraw({ gameuser: GCLUB, amount: 300 }, 'slow-bank');
      expect(during.status).toBe(409);
      expect(during.body).toEqual({ status: false, code: 'in_flight', message: expect.any(String) });
      expect((await t.control('GET', '/__sim/operator')).body).toMatchObject({ historyKeys: true });

      expect((await t.control('POST', '/__sim/withdraw/release')).body).toEqual({ ok: true, released: 1 });
      expect((await firstPromise).body).toEqual({ status: true, ref: 'WD000001', pending: true });
      expect((await withdraw({ gameuser: GCLUB, amount: 300 }, 'slow-bank')).body).toEqual({
        status: true,
        ref: 'WD000001',
        pending: true,
      });
      expect(await ledger()).toHaveLength(1);
    });

    it('a bank held for a time books by itself once it has passed; a client that gave up meanwhile gets the result on its resend', async () => {
      await t.control('POST', '/__sim/withdraw/hold', { times: 1, ms: 300 });
      const gaveUp = await fetch(`${t.base}/api/gclubWithdraw`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'held-1' },
        body: JSON.stringify({ gameuser: GCLUB, amount: 150, token }),
        signal: AbortSignal.timeout(100),
      }).catch((error: unknown) => (error instanceof Error ? error.name : 'error'));
      expect(gaveUp).toBe('TimeoutError');
      expect((await withdraw({ gameuser: GCLUB, amount: 150 }, 'held-1')).status).toBe(409);
      await new Promise((done) => setTimeout(done, 400));
      expect((await withdraw({ gameuser: GCLUB, amount: 150 }, 'held-1')).body).toEqual({ status: true, ref: 'WD000001', pending: true });
      expect(await ledger()).toHaveLength(1);
    });

    it('a withdrawal kept pending stays pending until settled by hand', async () => {
      expect((await t.control('POST', '/__sim/withdraw/keep-pending', {})).body).toEqual({ ok: true, kept: 1 });
      await withdraw({ gameuser: GCLUB, amount: 200 }, 'kept-1');
      await new Promise((done) => setTimeout(done, PENDING_MS * 3));
      expect((await checkWithdraw()).body).toMatchObject({ pending: true, key: 'kept-1' });
      expect((await t.control('POST', '/__sim/withdraw/settle', { gameuser: GCLUB })).status).toBe(200);
      expect((await checkWithdraw()).body).toEqual({ status: true, pending: false });
      expect((await t.control('POST', '/__sim/withdraw/keep-pending', { times: -1 })).status).toBe(400);
    });

    it('a bank hold refuses bad bodies', async () => {
      expect((await t.control('POST', '/__sim/withdraw/hold', { times: 0 })).status).toBe(400);
      expect((await t.control('POST', '/__sim/withdraw/hold', { ms: -1 })).status).toBe(400);
      expect((await t.control('POST', '/__sim/operator', { historyKeys: 'no' })).status).toBe(400);
      expect((await t.control('POST', '/__sim/operator', { keys: true })).status).toBe(400);
    });

    it('a 429 fault carries its Retry-After, exposed to the page', async () => {
      await t.control('POST', '/__sim/faults', { route: 'gclubWithdraw', status: 429, retryAfter: 7 });
      const busy = await withdraw({ gameuser: GCLUB, amount: 200 }, 'busy-1');
      expect(busy.status).toBe(429);
      expect(busy.headers.get('retry-after')).toBe('7');
      expect(busy.headers.get('access-control-expose-headers')).toBe('Date, Retry-After');
      expect(await ledger()).toEqual([]);
      expect((await t.control('POST', '/__sim/faults', { route: 'gclubWithdraw', retryAfter: 7 })).status).toBe(400);
    });

    it("the operator's settings leave keys out of the history, the pending check and MemberTrans; a reset puts them back", async () => {
      const socket = await memberSocket();
      expect((await t.control('POST', '/__sim/operator', { historyKeys: false, eventKeys: false, pendingKeys: false })).body).toEqual({
        ok: true,
        operator: { historyKeys: false, eventKeys: false, pendingKeys: false },
      });
      await withdraw({ gameuser: GCLUB, amount: 200 }, 'quiet-1');
      expect((await checkWithdraw()).body).toEqual({ status: false, pending: true, ref: 'WD000001' });
      expect((await history()).body.history?.[0]).not.toHaveProperty('key');
      expect((await trans(socket)).data).toEqual({ status: true, gameuser: GCLUB, type: 'withdraw', service: 'GCLUB', amount: 200 });

      await t.control('POST', '/__sim/reset');
      token = await t.login('pre8');
      const again = await memberSocket();
      await withdraw({ gameuser: GCLUB, amount: 200 }, 'loud-1');
      expect((await checkWithdraw()).body).toEqual({ status: false, pending: true, ref: 'WD000001', key: 'loud-1' });
      expect((await history()).body.history?.[0]).toMatchObject({ key: 'loud-1' });
      expect((await trans(again)).data).toEqual({
        status: true,
        gameuser: GCLUB,
        type: 'withdraw',
        service: 'GCLUB',
        amount: 200,
        key: 'loud-1',
      });
    });

    it('refuses a malformed key with 400, and forgets keys after 24 hours', async () => {
      const bad = await withdraw({ gameuser: GCLUB, amount: 200 }, 'tab\there');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'invalid_idempotency_key' });
      expect((await withdraw({ gameuser: GCLUB, amount: 200 }, 'x'.repeat(256))).status).toBe(400);

      expect((await withdraw({ gameuser: GCLUB, amount: 200 }, 'day-old')).body.status).toBe(true);
      await new Promise((done) => setTimeout(done, PENDING_MS * 2));
      t.clock.advance(IDEMPOTENCY_TTL_MS + 1);
      token = await t.login('pre8');
      expect((await withdraw({ gameuser: GCLUB, amount: 200 }, 'day-old')).body).toMatchObject({ status: true, ref: 'WD000002' });
    });
  });

  it('reset clears the ledger, restores the seeded balances and forgets the keys and armed rejections', async () => {
    await t.control('POST', '/__sim/withdraw/reject', { times: 3 });
    await withdraw({ gameuser: GCLUB, amount: 1000 }, 'before-reset');
    await t.control('POST', '/__sim/deposit', { prefix: 'pre8', phone: '0812345678', service: 'UFA', amount: 50 });
    expect(await ledger()).toHaveLength(2);

    await t.control('POST', '/__sim/reset');
    expect(await ledger()).toEqual([]);
    expect(await balance()).toBe(1520.5);
    expect(await balance(UFA)).toBe(8250);
    await new Promise((done) => setTimeout(done, PENDING_MS * 2));
    expect(await balance()).toBe(1520.5);

    token = await t.login('pre8');
    const socket = await memberSocket();
    expect((await withdraw({ gameuser: GCLUB, amount: 1000 }, 'before-reset')).body).toEqual({
      status: true,
      ref: 'WD000001',
      pending: true,
    });
    expect((await trans(socket)).data).toMatchObject({ status: true });
  });

  it('lists the ledger of every member, a site, or one member', async () => {
    await t.control('POST', '/__sim/deposit', { prefix: 'pre8', phone: '0812345678', service: 'GCLUB', amount: 10 });
    await t.control('POST', '/__sim/deposit', { prefix: 'pre8', phone: '0899999999', service: 'GCLUB', amount: 20 });
    await t.control('POST', '/__sim/deposit', { prefix: 'os39', phone: '0812345678', service: 'UFA', amount: 30 });
    expect((await ledger()).map((e) => e.amount)).toEqual([10, 20, 30]);
    expect((await ledger('?prefix=pre8')).map((e) => e.amount)).toEqual([10, 20]);
    expect((await ledger('?prefix=pre8&phone=0899999999')).map((e) => [e.cid, e.gameuser])).toEqual([[1002, 'pre8g1002']]);
    expect((await t.control('GET', '/__sim/ledger?phone=0812345678')).status).toBe(400);
    expect((await t.control('GET', '/__sim/ledger?prefix=pre8&phone=0800000000')).status).toBe(404);
  });
});

describe('amounts', () => {
  it('parses positive baht with at most two decimals, as a number or a decimal string', () => {
    expect(parseAmount(100)).toBe(10000);
    expect(parseAmount(0.1 + 0.2)).toBe(30);
    expect(parseAmount('500.25')).toBe(50025);
    expect(parseAmount(' 7 ')).toBe(700);
    for (const bad of [0, -1, 1.005, '1.005', '1e3', '', 'abc', Number.NaN, Infinity, 2e9, null, true]) expect(parseAmount(bad)).toBeNull();
  });
});
