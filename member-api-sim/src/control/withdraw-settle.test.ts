import type { WithdrawReply } from '@member/shared-core';
import type { SimLedgerEntry, SimProviderState } from '../control-types';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channelAuth } from '../pusher/signatures';
import { startTestSim, type TestSim } from '../testing/harness';
import { openSocket, type TestSocket } from '../testing/pusher';

const CREDENTIALS = { appId: 'member-demo', key: 'member-demo-key', secret: 'member-demo-secret' };
const GCLUB = 'pre8g1001';

describe('POST /__sim/withdraw/settle', () => {
  let t: TestSim;
  let token: string;
  let socket: TestSocket | null = null;

  // Pending far longer than any test: only the control call can settle a withdrawal here.
  beforeAll(async () => {
    t = await startTestSim({ withdrawPendingMs: 60_000 });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
    token = await t.login('pre8');
    socket = await openSocket(t.base);
    const channel = 'private-member.1001';
    socket.send({ event: 'pusher:subscribe', data: { channel, auth: channelAuth(CREDENTIALS, await socket.socketId(), channel) } });
    await socket.next('pusher_internal:subscription_succeeded');
  });
  afterEach(() => socket?.close());

  const withdraw = (amount: number) => t.apiPost<WithdrawReply>('/api/gclubWithdraw', { token, gameuser: GCLUB, amount });
  const ledger = async () => (await t.control<{ entries: SimLedgerEntry[] }>('GET', '/__sim/ledger?prefix=pre8')).body.entries;
  const balance = async () =>
    (await t.control<SimProviderState>('GET', '/__sim/provider-state')).body.accounts.find((a) => a.gameuser === GCLUB)?.balance;
  const trans = async () => JSON.parse(String((await socket!.next('MemberTrans', 3000)).data)) as unknown;

  it('completes the pending withdrawal at once and sends MemberTrans, as the timer would have', async () => {
    expect((await withdraw(300)).body).toMatchObject({ status: true, pending: true });
    expect((await ledger())[0]).toMatchObject({ status: 'pending', amount: 300 });

    const settled = await t.control<{ ok: boolean; entry: SimLedgerEntry }>('POST', '/__sim/withdraw/settle', { gameuser: GCLUB });
    expect(settled.status).toBe(200);
    expect(settled.body.entry).toMatchObject({ gameuser: GCLUB, type: 'withdraw', amount: 300, status: 'completed' });
    expect(await trans()).toEqual({ status: true, gameuser: GCLUB, type: 'withdraw', service: 'GCLUB', amount: 300 });
    expect((await ledger())[0]).toMatchObject({ status: 'completed' });
    expect(await balance()).toBe(1220.5);
    // Nothing is left pending: a second call finds nothing, and a new withdrawal is accepted.
    expect((await t.control('POST', '/__sim/withdraw/settle', { gameuser: GCLUB })).status).toBe(404);
    expect((await withdraw(100)).body).toMatchObject({ status: true });
  });

  it('rejects and refunds instead while a rejection is armed', async () => {
    await t.control('POST', '/__sim/withdraw/reject', { times: 1 });
    await withdraw(300);
    expect((await t.control<{ entry: SimLedgerEntry }>('POST', '/__sim/withdraw/settle', { gameuser: GCLUB })).body.entry).toMatchObject({
      status: 'rejected',
    });
    expect(await trans()).toMatchObject({ status: false });
    expect(await balance()).toBe(1520.5);
  });

  it('answers 400 without a game user and 404 when nothing is pending', async () => {
    expect((await t.control('POST', '/__sim/withdraw/settle', {})).status).toBe(400);
    expect((await t.control('POST', '/__sim/withdraw/settle', { gameuser: '' })).status).toBe(400);
    expect((await t.control('POST', '/__sim/withdraw/settle', { gameuser: GCLUB })).status).toBe(404);
  });
});
