import type { GetProfileReply, VerifyReply } from '@member/shared-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSim, type TestSim } from '../testing/harness';

describe('sessions: getProfile, verify, logout, rotation, revoke', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
  });

  const getProfile = (token: string, prefix = 'pre8', type = 'phone') =>
    t.apiPost<GetProfileReply>('/api/getProfile', { prefix, type, token: t.enc(token) });
  const verify = (token: string, type = 'phone') => t.apiPost<VerifyReply>('/api/verify', { token: t.enc(token), type });

  it('getProfile returns the member, loginBy and no new token when nothing rotated', async () => {
    const token = await t.login('pre8');
    const { status, body } = await getProfile(token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: true, accounts: true, loginBy: 'phone', refresh_status: false });
    expect(body.access_token).toBeUndefined();
    expect(body.member_info?.phone).toBe('0812345678');
    expect(body.games).toHaveLength(2);
  });

  it('getProfile answers 401 for an unknown token, a token of another site, or none', async () => {
    const token = await t.login('pre8');
    for (const reply of [await getProfile('f'.repeat(48)), await getProfile(token, 'os39')]) {
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ status: false, code: 401, message: 'Unauthorized' });
    }
    const none = await t.apiPost('/api/getProfile', { prefix: 'pre8', type: 'phone' });
    expect(none.status).toBe(401);
  });

  it('verify is true for a live token and false (HTTP 200) for an unknown one', async () => {
    const token = await t.login('pre8');
    expect((await verify(token)).body).toEqual({ status: true, refresh_status: false });
    expect(await verify('0'.repeat(48))).toMatchObject({ status: 200, body: { status: false } });
  });

  it('rotates on request; the old token keeps working for 30 s, then dies', async () => {
    const old = await t.login('pre8');
    const rotate = await t.control('POST', '/__sim/sessions/rotate', { prefix: 'pre8', phone: '0812345678' });
    expect(rotate.body).toMatchObject({ ok: true });

    const turned = await verify(old);
    expect(turned.body.status).toBe(true);
    expect(turned.body.refresh_status).toBe(true);
    const fresh = turned.body.access_token!;
    expect(fresh).toMatch(/^[0-9a-f]{48}$/);
    expect(fresh).not.toBe(old);

    // Another tab's request, still carrying the old token, inside the grace period: no logout, no second rotation.
    t.clock.advance(29_000);
    expect((await getProfile(old)).body).toMatchObject({ status: true, refresh_status: false });
    expect((await verify(fresh)).body).toEqual({ status: true, refresh_status: false });

    t.clock.advance(2_000);
    expect((await getProfile(old)).status).toBe(401);
    expect((await verify(old)).body.status).toBe(false);
    expect((await getProfile(fresh)).body.status).toBe(true);
  });

  it('rotates through getProfile as well, with refresh_status and the new access_token', async () => {
    const old = await t.login('pre8');
    await t.control('POST', '/__sim/sessions/rotate', { prefix: 'pre8', phone: '0812345678' });
    const { body } = await getProfile(old);
    expect(body.refresh_status).toBe(true);
    expect(body.access_token).toMatch(/^[0-9a-f]{48}$/);
    expect(body.member_info?.cid).toBeGreaterThan(0);
  });

  it('revoke kills every token of the member at once', async () => {
    const a = await t.login('pre8');
    const b = await t.login('pre8');
    const other = await t.login('pre8', '0899999999');
    const revoke = await t.control('POST', '/__sim/sessions/revoke', { prefix: 'pre8', phone: '0812345678' });
    expect(revoke.body).toMatchObject({ ok: true, revoked: 2 });
    expect((await verify(a)).body.status).toBe(false);
    expect((await getProfile(b)).status).toBe(401);
    expect((await verify(other)).body.status).toBe(true);
    expect((await t.control('POST', '/__sim/sessions/revoke', { prefix: 'pre8', phone: '0800000000' })).status).toBe(404);
  });

  it('says why a session ended without its own logout: another device, the club, or its time ran out', async () => {
    const elsewhere = await t.login('pre8');
    await t.control('POST', '/__sim/sessions/revoke', { prefix: 'pre8', phone: '0812345678', reason: 'elsewhere' });
    expect((await verify(elsewhere)).body).toEqual({ status: false, reason: 'elsewhere' });
    expect(await getProfile(elsewhere)).toMatchObject({ status: 401, body: { status: false, code: 401, reason: 'elsewhere' } });

    const revoked = await t.login('pre8');
    await t.control('POST', '/__sim/sessions/revoke', { prefix: 'pre8', phone: '0812345678' });
    expect((await verify(revoked)).body).toEqual({ status: false, reason: 'revoked' });

    const expired = await t.login('pre8');
    expect((await t.control('POST', '/__sim/sessions/expire', { prefix: 'pre8', phone: '0812345678' })).body).toMatchObject({
      ok: true,
      expired: 1,
    });
    expect((await verify(expired)).body).toEqual({ status: false, reason: 'expired' });
    // Still said after the store has dropped the dead sessions (a new login purges them).
    await t.login('pre8');
    expect((await verify(expired)).body).toEqual({ status: false, reason: 'expired' });
    expect((await verify(elsewhere)).body).toEqual({ status: false, reason: 'elsewhere' });

    // The member's own logout, or a token never issued: no reason.
    const own = await t.login('pre8');
    await t.apiPost('/api/logout', { prefix: 'pre8', token: t.enc(own) });
    expect((await verify(own)).body).toEqual({ status: false });
    expect((await verify('f'.repeat(48))).body).toEqual({ status: false });
    expect((await t.control('POST', '/__sim/sessions/revoke', { prefix: 'pre8', phone: '0812345678', reason: 'moon' })).status).toBe(400);
  });

  it('logout revokes the token (and its rotated successor) and answers status true', async () => {
    const old = await t.login('pre8');
    await t.control('POST', '/__sim/sessions/rotate', { prefix: 'pre8', phone: '0812345678' });
    const fresh = (await verify(old)).body.access_token!;
    const out = await t.apiPost('/api/logout', { prefix: 'pre8', token: t.enc(fresh) });
    expect(out).toMatchObject({ status: 200, body: { status: true } });
    expect((await verify(fresh)).body.status).toBe(false);
    expect((await verify(old)).body.status).toBe(false);
    expect((await t.apiPost('/api/logout', { prefix: 'pre8', token: t.enc(fresh) })).status).toBe(401);
  });

  it('lists live sessions without tokens', async () => {
    const token = await t.login('os39');
    const { body } = await t.control<{ sessions: Array<Record<string, unknown>> }>('GET', '/__sim/sessions');
    expect(body.sessions).toEqual([expect.objectContaining({ prefix: 'os39', scope: 'member', loginBy: 'phone', state: 'active' })]);
    expect(JSON.stringify(body)).not.toContain(token);
  });

  it('reset clears sessions', async () => {
    const token = await t.login('pre8');
    await t.control('POST', '/__sim/reset');
    expect((await verify(token)).body.status).toBe(false);
  });
});

describe('rotation every Nth call (SIM_ROTATE_EVERY)', () => {
  it('rotates on every 3rd getProfile/verify call', async () => {
    const t = await startTestSim({ rotateEvery: 3 });
    try {
      let token = await t.login('bkmc');
      const flags: boolean[] = [];
      for (let i = 0; i < 6; i++) {
        const { body } = await t.apiPost<VerifyReply>('/api/verify', { token: t.enc(token), type: 'phone' });
        expect(body.status).toBe(true);
        flags.push(body.refresh_status === true);
        if (body.access_token) token = body.access_token;
      }
      expect(flags).toEqual([false, false, true, false, false, true]);
    } finally {
      await t.close();
    }
  });
});
