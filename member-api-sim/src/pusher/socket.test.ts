import type { SimSocketsReply } from '../control-types';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startTestSim, type TestSim } from '../testing/harness';
import { openSocket, restTrigger, type TestSocket } from '../testing/pusher';
import { channelAuth } from './signatures';

const CREDENTIALS = { appId: 'member-demo', key: 'member-demo-key', secret: 'member-demo-secret' };
const dataOf = (frame: { data?: unknown }) => JSON.parse(String(frame.data)) as Record<string, unknown>;

describe('Pusher-protocol socket', () => {
  let t: TestSim;
  const open: TestSocket[] = [];
  const connect = async (key?: string, query?: string) => {
    const socket = await openSocket(t.base, key, query);
    open.push(socket);
    return socket;
  };
  const subscribe = async (socket: TestSocket, channel: string, auth?: string) => {
    socket.send({ event: 'pusher:subscribe', data: { channel, ...(auth !== undefined ? { auth } : {}) } });
    return socket.next(
      (f) => f.channel === channel && (f.event === 'pusher_internal:subscription_succeeded' || f.event === 'pusher:subscription_error'),
    );
  };
  const sockets = async () => (await t.control<SimSocketsReply>('GET', '/__sim/sockets')).body.sockets;
  const joined = async (socket: TestSocket, channel: string) => {
    await subscribe(socket, channel, channelAuth(CREDENTIALS, await socket.socketId(), channel));
    return socket;
  };

  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });

  it('greets with connection_established: a JSON string with socket_id N.N and activity_timeout 120', async () => {
    const socket = await connect();
    const frame = await socket.next('pusher:connection_established');
    expect(typeof frame.data).toBe('string');
    expect(dataOf(frame)).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 120 });
    const id = await socket.socketId();
    expect((await sockets()).map((s) => s.socket_id)).toContain(id);
  });

  it('refuses an unknown app key with pusher:error 4001, then closes with 4001', async () => {
    const socket = await connect('another-key');
    const error = await socket.next('pusher:error');
    expect(error.data).toMatchObject({ code: 4001 });
    expect((await socket.closed).code).toBe(4001);
  });

  it('refuses a missing or unsupported protocol with 4007', async () => {
    for (const query of ['client=js', 'protocol=2&client=js']) {
      const socket = await connect(undefined, query);
      expect((await socket.next('pusher:error')).data).toMatchObject({ code: 4007 });
      expect((await socket.closed).code).toBe(4007);
    }
  });

  it('refuses a WebSocket upgrade on any other path', async () => {
    const ws = new WebSocket(`${t.base.replace(/^http/, 'ws')}/socket`);
    const outcome = await new Promise<string>((done) => {
      ws.once('unexpected-response', (_req, res) => done(`HTTP ${res.statusCode}`));
      ws.once('error', (error) => done(error.message));
      ws.once('open', () => done('open'));
    });
    expect(outcome).toMatch(/404/);
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const socket = await connect();
    socket.send({ event: 'pusher:ping', data: {} });
    expect(await socket.next('pusher:pong')).toEqual({ event: 'pusher:pong', data: {} });
  });

  it('subscribes to a public channel and delivers REST-triggered events there as {event, channel, data: JSON string}', async () => {
    const socket = await connect();
    expect((await subscribe(socket, 'news')).event).toBe('pusher_internal:subscription_succeeded');
    const res = await restTrigger(t.base, { name: 'Hello', channel: 'news', data: JSON.stringify({ a: 1 }) });
    expect([res.status, await res.json()]).toEqual([200, {}]);
    expect(await socket.next('Hello')).toEqual({ event: 'Hello', channel: 'news', data: '{"a":1}' });
  });

  it('refuses a private channel with a wrong or missing auth (subscription_error AuthError 401), accepts a good one', async () => {
    const socket = await connect();
    const id = await socket.socketId();
    const channel = 'private-member.1001';
    for (const auth of [
      undefined,
      `${CREDENTIALS.key}:${'0'.repeat(64)}`,
      channelAuth(CREDENTIALS, '1.2', channel),
      channelAuth({ ...CREDENTIALS, secret: 'x' }, id, channel),
    ]) {
      const refused = await subscribe(socket, channel, auth);
      expect(refused.event).toBe('pusher:subscription_error');
      expect(dataOf(refused)).toEqual({ type: 'AuthError', error: expect.any(String), status: 401 });
    }
    expect((await sockets())[0]?.channels).toEqual([]);
    const accepted = await subscribe(socket, channel, channelAuth(CREDENTIALS, id, channel));
    expect(accepted).toEqual({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
    expect((await sockets())[0]?.channels).toEqual([channel]);

    socket.send({ event: 'pusher:unsubscribe', data: { channel } });
    socket.send({ event: 'pusher:ping', data: {} });
    await socket.next('pusher:pong');
    expect((await sockets())[0]?.channels).toEqual([]);
  });

  it('pushes /__sim/events to the member channel only', async () => {
    const mine = await connect();
    const other = await connect();
    await subscribe(mine, 'private-member.1001', channelAuth(CREDENTIALS, await mine.socketId(), 'private-member.1001'));
    await subscribe(other, 'private-member.1002', channelAuth(CREDENTIALS, await other.socketId(), 'private-member.1002'));
    const sent = await t.control('POST', '/__sim/events', { memberId: 1001, event: 'MemberGameStatus', data: { game: 'RSG', open: true } });
    expect(sent.body).toEqual({ ok: true, channel: 'private-member.1001', delivered: 1 });
    expect(await mine.next('MemberGameStatus')).toEqual({
      event: 'MemberGameStatus',
      channel: 'private-member.1001',
      data: '{"game":"RSG","open":true}',
    });
    expect(await other.nothing('MemberGameStatus')).toBe(true);
    expect((await t.control('POST', '/__sim/events', { memberId: 'x', event: 'E' })).status).toBe(400);
  });

  it('checks the REST signature: bad secret, tampered body_md5, old timestamp, wrong key → 401; other app → 404', async () => {
    const socket = await connect();
    await subscribe(socket, 'news');
    const body = { name: 'Hello', channels: ['news'], data: '{}' };
    const statusOf = async (res: Response) => [res.status, ((await res.json()) as { error?: string }).error !== undefined];
    expect(await statusOf(await restTrigger(t.base, body, { secret: 'wrong' }))).toEqual([401, true]);
    expect(await statusOf(await restTrigger(t.base, body, { tamper: (q) => q.set('body_md5', '0'.repeat(32)) }))).toEqual([401, true]);
    expect(await statusOf(await restTrigger(t.base, body, { timestampS: Math.floor(Date.now() / 1000) - 3600 }))).toEqual([401, true]);
    expect(await statusOf(await restTrigger(t.base, body, { tamper: (q) => q.set('auth_key', 'other') }))).toEqual([401, true]);
    expect(await statusOf(await restTrigger(t.base, body, { tamper: (q) => q.delete('auth_signature') }))).toEqual([401, true]);
    expect((await restTrigger(t.base, body, { appId: 'other-app' })).status).toBe(404);
    expect(await socket.nothing('Hello')).toBe(true);

    expect((await restTrigger(t.base, { name: 'Hello', channel: 'news', data: { not: 'a string' } })).status).toBe(400);
    const excluded = await restTrigger(t.base, { ...body, socket_id: await socket.socketId() });
    expect(excluded.status).toBe(200);
    expect(await socket.nothing('Hello')).toBe(true);
    expect((await restTrigger(t.base, body)).status).toBe(200);
    expect((await socket.next('Hello')).channel).toBe('news');
  });

  it('drops sockets: 1006 cuts without a close frame, 4200 sends a close frame; only the matching member', async () => {
    const a = await connect();
    const b = await connect();
    await subscribe(a, 'private-member.1001', channelAuth(CREDENTIALS, await a.socketId(), 'private-member.1001'));
    await subscribe(b, 'private-member.1002', channelAuth(CREDENTIALS, await b.socketId(), 'private-member.1002'));

    expect((await t.control('POST', '/__sim/socket/drop', { memberId: 1001, code: 1006 })).body).toEqual({ ok: true, dropped: 1 });
    expect((await a.closed).code).toBe(1006);
    expect((await sockets()).map((s) => s.channels)).toEqual([['private-member.1002']]);

    expect((await t.control('POST', '/__sim/socket/drop', { code: 4200 })).body).toEqual({ ok: true, dropped: 1 });
    expect(await b.closed).toEqual({ code: 4200, reason: 'Please reconnect' });
    expect(await sockets()).toEqual([]);
  });

  it('closes sockets with any code a close frame may carry, with the given reason or one by the protocol ranges', async () => {
    const refused = await joined(await connect(), 'private-member.1001');
    const backOff = await joined(await connect(), 'private-member.1002');
    const custom = await joined(await connect(), 'private-member.1003');
    const untouched = await joined(await connect(), 'private-member.1004');
    expect((await t.control('POST', '/__sim/socket/drop', { memberId: 1001, code: 4001 })).body).toEqual({ ok: true, dropped: 1 });
    expect(await refused.closed).toEqual({ code: 4001, reason: 'Connection refused' });
    expect((await t.control('POST', '/__sim/socket/drop', { memberId: '1002', code: 4100 })).body).toEqual({ ok: true, dropped: 1 });
    expect(await backOff.closed).toEqual({ code: 4100, reason: 'Over capacity, back off' });
    await t.control('POST', '/__sim/socket/drop', { memberId: 1003, code: 4004, reason: 'Over connection quota' });
    expect(await custom.closed).toEqual({ code: 4004, reason: 'Over connection quota' });
    expect((await sockets()).map((s) => s.channels)).toEqual([['private-member.1004']]);
    expect(untouched.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('answers 400 to a close code no frame may carry, a bad member id or a reason too long, and closes nothing', async () => {
    await joined(await connect(), 'private-member.1001');
    for (const body of [
      { code: 1005 },
      { code: 999 },
      { code: 5000 },
      { code: 4001.5 },
      { code: '4001' },
      { memberId: 'me' },
      { memberId: 1001, code: 4001, reason: 'x'.repeat(124) },
      { reason: 42 },
    ]) {
      const answer = await t.control('POST', '/__sim/socket/drop', body);
      expect([answer.status, answer.body.ok], JSON.stringify(body)).toEqual([400, false]);
    }
    expect(await sockets()).toHaveLength(1);
  });

  it('refuses new sockets with pusher:error and the close code until cleared; sockets already open stay', async () => {
    const before = await joined(await connect(), 'private-member.1001');
    const armed = await t.control<{ ok: boolean; refusal: unknown }>('POST', '/__sim/socket/refuse', {
      code: 4001,
      reason: 'Application disabled',
    });
    expect(armed.body).toEqual({ ok: true, refusal: { code: 4001, reason: 'Application disabled', until: null } });
    expect((await t.control<SimSocketsReply>('GET', '/__sim/sockets')).body.refusal).toEqual({
      code: 4001,
      reason: 'Application disabled',
      until: null,
    });

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const socket = await connect();
      expect(await socket.next('pusher:error')).toEqual({ event: 'pusher:error', data: { code: 4001, message: 'Application disabled' } });
      expect(await socket.closed).toEqual({ code: 4001, reason: 'Application disabled' });
      expect(socket.frames.map((f) => f.event)).toEqual(['pusher:error']);
    }
    expect((await sockets()).map((s) => s.channels)).toEqual([['private-member.1001']]);
    expect(before.ws.readyState).toBe(WebSocket.OPEN);

    expect((await t.control('POST', '/__sim/socket/refuse', { code: null })).body).toEqual({ ok: true, refusal: null });
    expect((await (await connect()).next('pusher:connection_established')).event).toBe('pusher:connection_established');
    expect((await t.control<SimSocketsReply>('GET', '/__sim/sockets')).body.refusal).toBeNull();
  });

  it('a refusal with forMs ends by itself; one without a reason says so by its range; the reset ends any', async () => {
    await t.control('POST', '/__sim/socket/refuse', { code: 4100, forMs: 60_000 });
    const during = await connect();
    expect(await during.closed).toEqual({ code: 4100, reason: 'Over capacity, back off' });
    t.clock.advance(60_000);
    expect((await (await connect()).next('pusher:connection_established')).event).toBe('pusher:connection_established');

    await t.control('POST', '/__sim/socket/refuse', { code: 4001 });
    await t.control('POST', '/__sim/reset');
    expect((await (await connect()).next('pusher:connection_established')).event).toBe('pusher:connection_established');
  });

  it('answers 400 to a refusal that is not a Pusher error code or lasts too long', async () => {
    for (const body of [
      {},
      { code: 1006 },
      { code: 3999 },
      { code: 5000 },
      { code: 4001, forMs: 0 },
      { code: 4001, forMs: 3_600_001 },
      { code: 4001, forMs: 'soon' },
      { code: 4001, reason: 7 },
    ]) {
      const answer = await t.control('POST', '/__sim/socket/refuse', body);
      expect([answer.status, answer.body.ok], JSON.stringify(body)).toEqual([400, false]);
    }
    expect((await (await connect()).next('pusher:connection_established')).event).toBe('pusher:connection_established');
  });

  it('reset keeps the sockets connected but clears their subscriptions', async () => {
    const socket = await connect();
    await subscribe(socket, 'private-member.1001', channelAuth(CREDENTIALS, await socket.socketId(), 'private-member.1001'));
    await t.control('POST', '/__sim/reset');
    expect((await sockets()).map((s) => s.channels)).toEqual([[]]);
    expect((await t.control('POST', '/__sim/events', { memberId: 1001, event: 'E', data: 1 })).body).toMatchObject({ delivered: 0 });
    socket.send({ event: 'pusher:ping' });
    await socket.next('pusher:pong');
  });
});

describe('Pusher-protocol socket idle timeout', () => {
  it('pings a silent socket and closes it with 4201 when no pong comes; a pong keeps it', async () => {
    const t = await startTestSim({ pusher: { idleMs: 150, pongTimeoutMs: 150 } });
    try {
      const quiet = await openSocket(t.base);
      const lively = await openSocket(t.base);
      await lively.next('pusher:connection_established');
      await quiet.next('pusher:ping', 1000);
      await lively.next('pusher:ping', 1000);
      lively.send({ event: 'pusher:pong', data: {} });
      expect((await quiet.closed).code).toBe(4201);
      await lively.next('pusher:ping', 1000);
      expect(lively.ws.readyState).toBe(WebSocket.OPEN);
      lively.close();
    } finally {
      await t.close();
    }
  });
});
