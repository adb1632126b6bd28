import type { SimAuthRequests } from '../control-types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOST_ORIGIN, startTestSim, type TestSim } from '../testing/harness';
import { openSocket } from '../testing/pusher';
import { channelAuth } from './signatures';

const CREDENTIALS = { appId: 'member-demo', key: 'member-demo-key', secret: 'member-demo-secret' };
const PATH = '/api/member/broadcasting/auth';

describe('broadcasting auth (auth port)', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
  });

  /** As pusher-js posts it: a form, with the bearer token and Accept: application/json. */
  const authForm = (token: string | null, socketId: string, channel: string) =>
    fetch(`${t.running.authBaseUrl}${PATH}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        Origin: HOST_ORIGIN,
        ...(token !== null ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
    });
  const counts = async () => (await t.control<SimAuthRequests>('GET', '/__sim/auth-requests')).body;

  it("signs the member's own channel; the signature subscribes on the socket", async () => {
    const token = await t.login('pre8');
    const socket = await openSocket(t.base);
    try {
      const socketId = await socket.socketId();
      const res = await authForm(token, socketId, 'private-member.1001');
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(HOST_ORIGIN);
      const body = (await res.json()) as { auth: string };
      expect(body).toEqual({ auth: channelAuth(CREDENTIALS, socketId, 'private-member.1001') });
      expect(body.auth).toMatch(/^member-demo-key:[0-9a-f]{64}$/);

      socket.send({ event: 'pusher:subscribe', data: { channel: 'private-member.1001', auth: body.auth } });
      expect((await socket.next((f) => f.channel === 'private-member.1001')).event).toBe('pusher_internal:subscription_succeeded');
    } finally {
      socket.close();
    }
  });

  it('takes a JSON body too', async () => {
    const res = await fetch(`${t.running.authBaseUrl}${PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await t.login('os39', '0899999999')}` },
      body: JSON.stringify({ socket_id: '12.34', channel_name: 'private-member.1012' }),
    });
    expect([res.status, await res.json()]).toEqual([200, { auth: channelAuth(CREDENTIALS, '12.34', 'private-member.1012') }]);
  });

  it("answers 403 for another member's channel or another channel, 401 for a bad or missing token, 422 for a bad socket_id", async () => {
    const token = await t.login('pre8');
    for (const channel of ['private-member.1002', 'private-member.1011', 'presence-member.1001', 'private-member.10010']) {
      const res = await authForm(token, '1.2', channel);
      expect([res.status, await res.json()]).toEqual([403, { message: 'Forbidden' }]);
    }
    for (const bad of [null, 'not-a-token']) {
      const res = await authForm(bad, '1.2', 'private-member.1001');
      expect([res.status, await res.json()]).toEqual([401, { message: 'Unauthenticated.' }]);
    }
    expect((await authForm(token, 'abc', 'private-member.1001')).status).toBe(422);

    await t.apiPost('/api/logout', { prefix: 'pre8', token: t.enc(token) });
    expect((await authForm(token, '1.2', 'private-member.1001')).status).toBe(401);
  });

  it('counts requests per member, so a reconnect loop would show', async () => {
    const token = await t.login('pre8');
    for (let i = 0; i < 3; i++) await authForm(token, `${i}.1`, 'private-member.1001');
    await authForm(token, '1.1', 'private-member.1002');
    await authForm('bad', '1.1', 'private-member.1001');
    expect(await counts()).toEqual({
      total: 5,
      unauthorized: 1,
      members: [{ prefix: 'pre8', cid: 1001, granted: 3, forbidden: 1, channels: ['private-member.1001', 'private-member.1002'] }],
    });
    const recorded = await t.control<{ requests: Array<{ hasAuthorization: boolean; bodyFields: string[] }> }>(
      'GET',
      `/__sim/requests?route=${PATH}`,
    );
    expect(recorded.body.requests[0]).toMatchObject({ hasAuthorization: true, bodyFields: ['socket_id', 'channel_name'] });
    await t.control('POST', '/__sim/reset');
    expect(await counts()).toEqual({ total: 0, unauthorized: 0, members: [] });
  });
});
