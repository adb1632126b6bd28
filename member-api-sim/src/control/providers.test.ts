import type { GclubLoginReply } from '@member/shared-core';
import type { SimProviderState } from '../control-types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toSatang } from '../state/wallets';
import { startTestSim, type TestSim } from '../testing/harness';

describe('control API for the providers', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
  });

  const state = async () => (await t.control<SimProviderState>('GET', '/__sim/provider-state')).body;

  it('lists every seeded game account with its balance, main flag and no session', async () => {
    const body = await state();
    expect(body.maintenance).toEqual({ GCLUB: false, UFA: false });
    expect(body.switchMainRefusals).toBe(0);
    expect(body.accounts).toHaveLength(15);
    const byUser = Object.fromEntries(body.accounts.map((a) => [a.gameuser, a]));
    expect(byUser.pre8g1001).toMatchObject({
      service: 'GCLUB',
      balance: 1520.5,
      main: false,
      session: { alive: false, expiresAt: null },
      calls: {},
    });
    expect(byUser.pre8u1001).toMatchObject({ service: 'UFA', balance: 8250, main: true });
    expect(byUser.pre8g1002).toMatchObject({ service: 'GCLUB', balance: 0, main: true });
    expect(byUser.ufkklacsag1u1031).toMatchObject({ prefix: 'ufkk', cid: 1031 });
  });

  it('sets a balance, refusing bad amounts and unknown game users', async () => {
    expect((await t.control('POST', '/__sim/balance', { gameuser: 'os39u1011', balance: 99.9 })).body).toEqual({
      ok: true,
      gameuser: 'os39u1011',
      balance: 99.9,
    });
    expect((await state()).accounts.find((a) => a.gameuser === 'os39u1011')?.balance).toBe(99.9);
    for (const balance of [-1, 1.005, '10', Number.NaN, 2e9]) {
      expect((await t.control('POST', '/__sim/balance', { gameuser: 'os39u1011', balance })).status).toBe(400);
    }
    expect((await t.control('POST', '/__sim/balance', { gameuser: 'os39u9999', balance: 1 })).status).toBe(404);
  });

  it('reset restores balances and ends sessions, maintenance and counters', async () => {
    await t.control('POST', '/__sim/balance', { gameuser: 'pre8g1001', balance: 5 });
    await t.control('POST', '/__sim/maintenance', { provider: 'UFA', on: true });
    await t.apiPost('/api/gclubLogin', { username: 'pre8g1001', password: 'Gc1001pw' });
    await t.apiPost('/api/ufaShoot', { username: 'pre8u1001' });
    expect((await state()).accounts.find((a) => a.gameuser === 'pre8g1001')?.session.alive).toBe(true);

    await t.control('POST', '/__sim/reset');
    const body = await state();
    expect(body.maintenance).toEqual({ GCLUB: false, UFA: false });
    const byUser = Object.fromEntries(body.accounts.map((a) => [a.gameuser, a]));
    expect(byUser.pre8g1001).toMatchObject({ balance: 1520.5, session: { alive: false }, calls: {} });
    expect(byUser.pre8u1001?.shoots).toBe(0);
  });

  it('refuses a malformed maintenance or expire body', async () => {
    expect((await t.control('POST', '/__sim/maintenance', { provider: 'GCLUB', on: 'yes' })).status).toBe(400);
    expect((await t.control('POST', '/__sim/provider-sessions/expire', {})).status).toBe(400);
  });
});

describe('SIM_PROVIDER_SESSION_MS', () => {
  it('sets how long a provider session lives', async () => {
    const t = await startTestSim({ providerSessionMs: 5000 });
    try {
      const { body } = await t.apiPost<GclubLoginReply>('/api/gclubLogin', { username: 'bkmcg1021', password: 'Gc1021pw' });
      const token = body.result!.token;
      t.clock.advance(4000);
      expect((await t.apiPost('/api/gclubCheckLogged', { token })).body.status).toBe(true);
      t.clock.advance(5001);
      expect((await t.apiPost('/api/gclubCheckLogged', { token })).body).toEqual({ status: false });
    } finally {
      await t.close();
    }
  });
});

describe('wallet amounts', () => {
  it('accepts baht with at most two decimals', () => {
    expect(toSatang(1520.5)).toBe(152050);
    expect(toSatang(0.1 + 0.2)).toBe(30);
    expect(toSatang(0)).toBe(0);
    expect(toSatang(1.001)).toBeNull();
    expect(toSatang(-0.01)).toBeNull();
    expect(toSatang(Infinity)).toBeNull();
  });
});
