// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../core/api/api-error';
import { providersAtom } from '../accounts/state';
import { writeSessionCookies } from '../../core/base/session-cookies';
import { apiWithdrawPorts } from './withdraw-ports';
import { clearCookies } from '../../core/base/test-cookies';
import { testSiteStore } from '../../core/base/test-member';

const checkWithdraw = vi.hoisted(() => vi.fn());
const history = vi.hoisted(() => vi.fn());
const withdraw = vi.hoisted(() => vi.fn());
vi.mock('../../core/api/api', async () => (await import('../../core/api/test-calls')).fakeApi({ checkWithdraw, history }));
vi.mock('./withdraw-call', () => ({ withdraw, WITHDRAW_TIMEOUT_MS: 30_000 }));

const PREFIX = 'pre8';

const siteStore = () => testSiteStore();

beforeEach(() => writeSessionCookies(PREFIX, 'member-token', 'phone'));
afterEach(() => {
  for (const mock of [checkWithdraw, history, withdraw]) mock.mockReset();
  clearCookies();
});

describe('the withdrawal flow on the operator API', () => {
  it('asks checkWithdraw with the game user, the prefix and the token; a reply status false means one is being processed', async () => {
    const ports = apiWithdrawPorts(siteStore(), PREFIX);
    checkWithdraw.mockResolvedValueOnce({ status: false });
    await expect(ports.checkPending('pre8u1')).resolves.toEqual({ pending: true });
    expect(checkWithdraw).toHaveBeenCalledWith({ game_user: 'pre8u1', prefix: PREFIX, token: 'member-token' });
    checkWithdraw.mockResolvedValueOnce({ status: true });
    await expect(ports.checkPending('pre8u1')).resolves.toEqual({ pending: false });
  });

  it("an explicit `pending` in the reply is taken as said, with the pending one's key where the operator gives it", async () => {
    const ports = apiWithdrawPorts(siteStore(), PREFIX);
    checkWithdraw.mockResolvedValueOnce({ status: true, pending: true });
    await expect(ports.checkPending('pre8u1')).resolves.toEqual({ pending: true });
    checkWithdraw.mockResolvedValueOnce({ status: false, pending: false, key: 'stale' });
    await expect(ports.checkPending('pre8u1')).resolves.toEqual({ pending: false });
    checkWithdraw.mockResolvedValueOnce({ status: false, pending: true, ref: 'WD000001', key: 'key-a' });
    await expect(ports.checkPending('pre8u1')).resolves.toEqual({ pending: true, key: 'key-a' });
  });

  it('without a token nothing is sent: the session is over', async () => {
    const ports = apiWithdrawPorts(siteStore(), PREFIX);
    document.cookie = `token-${PREFIX}=; path=/; max-age=0`;
    await expect(ports.checkPending('pre8u1')).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(ports.history('pre8u1')).rejects.toMatchObject({ kind: 'unauthorized' });
    // The flow awaits the send inside its try: a throw now or a rejection later are the same to it.
    await expect(
      Promise.resolve().then(() =>
        ports.send({ key: 'k', gameuser: 'pre8u1', service: 'UFA', amount: 300, createdAt: 0, state: 'sending' }),
      ),
    ).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(checkWithdraw).not.toHaveBeenCalled();
    expect(history).not.toHaveBeenCalled();
    expect(withdraw).not.toHaveBeenCalled();
  });

  it('sends each withdrawal to its provider with its Idempotency-Key', async () => {
    const ports = apiWithdrawPorts(siteStore(), PREFIX);
    withdraw.mockResolvedValue({ status: true, pending: true });
    await ports.send({ key: 'key-g', gameuser: 'pre8g1', service: 'GCLUB', amount: 150, createdAt: 0, state: 'sending' });
    await ports.send({ key: 'key-u', gameuser: 'pre8u1', service: 'UFA', amount: 300, createdAt: 0, state: 'sending' });
    expect(withdraw.mock.calls).toEqual([
      ['GCLUB', { gameuser: 'pre8g1', amount: 150, token: 'member-token' }, 'key-g'],
      ['UFA', { gameuser: 'pre8u1', amount: 300, token: 'member-token' }, 'key-u'],
    ]);
  });

  it('reads the history with the game user and token; a refusal or a failure reads as "cannot tell now", a 401 does not', async () => {
    const ports = apiWithdrawPorts(siteStore(), PREFIX);
    const rows = [
      { ref: 'W1', type: 'withdraw', amount: 300, status: 'pending', time: '2026-01-01T00:00:00Z', service: 'UFA', gameuser: 'pre8u1' },
    ];
    history.mockResolvedValueOnce({ status: true, history: rows });
    await expect(ports.history('pre8u1')).resolves.toEqual(rows);
    expect(history).toHaveBeenCalledWith({ gameuser: 'pre8u1', token: 'member-token' });
    history.mockResolvedValueOnce({ status: false });
    await expect(ports.history('pre8u1')).resolves.toBeNull();
    history.mockRejectedValueOnce(new ApiError('http', 'history', 502));
    await expect(ports.history('pre8u1')).resolves.toBeNull();
    history.mockRejectedValueOnce(new ApiError('unauthorized', 'history', 401));
    await expect(ports.history('pre8u1')).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it("the server's word on a pending withdrawal becomes the provider's withdraw status", () => {
    const store = siteStore();
    const ports = apiWithdrawPorts(store, PREFIX);
    ports.onServerState('GCLUB', true);
    expect(store.get(providersAtom).GCLUB.withdrawStatus).toBe(true);
    expect(store.get(providersAtom).UFA.withdrawStatus).toBe(false);
    ports.onServerState('GCLUB', false);
    expect(store.get(providersAtom).GCLUB.withdrawStatus).toBe(false);
  });
});
