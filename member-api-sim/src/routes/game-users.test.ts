import type { GclubLoginReply, GetProfileReply, LoginReply, StatusReply, UfaLoginReply } from '@member/shared-core';
import type { SimProviderState } from '../control-types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSim, type TestSim } from '../testing/harness';

const UNAUTHORIZED = { status: false, code: 401, message: 'Unauthorized' };

describe('game users: switchMain, updateGamePassword', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
  });

  const profile = async (token: string, prefix = 'pre8') =>
    (await t.apiPost<GetProfileReply>('/api/getProfile', { prefix, type: 'phone', token: t.enc(token) })).body;
  const mainOf = (reply: LoginReply) => Object.fromEntries(reply.games!.map((g) => [g.game_user, g.main]));
  const switchMain = (token: string, select_gameuser: string, switch_gameuser: string) =>
    t.apiPost<StatusReply>('/api/switchMain', { select_gameuser, switch_gameuser, token });
  const updatePassword = (token: string, gameuser: string, password: string) =>
    t.apiPost<StatusReply>('/api/updateGamePassword', { gameuser, password, token });

  it('switchMain flips both main flags, seen by the next getProfile and login', async () => {
    const token = await t.login('pre8');
    expect(mainOf(await profile(token))).toEqual({ pre8g1001: false, pre8u1001: true });

    expect((await switchMain(token, 'pre8g1001', 'pre8u1001')).body).toEqual({ status: true });
    expect(mainOf(await profile(token))).toEqual({ pre8g1001: true, pre8u1001: false });
    expect(mainOf((await t.phoneLogin<LoginReply>('pre8', '0812345678', 'demo1234')).body)).toEqual({ pre8g1001: true, pre8u1001: false });

    expect((await switchMain(token, 'pre8u1001', 'pre8g1001')).body.status).toBe(true);
    expect(mainOf(await profile(token))).toEqual({ pre8g1001: false, pre8u1001: true });
    const state = await t.control<SimProviderState>('GET', '/__sim/provider-state');
    expect(state.body.accounts.filter((a) => a.cid === 1001 && a.prefix === 'pre8').map((a) => [a.gameuser, a.main])).toEqual([
      ['pre8g1001', false],
      ['pre8u1001', true],
    ]);
  });

  it('a refusal from /__sim/switch-main/refuse answers status false and leaves the flags unchanged', async () => {
    const token = await t.login('pre8');
    expect((await t.control('POST', '/__sim/switch-main/refuse', { times: 2 })).body).toEqual({ ok: true, refusals: 2 });
    for (let i = 0; i < 2; i++) {
      const { body } = await switchMain(token, 'pre8g1001', 'pre8u1001');
      expect(body.status).toBe(false);
      expect(body.message).toBeTruthy();
      expect(mainOf(await profile(token))).toEqual({ pre8g1001: false, pre8u1001: true });
    }
    expect((await switchMain(token, 'pre8g1001', 'pre8u1001')).body.status).toBe(true);

    await t.control('POST', '/__sim/switch-main/refuse', {});
    await t.control('POST', '/__sim/reset');
    expect((await t.control<SimProviderState>('GET', '/__sim/provider-state')).body.switchMainRefusals).toBe(0);
    expect((await switchMain(await t.login('pre8'), 'pre8g1001', 'pre8u1001')).body.status).toBe(true);
    expect((await t.control('POST', '/__sim/switch-main/refuse', { times: 'two' })).status).toBe(400);
  });

  it("refuses another member's game user, the same user twice, and two accounts neither of which is main", async () => {
    const token = await t.login('pre8');
    for (const [select, other] of [
      ['pre8g1002', 'pre8u1001'],
      ['pre8g1001', 'os39u1011'],
      ['pre8u1001', 'pre8u1001'],
    ] as const) {
      const { status, body } = await switchMain(token, select, other);
      expect(status).toBe(200);
      expect(body.status).toBe(false);
      expect(body.message).toBeTruthy();
    }
    expect(mainOf(await profile(token))).toEqual({ pre8g1001: false, pre8u1001: true });
    const plain = await t.login('pre8', '0899999999');
    expect(mainOf(await profile(plain))).toEqual({ pre8g1002: true });
  });

  it('updateGamePassword stores the operator copy for the owner only; getProfile shows it, reset restores it', async () => {
    const token = await t.login('pre8');
    const other = await t.login('pre8', '0899999999');
    const passwordOf = async (gameuser: string) => (await profile(token)).games!.find((g) => g.game_user === gameuser)?.game_password;

    const foreign = await updatePassword(other, 'pre8g1001', 'Stolen123');
    expect(foreign.body).toEqual({ status: false, code: 'not_your_game_user', message: 'This game user does not belong to the member' });
    expect((await updatePassword(token, 'pre8g1001', 'abc')).body.status).toBe(false);
    expect(await passwordOf('pre8g1001')).toBe('Gc1001pw');

    expect((await updatePassword(token, 'pre8g1001', 'NewGc123')).body).toEqual({ status: true });
    expect(await passwordOf('pre8g1001')).toBe('NewGc123');
    expect(await passwordOf('pre8u1001')).toBe('Uf1001pw');

    await t.control('POST', '/__sim/reset');
    const again = await t.login('pre8');
    expect((await profile(again)).games!.find((g) => g.game_user === 'pre8g1001')?.game_password).toBe('Gc1001pw');
  });

  it('after a provider password change, updateGamePassword makes the profile carry the password that logs in', async () => {
    const token = await t.login('pre8');
    const ufa = (await t.apiPost<UfaLoginReply>('/api/ufaLogin', { username: 'pre8u1001', password: 'Uf1001pw' })).body;
    expect(ufa.status).toBe(true);
    await t.apiPost('/api/ufaChangePwd', { username: 'pre8u1001', password: 'Fresh1234', oldPassword: 'Uf1001pw' });
    await updatePassword(token, 'pre8u1001', 'Fresh1234');
    const stored = (await profile(token)).games!.find((g) => g.game_user === 'pre8u1001')!.game_password;
    expect((await t.apiPost<UfaLoginReply>('/api/ufaLogin', { username: 'pre8u1001', password: stored })).body.status).toBe(true);
  });

  it('answers 401 for a bad, missing, revoked or registration-scoped member token', async () => {
    const token = await t.login('pre8');
    await t.apiPost('/api/logout', { prefix: 'pre8', token: t.enc(token) });
    for (const bad of ['f'.repeat(48), token, undefined]) {
      const a = await t.apiPost('/api/switchMain', { select_gameuser: 'pre8g1001', switch_gameuser: 'pre8u1001', token: bad });
      const b = await t.apiPost('/api/updateGamePassword', { gameuser: 'pre8g1001', password: 'NewGc123', token: bad });
      const c = await t.apiPost('/api/gclubData', { token: bad });
      for (const reply of [a, b, c]) expect(reply).toMatchObject({ status: 401, body: UNAUTHORIZED });
    }
    // A member token sent (enc) is not the plain token this call takes.
    const live = await t.login('pre8');
    expect((await updatePassword(t.enc(live), 'pre8g1001', 'NewGc123')).status).toBe(401);
  });
});

