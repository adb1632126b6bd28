import type { StatusReply, UfaCheckReply, UfaCreditReply, UfaLoginReply, UfaMaintainReply } from '@member/shared-core';
import type { SimProviderState } from '../control-types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROVIDER_SESSION_MS } from '../state/providers';
import { startTestSim, type TestSim } from '../testing/harness';

const UFA_USER = 'pre8u1001';
const UFA_PASSWORD = 'Uf1001pw';
const GAME_KEYS = ['lottery', 'casino', 'games', 'gamecock', 'muaystep', 'esport', 'card', 'fish', 'slot', 'itpslot'];

describe('UFA', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
  });

  const login = (username = UFA_USER, password = UFA_PASSWORD) => t.apiPost<UfaLoginReply>('/api/ufaLogin', { username, password });
  const check = (accid: string, sessions: string, username = UFA_USER) =>
    t.apiPost<UfaCheckReply>('/api/ufaCheck', { username, accid, sessions });
  const shoot = (username = UFA_USER) => t.apiPost<StatusReply>('/api/ufaShoot', { username });
  const credit = (username = UFA_USER) => t.apiPost<UfaCreditReply>('/api/ufaCredit', { username });
  const state = async (gameuser = UFA_USER) =>
    (await t.control<SimProviderState>('GET', '/__sim/provider-state')).body.accounts.find((a) => a.gameuser === gameuser)!;

  it('logs in with accid, sessions, credit and the games map of launch pages without any token', async () => {
    const { status, body } = await login();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: true,
      accid: expect.stringMatching(/^\d+$/),
      sessions: expect.stringMatching(/^[0-9a-f]{32}$/),
      credit: 8250,
    });
    expect(Object.keys(body.games!)).toEqual(GAME_KEYS);
    for (const [key, game] of Object.entries(body.games!)) {
      expect(Object.keys(game).sort()).toEqual(['h', 'title', 'url', 'w']);
      expect(game.url).toBe(`http://127.0.0.1:${t.running.ports.api}/launch/ufa/${key}?accid=${body.accid}`);
      expect(game.url).not.toContain(body.sessions);
      expect(game.w).toBeGreaterThan(0);
    }

    const page = await fetch(body.games!.casino.url.replace(/^http:\/\/[^/]+/, t.base));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Casino');
    expect(html).toContain('data-session="live"');
    expect((await fetch(`${t.base}/launch/ufa/poker?accid=1`)).status).toBe(404);
  });

  it('checks errcode 0 while the session lives, errcode 1 after expire or with values that do not match', async () => {
    const { body } = await login();
    const { accid, sessions } = body as Required<UfaLoginReply>;
    expect((await check(accid, sessions)).body).toEqual({ status: true, errcode: 0, text: 'ok' });
    expect((await check(accid, 'f'.repeat(32))).body).toEqual({ status: true, errcode: 1, text: 'logged out' });
    expect((await check('1', sessions)).body.errcode).toBe(1);
    expect((await check(accid, sessions, 'pre8u1011')).body.errcode).toBe(1);

    await t.control('POST', '/__sim/provider-sessions/expire', { gameuser: UFA_USER });
    expect((await check(accid, sessions)).body).toEqual({ status: true, errcode: 1, text: 'logged out' });
    expect((await t.apiPost('/api/ufaCheckLogged', { username: UFA_USER })).body).toEqual({ status: false });
  });

  it('expires after SIM_PROVIDER_SESSION_MS; ufaCheck and ufaCredit do not extend it', async () => {
    const { body } = await login();
    t.clock.advance(DEFAULT_PROVIDER_SESSION_MS - 1000);
    expect((await check(body.accid!, body.sessions!)).body.errcode).toBe(0);
    expect((await credit()).body).toEqual({ status: true, credit: 8250 });
    t.clock.advance(2000);
    expect((await check(body.accid!, body.sessions!)).body.errcode).toBe(1);
    expect(await credit()).toMatchObject({ status: 401, body: { status: false, code: 401, message: 'Unauthorized' } });
  });

  it('ufaShoot extends the session and is counted per user', async () => {
    const { body } = await login();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(DEFAULT_PROVIDER_SESSION_MS - 60_000);
      expect((await shoot()).body).toEqual({ status: true });
    }
    expect((await check(body.accid!, body.sessions!)).body.errcode).toBe(0);
    expect(await state()).toMatchObject({ shoots: 3, session: { alive: true } });
    expect((await state('pre8g1001')).shoots).toBe(0);

    t.clock.advance(DEFAULT_PROVIDER_SESSION_MS);
    expect((await shoot()).body).toEqual({ status: false });
    expect(await state()).toMatchObject({ shoots: 4, session: { alive: false, expiresAt: null } });
  });

  it('checkLogged returns the live session; a second login keeps the same accid and sessions', async () => {
    expect((await t.apiPost('/api/ufaCheckLogged', { username: UFA_USER })).body).toEqual({ status: false });
    const first = (await login()).body;
    const logged = await t.apiPost<UfaLoginReply>('/api/ufaCheckLogged', { username: UFA_USER });
    expect(logged.body).toEqual(first);
    const second = (await login()).body;
    expect([second.accid, second.sessions]).toEqual([first.accid, first.sessions]);

    await t.control('POST', '/__sim/provider-sessions/expire', { gameuser: UFA_USER });
    const third = (await login()).body;
    expect(third.accid).toBe(first.accid);
    expect(third.sessions).not.toBe(first.sessions);
  });

  it('refuses a wrong password with status false; maintenance flag and login refusal', async () => {
    expect((await login(UFA_USER, 'nope')).body).toMatchObject({ status: false });
    expect((await login('pre8g1001', 'Gc1001pw')).body.status).toBe(false);
    expect((await t.apiPost('/api/ufaLogin', { password: UFA_PASSWORD })).status).toBe(422);

    const maintain = () => t.apiPost<UfaMaintainReply>('/api/ufaMaintain', {});
    expect((await maintain()).body).toEqual({ status: true, maintain: false });
    await t.control('POST', '/__sim/maintenance', { provider: 'UFA', on: true });
    expect((await maintain()).body).toEqual({ status: true, maintain: true });
    expect((await t.apiPost<{ result: { frontEnd_Maintain: boolean } }>('/api/gclubMaintain', {})).body.result.frontEnd_Maintain).toBe(
      false,
    );
    expect((await login()).body).toEqual({ status: false, message: 'UFA is under maintenance' });
    expect((await t.control<SimProviderState>('GET', '/__sim/provider-state')).body.maintenance).toEqual({ GCLUB: false, UFA: true });

    await t.control('POST', '/__sim/reset');
    expect((await maintain()).body.maintain).toBe(false);
  });

  it('changes the password: wrong old refused; success ends the session and the new password logs in', async () => {
    const { body } = await login();
    const change = (password: string, oldPassword: string) =>
      t.apiPost<StatusReply>('/api/ufaChangePwd', { username: UFA_USER, password, oldPassword });

    expect((await change('NewUf123', 'wrong')).body).toEqual({
      status: false,
      code: 'wrong_old_password',
      message: 'The current password is incorrect',
    });
    expect((await change('short', UFA_PASSWORD)).body.status).toBe(false);
    expect((await check(body.accid!, body.sessions!)).body.errcode).toBe(0);

    expect((await change('NewUf123', UFA_PASSWORD)).body).toEqual({ status: true });
    expect((await check(body.accid!, body.sessions!)).body.errcode).toBe(1);
    expect((await change('Again1234', 'NewUf123')).status).toBe(401);
    expect((await login(UFA_USER, UFA_PASSWORD)).body.status).toBe(false);
    expect((await login(UFA_USER, 'NewUf123')).body.status).toBe(true);

    await t.control('POST', '/__sim/reset');
    expect((await login(UFA_USER, UFA_PASSWORD)).body.status).toBe(true);
  });
});
