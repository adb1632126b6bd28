import type {
  GclubCheckLoggedReply,
  GclubCreditReply,
  GclubDataReply,
  GclubLoginReply,
  GclubMaintainReply,
  StatusReply,
} from '@member/shared-core';
import type { SimProviderState } from '../control-types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROVIDER_SESSION_MS } from '../state/providers';
import { startTestSim, type TestSim } from '../testing/harness';

const UNAUTHORIZED = { status: false, code: 401, message: 'Unauthorized' };
const GCLUB_USER = 'pre8g1001';
const GCLUB_PASSWORD = 'Gc1001pw';

describe('GCLUB', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
  });

  const login = (username = GCLUB_USER, password = GCLUB_PASSWORD) => t.apiPost<GclubLoginReply>('/api/gclubLogin', { username, password });
  const credit = (token: string) => t.apiPost<GclubCreditReply>('/api/gclubCredit', { token });
  const checkLogged = (token: string) => t.apiPost<GclubCheckLoggedReply>('/api/gclubCheckLogged', { token });
  const gclubToken = async (username = GCLUB_USER, password = GCLUB_PASSWORD) => {
    const { body } = await login(username, password);
    if (!body.result) throw new Error(`gclubLogin of ${username} failed`);
    return body.result.token;
  };

  it('logs in, reads the credit, and answers 401 once the session has expired', async () => {
    const { status, body } = await login();
    expect(status).toBe(200);
    expect(body).toEqual({ status: true, result: { token: expect.stringMatching(/^[0-9a-f]{48}$/), now_xinyong: 1520.5 } });
    const token = body.result!.token;

    expect((await credit(token)).body).toEqual({ status: true, result: { totalMoney: 1520.5 } });
    expect((await checkLogged(token)).body).toEqual({ status: true, result: { now_xinyong: 1520.5 } });

    t.clock.advance(DEFAULT_PROVIDER_SESSION_MS + 1);
    const late = await credit(token);
    expect(late.status).toBe(401);
    expect(late.body).toEqual(UNAUTHORIZED);
    expect((await checkLogged(token)).body).toEqual({ status: false });
  });

  it('keeps a session alive while it is used (GCLUB has no keep-alive call)', async () => {
    const token = await gclubToken();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(DEFAULT_PROVIDER_SESSION_MS - 60_000);
      expect((await credit(token)).status).toBe(200);
    }
    t.clock.advance(DEFAULT_PROVIDER_SESSION_MS);
    expect((await credit(token)).status).toBe(401);
  });

  it('ends the session with /__sim/provider-sessions/expire', async () => {
    const token = await gclubToken();
    const expire = await t.control('POST', '/__sim/provider-sessions/expire', { gameuser: GCLUB_USER });
    expect(expire.body).toEqual({ ok: true, gameuser: GCLUB_USER, ended: 1 });
    expect((await credit(token)).status).toBe(401);
    expect((await t.control('POST', '/__sim/provider-sessions/expire', { gameuser: 'nobody' })).status).toBe(404);
  });

  it('answers now_xinyong 0 for an empty account, and the credit call that follows reads the current balance', async () => {
    const { body } = await login('pre8g1002', 'Gc1002pw');
    expect(body.result?.now_xinyong).toBe(0);
    expect((await credit(body.result!.token)).body.result).toEqual({ totalMoney: 0 });

    await t.control('POST', '/__sim/balance', { gameuser: 'pre8g1002', balance: 42.75 });
    expect((await credit(body.result!.token)).body.result).toEqual({ totalMoney: 42.75 });
    await t.control('POST', '/__sim/balance', { gameuser: GCLUB_USER, balance: 0 });
    expect((await login()).body.result?.now_xinyong).toBe(0);
  });

  it('refuses a wrong password or an unknown or UFA user with status false and a message', async () => {
    for (const [username, password] of [
      [GCLUB_USER, 'wrong-pw'],
      ['pre8g9999', GCLUB_PASSWORD],
      ['pre8u1001', 'Uf1001pw'],
    ] as const) {
      const { status, body } = await login(username, password);
      expect(status).toBe(200);
      expect(body.status).toBe(false);
      expect(body.message).toBeTruthy();
      expect(body.result).toBeUndefined();
    }
    expect((await t.apiPost('/api/gclubLogin', { username: GCLUB_USER })).status).toBe(422);
  });

  it('answers 401 for credit and status false for check-logged with an unknown or missing token', async () => {
    expect(await credit('0'.repeat(48))).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect((await t.apiPost('/api/gclubCredit', {})).status).toBe(401);
    expect((await checkLogged('0'.repeat(48))).body).toEqual({ status: false });
  });

  it('reports maintenance, refuses logins during it, and keeps the flag per provider', async () => {
    const maintain = () => t.apiPost<GclubMaintainReply>('/api/gclubMaintain', {});
    expect((await maintain()).body).toEqual({ status: true, result: { frontEnd_Maintain: false } });

    const on = await t.control('POST', '/__sim/maintenance', { provider: 'GCLUB', on: true });
    expect(on.body).toEqual({ ok: true, maintenance: { GCLUB: true, UFA: false } });
    expect((await maintain()).body.result.frontEnd_Maintain).toBe(true);
    expect((await t.apiPost<{ maintain: boolean }>('/api/ufaMaintain', {})).body.maintain).toBe(false);
    expect((await login()).body).toEqual({ status: false, message: 'GCLUB is under maintenance' });

    await t.control('POST', '/__sim/maintenance', { provider: 'GCLUB', on: false });
    expect((await maintain()).body.result.frontEnd_Maintain).toBe(false);
    expect((await login()).body.status).toBe(true);
    expect((await t.control('POST', '/__sim/maintenance', { provider: 'SBO', on: true })).status).toBe(400);
  });

  it('says when a maintenance is planned to end, where the control gave it, and forgets it when the maintenance ends', async () => {
    const until = '2026-11-22T07:30:00.000Z';
    await t.control('POST', '/__sim/maintenance', { provider: 'GCLUB', on: true, until });
    expect((await t.apiPost<GclubMaintainReply>('/api/gclubMaintain', {})).body).toEqual({
      status: true,
      result: { frontEnd_Maintain: true, until },
    });
    await t.control('POST', '/__sim/maintenance', { provider: 'UFA', on: true, until });
    expect((await t.apiPost('/api/ufaMaintain', {})).body).toEqual({ status: true, maintain: true, until });
    await t.control('POST', '/__sim/maintenance', { provider: 'GCLUB', on: false });
    expect((await t.apiPost<GclubMaintainReply>('/api/gclubMaintain', {})).body).toEqual({
      status: true,
      result: { frontEnd_Maintain: false },
    });
    expect((await t.control('POST', '/__sim/maintenance', { provider: 'UFA', on: true, until: 'later' })).status).toBe(400);
  });

  it('changes the password: wrong old password refused; success ends the session and only the new password logs in', async () => {
    const token = await gclubToken();
    const { body: data } = await t.apiPost<GclubDataReply>('/api/gclubData', { token: await t.login('pre8') });
    const change = (fields: Record<string, string>) =>
      t.apiPost<StatusReply>('/api/gclubChangePwd', { token, accInfo: data.accountInfo, ...fields });

    const wrong = await change({ password: 'NewGc123', oldPassword: 'not-it' });
    expect(wrong.body).toEqual({ status: false, code: 'wrong_old_password', message: 'The current password is incorrect' });
    expect((await change({ password: 'abc', oldPassword: GCLUB_PASSWORD })).body.status).toBe(false);
    const foreign = await t.apiPost<StatusReply>('/api/gclubChangePwd', {
      token,
      accInfo: t.enc(JSON.stringify({ gameuser: 'pre8g1002', service: 'GCLUB' })),
      password: 'NewGc123',
      oldPassword: GCLUB_PASSWORD,
    });
    expect(foreign.body.status).toBe(false);
    expect((await credit(token)).status).toBe(200);

    expect((await change({ password: 'NewGc123', oldPassword: GCLUB_PASSWORD })).body).toEqual({ status: true });
    expect((await credit(token)).status).toBe(401);
    expect((await login(GCLUB_USER, GCLUB_PASSWORD)).body.status).toBe(false);
    expect((await login(GCLUB_USER, 'NewGc123')).body.status).toBe(true);
    expect((await change({ password: 'Other123', oldPassword: 'NewGc123' })).status).toBe(401);
  });

  describe('gclubData', () => {
    it('hands out session values for the member by Authorization header (GET) or body token (POST)', async () => {
      const member = await t.login('pre8');
      const byHeader = await t.apiGet<GclubDataReply>('/api/gclubData', { Authorization: `Bearer ${member}` });
      const byBody = await t.apiPost<GclubDataReply>('/api/gclubData', { token: member });
      for (const { status, body } of [byHeader, byBody]) {
        expect(status).toBe(200);
        expect(body).toEqual({
          status: true,
          gclubToken: expect.stringMatching(/^[0-9a-f]{48}$/),
          accountInfo: expect.any(String),
          gameuser: GCLUB_USER,
          expires_in: 604800,
        });
        expect(body.accountInfo).not.toContain(GCLUB_USER);
        expect((await credit(body.gclubToken!)).body.result).toEqual({ totalMoney: 1520.5 });
      }
      const records = await t.control<{ requests: Array<{ queryFields: string[]; hasAuthorization: boolean }> }>(
        'GET',
        '/__sim/requests?route=gclubData',
      );
      expect(records.body.requests.map((r) => [r.queryFields, r.hasAuthorization])).toEqual([
        [[], true],
        [[], false],
      ]);
    });

    it('answers 401 without a valid member token and status false for a member without GCLUB or during maintenance', async () => {
      expect(await t.apiGet('/api/gclubData')).toMatchObject({ status: 401, body: UNAUTHORIZED });
      expect(await t.apiGet('/api/gclubData', { Authorization: `Bearer ${'f'.repeat(48)}` })).toMatchObject({ status: 401 });
      expect(await t.apiPost('/api/gclubData', { token: 'f'.repeat(48) })).toMatchObject({ status: 401, body: UNAUTHORIZED });

      const member = await t.login('pre8');
      await t.control('POST', '/__sim/maintenance', { provider: 'GCLUB', on: true });
      expect((await t.apiPost<GclubDataReply>('/api/gclubData', { token: member })).body).toEqual({
        status: false,
        message: 'GCLUB is under maintenance',
      });
    });
  });

  it('counts calls per game user in /__sim/provider-state, never showing tokens', async () => {
    const token = await gclubToken();
    await credit(token);
    await credit(token);
    await checkLogged(token);
    const { body } = await t.control<SimProviderState>('GET', '/__sim/provider-state');
    const account = body.accounts.find((a) => a.gameuser === GCLUB_USER)!;
    expect(account).toMatchObject({
      service: 'GCLUB',
      prefix: 'pre8',
      cid: 1001,
      main: false,
      balance: 1520.5,
      session: { alive: true, expiresAt: expect.any(String) },
      shoots: 0,
      calls: { gclubLogin: 1, gclubCredit: 2, gclubCheckLogged: 1 },
    });
    expect(JSON.stringify(body)).not.toContain(token);
    expect(JSON.stringify(body)).not.toContain(GCLUB_PASSWORD);
  });
});
