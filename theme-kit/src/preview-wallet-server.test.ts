import { describe, expect, it } from 'vitest';
import { OPERATOR_CALLS, validate } from '@member/shared-core/api/calls';
import { createPreviewWalletServer } from './preview-wallet-server';

const request = { gameuser: 'pre8u1', amount: 300, token: 'preview-token' };

describe("the preview's pretend wallet server", () => {
  it('answers the catalogue calls with replies their schemas accept, one booking per Idempotency-Key', () => {
    const server = createPreviewWalletServer();
    const first = server.call('ufaWithdraw', request, 'key-1');
    expect(first).toEqual({ status: true, pending: true });
    expect(validate(OPERATOR_CALLS.ufaWithdraw.reply, first)).toMatchObject({ ok: true });
    server.call('ufaWithdraw', request, 'key-1');
    expect(server.booked.map((row) => [row.key, row.amount, row.service])).toEqual([['key-1', 300, 'UFA']]);
    const check = server.call('checkWithdraw', { game_user: 'pre8u1', prefix: 'preview', token: 'preview-token' });
    expect(check).toEqual({ status: false, pending: true });
    server.complete('key-1');
    expect(server.call('checkWithdraw', { game_user: 'pre8u1', prefix: 'preview', token: 'preview-token' })).toEqual({
      status: true,
      pending: false,
    });
    const history = server.call('history', { gameuser: 'pre8u1', token: 'preview-token' });
    expect(validate(OPERATOR_CALLS.history.reply, history)).toMatchObject({ ok: true });
    expect(history?.history?.map((row) => [row.key, row.status])).toEqual([['key-1', 'completed']]);
  });

  it('loses what its fate says: the request (nothing booked) or the reply (booked, no answer)', () => {
    const lost = createPreviewWalletServer('request-lost');
    expect(lost.call('gclubWithdraw', request, 'key-2')).toBeUndefined();
    expect(lost.booked).toEqual([]);
    const silent = createPreviewWalletServer('reply-lost');
    expect(silent.call('gclubWithdraw', request, 'key-3')).toBeUndefined();
    expect(silent.booked.map((row) => [row.key, row.service])).toEqual([['key-3', 'GCLUB']]);
    expect(() => silent.call('gclubWithdraw', request)).toThrow(/Idempotency-Key/);
  });
});
