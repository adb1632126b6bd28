import type { GetProfileReply, LineConnectReply, LineLoginReply, LoginReply, StatusReply } from '@member/shared-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stateFor, startTestSim, type TestSim } from '../testing/harness';

const CALLBACK = 'http://localhost:3000/check/line';

describe('LINE login and connect', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
  });

  /** Submits the consent form as the browser would; returns the redirect target. */
  async function decide(fields: { state: string; redirect_uri?: string; user?: string; decision: 'allow' | 'cancel' }): Promise<URL> {
    const res = await fetch(`${t.base}/line/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ redirect_uri: CALLBACK, ...fields }).toString(),
    });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  }

  async function codeFor(prefix: string, user: string): Promise<string> {
    const back = await decide({ state: stateFor(prefix), user, decision: 'allow' });
    return back.searchParams.get('code')!;
  }

  it('lineLogin hands out the authorize link back to {origin}/check/line', async () => {
    const state = stateFor('pre8');
    const { body } = await t.apiGet<LineLoginReply>(`/api/lineLogin?state=${state}&dot=1`, { Origin: 'http://127.0.0.1:3000' });
    expect(body.status).toBe(true);
    const link = new URL(body.data!);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.running.publicBase}/line/authorize`);
    expect(link.searchParams.get('state')).toBe(state);
    expect(link.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:3000/check/line');

    const noOrigin = await fetch(`${t.base}/api/lineLogin?state=${state}`);
    const fallback = t.cipher.decrypt(((await noOrigin.json()) as { data: string }).data)!;
    expect(new URL((JSON.parse(fallback) as LineLoginReply).data!).searchParams.get('redirect_uri')).toBe(CALLBACK);

    const byDot = await fetch(`${t.base}/api/lineLogin?state=${state}&dot=${encodeURIComponent('http://127.0.0.1:3000')}`);
    const viaDot = JSON.parse(t.cipher.decrypt(((await byDot.json()) as { data: string }).data)!) as LineLoginReply;
    expect(new URL(viaDot.data!).searchParams.get('redirect_uri')).toBe('http://127.0.0.1:3000/check/line');

    expect((await t.apiGet('/api/lineLogin?state=nope')).status).toBe(422);
  });

  it('serves a consent page with Allow and Cancel and the LINE users to choose from', async () => {
    const { body } = await t.apiGet<LineLoginReply>(`/api/lineLogin?state=${stateFor('os39')}&dot=1`);
    const res = await fetch(body.data!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self' http://localhost:3000");
    const html = await res.text();
    expect(html).toContain('name="viewport"');
    expect(html).toMatch(/<button[^>]*id="allow"[^>]*aria-label="Allow"/);
    expect(html).toMatch(/<button[^>]*id="cancel"[^>]*aria-label="Cancel"/);
    expect(html).toContain('value="U-demo-os39"');
    expect(html).toContain('value="new"');
    expect(html).toContain('<legend>');
    expect(html).not.toContain('<script');
  });

  it('refuses a redirect_uri that is not a callback of an allowed origin', async () => {
    for (const uri of ['http://evil.invalid/check/line', 'http://localhost:3000/elsewhere', 'http://localhost:3000/check/line?x=1']) {
      const res = await fetch(`${t.base}/line/authorize?${new URLSearchParams({ state: stateFor('pre8'), redirect_uri: uri })}`);
      expect(res.status).toBe(400);
    }
    const connectCallback = await fetch(
      `${t.base}/line/authorize?${new URLSearchParams({ state: stateFor('pre8'), redirect_uri: 'http://localhost:3000/info/lineAuthInfo' })}`,
    );
    expect(connectCallback.status).toBe(200);
  });

  it('Allow returns a single-use code that logs the bound member in', async () => {
    const state = stateFor('pre8');
    const back = await decide({ state, user: 'U-demo-pre8', decision: 'allow' });
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe(state);
    const code = back.searchParams.get('code')!;

    const first = await t.apiGet<LoginReply>(`/api/lineProfile?prefix=pre8&code=${code}&dot=1`);
    expect(first.body).toMatchObject({ status: true, accounts: true, profile: { lineConnect: true } });
    expect(first.body.member_info?.phone).toBe('0812345678');
    const profile = await t.apiPost<GetProfileReply>('/api/getProfile', {
      prefix: 'pre8',
      type: 'line',
      token: t.enc(first.body.access_token!),
    });
    expect(profile.body.loginBy).toBe('line');

    const again = await t.apiGet<LoginReply>(`/api/lineProfile?prefix=pre8&code=${code}&dot=1`);
    expect(again.body.status).toBe(false);
  });

  it('codes expire after 5 minutes and do not cross sites', async () => {
    const late = await codeFor('pre8', 'U-demo-pre8');
    t.clock.advance(5 * 60 * 1000 + 1);
    expect((await t.apiGet<LoginReply>(`/api/lineProfile?prefix=pre8&code=${late}`)).body.status).toBe(false);
    const elsewhere = await codeFor('pre8', 'U-demo-pre8');
    expect((await t.apiGet<LoginReply>(`/api/lineProfile?prefix=os39&code=${elsewhere}`)).body.status).toBe(false);
    expect((await t.apiGet<LoginReply>('/api/lineProfile?prefix=pre8&code=nope')).body.status).toBe(false);
  });

  it('Cancel returns error=access_denied with the state', async () => {
    const state = stateFor('sm88');
    const back = await decide({ state, decision: 'cancel' });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('a LINE user without a member gets accounts false and a registration-scoped token', async () => {
    const code = await codeFor('bkmc', 'new');
    const { body } = await t.apiGet<LoginReply>(`/api/lineProfile?prefix=bkmc&code=${code}&dot=1`);
    expect(body).toMatchObject({ status: true, accounts: false, profile: { lineConnect: true, phoneConnect: false } });
    expect(body.member_info).toBeUndefined();
    const token = body.access_token!;
    const profile = await t.apiPost<GetProfileReply>('/api/getProfile', { prefix: 'bkmc', type: 'line', token: t.enc(token) });
    expect(profile.body).toMatchObject({ status: true, accounts: false, loginBy: 'line' });
    // Not a member: member calls refuse it.
    const connect = await t.apiPost('/api/changePassword', { token: t.enc(token), password: t.enc('newpass1'), oldpassword: t.enc('x') });
    expect(connect.status).toBe(401);
  });

  it('refuses a choice the page did not offer', async () => {
    const res = await fetch(`${t.base}/line/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state: stateFor('pre8'), redirect_uri: CALLBACK, user: 'U-demo-os39', decision: 'allow' }).toString(),
    });
    expect(res.status).toBe(400);
  });

  it('lineConnect + checkLineConnect bind a new LINE user to a phone member', async () => {
    const token = await t.login('pre8', '0899999999');
    const state = stateFor('pre8');
    const connect = await t.apiPost<LineConnectReply>('/api/lineConnect', { state, token: t.enc(token), dot: '1' });
    expect(connect.body.status).toBe(true);
    const link = new URL(connect.body.link!);
    expect(link.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(link.searchParams.get('state')).toBe(state);

    const code = await codeFor('pre8', 'new');
    const bound = await t.apiPost<StatusReply>('/api/checkLineConnect', { token: t.enc(token), code });
    expect(bound.body.status).toBe(true);
    expect((await t.apiPost<StatusReply>('/api/checkLineConnect', { token: t.enc(token), code })).body.status).toBe(false);

    const profile = await t.apiPost<GetProfileReply>('/api/getProfile', { prefix: 'pre8', type: 'phone', token: t.enc(token) });
    expect(profile.body.profile?.lineConnect).toBe(true);

    // The page now offers that LINE user, and LINE login finds the member.
    const page = await (await fetch(connect.body.link!)).text();
    const offered = [...page.matchAll(/value="(U-new-[0-9a-f]+)"/g)].map((m) => m[1]!);
    expect(offered).toHaveLength(1);
    const login = await t.apiGet<LoginReply>(`/api/lineProfile?prefix=pre8&code=${await codeFor('pre8', offered[0]!)}`);
    expect(login.body.member_info?.phone).toBe('0899999999');
  });

  it('checkLineConnect refuses a LINE user bound to another member, and a bad code', async () => {
    const token = await t.login('pre8', '0899999999');
    const taken = await codeFor('pre8', 'U-demo-pre8');
    expect((await t.apiPost<StatusReply>('/api/checkLineConnect', { token: t.enc(token), code: taken })).body.status).toBe(false);
    expect((await t.apiPost<StatusReply>('/api/checkLineConnect', { token: t.enc(token), code: 'nope' })).body.status).toBe(false);
    expect((await t.apiPost('/api/checkLineConnect', { token: t.enc('f'.repeat(48)), code: 'nope' })).status).toBe(401);
  });
});