describe('game accounts of members created after the seed', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());

  it('opens provider accounts and wallets for /__sim/members and registered members', async () => {
    const created = await t.control<{ games: Array<{ game_user: string; game_password: string; service: string }> }>(
      'POST',
      '/__sim/members',
      {
        prefix: 'sm88',
      },
    );
    const gclub = created.body.games.find((g) => g.service === 'GCLUB')!;
    const login = await t.apiPost<GclubLoginReply>('/api/gclubLogin', { username: gclub.game_user, password: gclub.game_password });
    expect(login.body).toMatchObject({ status: true, result: { now_xinyong: 1520.5 } });

    const step1 = await t.apiPost<{ register_token: string }>('/api/registerStep1', {
      prefix: 'pre8',
      phone: t.enc('0861234567'),
      password: t.enc('secret12'),
    });
    const registerToken = t.enc(step1.body.register_token);
    await t.apiPost('/api/registerStep2', {
      register_token: registerToken,
      bank_code: 'KTB',
      account_number: t.enc('1112223334'),
      account_name: t.enc('ทดสอบ ระบบ'),
    });
    const done = await t.apiPost<LoginReply>('/api/registerStep3', { register_token: registerToken });
    const generated = done.body.games![0]!;
    const first = await t.apiPost<GclubLoginReply>('/api/gclubLogin', { username: generated.game_user, password: generated.game_password });
    expect(first.body).toMatchObject({ status: true, result: { now_xinyong: 0 } });
    const state = await t.control<SimProviderState>('GET', '/__sim/provider-state');
    expect(state.body.accounts.find((a) => a.gameuser === generated.game_user)).toMatchObject({ generate: true, main: true, balance: 0 });
  });
});
