// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPERATOR_CALLS } from '@member/shared-core/api/calls';
import type {
  GclubGameReply,
  GetProfileReply,
  GetProfileRequest,
  LoginReply,
  PhoneLoginRequest,
  StatusReply,
  WithdrawReply,
} from '@member/shared-core';
import { ApiError } from './api-error';
import { BACKOFF_MS, createApiClient, RETRY_BUDGET_MS, type ApiClient } from './client';
import { createWireCipher } from './crypto';
import { testCall as defineEndpoint } from './test-calls';
import { earlyCallKey } from './early-calls';
import type { EarlyCall } from '../config/early-start/hints';
import { createServerClock } from '../lib/server-clock';

const [gclubGameReplySchema, getProfileReplySchema, loginReplySchema, statusReplySchema, withdrawReplySchema] = [
  OPERATOR_CALLS.gclubGame.reply,
  OPERATOR_CALLS.getProfile.reply,
  OPERATOR_CALLS.phoneLogin.reply,
  OPERATOR_CALLS.logout.reply,
  OPERATOR_CALLS.gclubWithdraw.reply,
];

const KEY = 'MemberDemoKey-0123456789abcdefgh';
const IV = 'MemberDemoIV0123';
const cipher = createWireCipher(KEY, IV);

const getProfile = defineEndpoint<GetProfileRequest, GetProfileReply>({
  name: 'getProfile',
  method: 'post',
  path: '/api/getProfile',
  encrypted: ['token'],
  idempotent: true,
  reply: getProfileReplySchema,
});
const phoneLogin = defineEndpoint<PhoneLoginRequest, LoginReply>({
  name: 'phoneLogin',
  method: 'post',
  path: '/api/phoneLogin',
  encrypted: ['username', 'password'],
  reply: loginReplySchema,
});
const switchMain = defineEndpoint<{ token: string }, StatusReply>({
  name: 'switchMain',
  method: 'post',
  path: '/api/switchMain',
  reply: statusReplySchema,
});

const PROFILE_REQUEST: GetProfileRequest = { prefix: 'pre8', type: 'phone', token: 'secret-token' };
const LOGIN_REQUEST: PhoneLoginRequest = { username: '0812345678', password: 'demo1234', state: 's', prefix: 'pre8', divisions: 'false' };

const member = {
  status: true,
  member_info: { cid: 7, account_name: 'a', account_number: '1', phone: '0812345678', bank_th: 'b', bank_en: 'b', set: 'KBANK', logo: '' },
  games: [],
};

type Answer =
  | { status?: number; body?: string; reply?: unknown; date?: string; afterMs?: number; headers?: Record<string, string> }
  | 'hang'
  | 'network';

const sealed = (reply: unknown) => JSON.stringify({ data: cipher.encrypt(JSON.stringify(reply)) });

/** A fetch that answers from a script, one entry per request, and remembers what it was sent. */
function scriptedFetch(script: Answer[]) {
  const sent: Array<{ url: string; method: string; body: unknown; headers: Headers }> = [];
  const fetch = vi.fn(async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    sent.push({ url: request.url, method: request.method, body: text ? JSON.parse(text) : null, headers: request.headers });
    const answer = script.shift() ?? { reply: member };
    if (answer === 'hang') return new Promise<Response>(() => undefined);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (answer.afterMs) {
      // A slow server: the reply comes after this long, unless the request is dropped first.
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, answer.afterMs);
        request.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(request.signal.reason);
        });
      });
    }
    const body = answer.body ?? sealed(answer.reply);
    return new Response(body, {
      status: answer.status ?? 200,
      headers: { ...(answer.date ? { Date: answer.date } : {}), ...answer.headers },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

function client(
  script: Answer[],
  clock = createServerClock(),
): { api: ApiClient; sent: ReturnType<typeof scriptedFetch>['sent']; clock: typeof clock } {
  const { fetch, sent } = scriptedFetch(script);
  // random() = 1: every backoff takes its full length, so the timeline is exact.
  const api = createApiClient({ apiBase: 'http://api.test/', crypto: { key: KEY, iv: IV } }, { fetch, random: () => 1, clock });
  return { api, sent, clock };
}

/** Runs a call to its end under fake timers; resolves to its reply or its error, and how long it took. */
async function settle<T>(call: Promise<T>): Promise<{ value?: T; error?: ApiError; elapsed: number }> {
  const started = Date.now();
  const outcome = call.then(
    (value) => ({ value }),
    (error: ApiError) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return { ...(await outcome), elapsed: Date.now() - started };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-03-01T10:00:00Z') });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the wire envelope', () => {
  it('encrypts the marked fields, posts JSON and opens the sealed reply', async () => {
    const { api, sent } = client([{ reply: { ...member, loginBy: 'phone' } }]);
    const { value } = await settle(api.call(getProfile, PROFILE_REQUEST));
    expect(value).toMatchObject({ status: true, loginBy: 'phone' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('http://api.test/api/getProfile');
    expect(sent[0]!.body).toEqual({ prefix: 'pre8', type: 'phone', token: cipher.encrypt('secret-token') });
  });

  it('says "unparsable" for a body that is not JSON or not an envelope', async () => {
    for (const body of ['<<not json', '{"nodata":1}']) {
      const { api } = client([{ body }]);
      const { error } = await settle(api.call(phoneLogin, LOGIN_REQUEST));
      expect(error).toMatchObject({ kind: 'unparsable', call: 'phoneLogin', status: 200 });
    }
  });

  it('says "undecryptable" for an envelope it cannot open, and does not retry it', async () => {
    const { api, sent } = client([{ body: '{"data":"bm90IGNpcGhlcnRleHQ="}' }]);
    const { error } = await settle(api.call(getProfile, PROFILE_REQUEST));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'undecryptable', messageKey: 'api.errors.undecryptable' });
    expect(sent).toHaveLength(1);
  });
});

describe('reply schemas', () => {
  it('refuse a reply of the wrong shape with a "shape" error naming the call and the field, once', async () => {
    const { api, sent } = client([{ reply: { status: true, games: 'x' } }]);
    const { error } = await settle(api.call(getProfile, PROFILE_REQUEST));
    expect(error).toMatchObject({ kind: 'shape', call: 'getProfile', status: 200, shape: { field: 'games', problem: 'must be an array' } });
    expect(error?.message).toBe('getProfile: shape (HTTP 200): games must be an array');
    expect(error?.messageKey).toBe('api.errors.shape');
    expect(sent).toHaveLength(1);
  });

  it('refuse a reply that is not an object at all', async () => {
    const { api } = client([{ reply: [] }]);
    const { error } = await settle(api.call(getProfile, PROFILE_REQUEST));
    expect(error).toMatchObject({ kind: 'shape', shape: { field: '(reply)' } });
  });

  it("never hand back a money call's non-2xx answer as its reply: a 409 or 429 is the HTTP error, with its body's code and Retry-After", async () => {
    const money = defineEndpoint<{ amount: number }, WithdrawReply>({
      name: 'ufaWithdraw',
      method: 'post',
      path: '/api/ufaWithdraw',
      repliesOnlyWhenOk: true,
      reply: withdrawReplySchema,
    });
    const { api } = client([
      { status: 409, reply: { status: false, code: 'in_flight', message: 'busy' } },
      { status: 429, reply: { status: false, message: 'slow down' }, headers: { 'Retry-After': '7' } },
      { status: 422, body: '' },
      { status: 400, body: '{"data":"bm90IGNpcGhlcnRleHQ="}' },
      { reply: { status: false, code: 'insufficient_balance' } },
    ]);
    expect((await settle(api.call(money, { amount: 1 }))).error).toMatchObject({ kind: 'http', status: 409, code: 'in_flight' });
    expect((await settle(api.call(money, { amount: 1 }))).error).toMatchObject({ kind: 'http', status: 429, retryAfterMs: 7000 });
    expect((await settle(api.call(money, { amount: 1 }))).error).toMatchObject({ kind: 'http', status: 422, code: undefined });
    expect((await settle(api.call(money, { amount: 1 }))).error).toMatchObject({ kind: 'http', status: 400, code: undefined });
    // A refusal with HTTP 200 is the call's reply.
    expect((await settle(api.call(money, { amount: 1 }))).value).toEqual({ status: false, code: 'insufficient_balance' });
  });

  it('hand back a refusal as it is, and a refusal of another shape as the HTTP error it is', async () => {
    const { api } = client([
      { status: 422, reply: { status: false, message: 'bad', fields: { username: 'required' } } },
      { status: 409, reply: { nope: 1 } },
    ]);
    expect((await settle(api.call(phoneLogin, LOGIN_REQUEST))).value).toEqual({
      status: false,
      message: 'bad',
      fields: { username: 'required' },
    });
    expect((await settle(api.call(phoneLogin, LOGIN_REQUEST))).error).toMatchObject({ kind: 'http', status: 409 });
  });
});

describe('401', () => {
  it('is "unauthorized" after one request, even for a call that may be retried', async () => {
    const { api, sent } = client([{ status: 401, reply: { status: false, code: 401, message: 'Unauthorized' } }, { reply: member }]);
    const { error } = await settle(api.call(getProfile, PROFILE_REQUEST));
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(sent).toHaveLength(1);
  });
});

describe('retries', () => {
  it('retry an idempotent call after 5xx with growing waits, telling the caller each time', async () => {
    const onRetry = vi.fn<(error: ApiError, retry: number) => void>();
    const { api, sent } = client([{ status: 503, body: '' }, { status: 500, reply: { status: false } }, { reply: member }]);
    const { value, elapsed } = await settle(api.call(getProfile, PROFILE_REQUEST, { onRetry }));
    expect(value).toMatchObject({ status: true });
    expect(sent).toHaveLength(3);
    expect(onRetry.mock.calls.map(([error, n]) => [error.status, n])).toEqual([
      [503, 1],
      [500, 2],
    ]);
    expect(elapsed).toBe(BACKOFF_MS[0] + BACKOFF_MS[1]);
    // The same encrypted body each time.
    expect(new Set(sent.map((s) => JSON.stringify(s.body))).size).toBe(1);
  });

  it('give up on a server that keeps failing within the budget, with the last error', async () => {
    const onRetry = vi.fn();
    const { api, sent } = client(Array.from({ length: 20 }, () => ({ status: 502, body: '' })));
    const { error, elapsed } = await settle(api.call(getProfile, PROFILE_REQUEST, { onRetry }));
    expect(error).toMatchObject({ kind: 'http', status: 502 });
    expect(elapsed).toBeLessThanOrEqual(RETRY_BUDGET_MS);
    // Waits of 0.5, 1, 2, 4 and 8 s: seven requests in 23.5 s, not one every few seconds.
    expect(sent).toHaveLength(7);
    expect(onRetry).toHaveBeenCalledTimes(6);
  });

  it('a slow server (10 s a reply) is answered by one request, idempotent or not', async () => {
    for (const endpoint of [getProfile, switchMain] as const) {
      const { api, sent } = client([{ afterMs: 10_000, reply: endpoint === getProfile ? member : { status: true } }]);
      const { value, elapsed } = await settle(api.call(endpoint as typeof getProfile, PROFILE_REQUEST));
      expect(value).toMatchObject({ status: true });
      expect(sent).toHaveLength(1);
      expect(elapsed).toBe(10_000);
    }
  });

  it('a call the member stops is "cancelled" at once, and is not retried', async () => {
    const { api, sent } = client([{ afterMs: 20_000, reply: member }]);
    const controller = new AbortController();
    const onRetry = vi.fn();
    const call = api.call(getProfile, PROFILE_REQUEST, { signal: controller.signal, onRetry });
    setTimeout(() => controller.abort(), 4_000);
    const { error, elapsed } = await settle(call);
    expect(error).toMatchObject({ kind: 'cancelled', call: 'getProfile' });
    expect(elapsed).toBe(4_000);
    expect(sent).toHaveLength(1);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('retry a network error, and give a request that hangs what is left of the budget: slow is waited for, not cut short', async () => {
    const { api, sent } = client(['network', 'hang', 'hang', 'hang']);
    const { error, elapsed } = await settle(api.call(getProfile, PROFILE_REQUEST));
    expect(error).toMatchObject({ kind: 'timeout', call: 'getProfile' });
    expect(sent).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(RETRY_BUDGET_MS - 1000);
    expect(elapsed).toBeLessThanOrEqual(RETRY_BUDGET_MS + 500);
  });

  it('a read answered in 15 s is answered, by one request', async () => {
    const { api, sent } = client([{ reply: member, afterMs: 15_000 }]);
    const { value } = await settle(api.call(getProfile, PROFILE_REQUEST));
    expect(value?.status).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it('a 429 is retried after its Retry-After when that fits the budget, and is the error it is when it does not', async () => {
    const soon = client([{ status: 429, body: '', headers: { 'Retry-After': '3' } }, { reply: member }]);
    const answered = await settle(soon.api.call(getProfile, PROFILE_REQUEST));
    expect(answered.value?.status).toBe(true);
    expect(answered.elapsed).toBeGreaterThanOrEqual(3000);
    const late = client([{ status: 429, body: '', headers: { 'Retry-After': '120' } }, { reply: member }]);
    const refused = await settle(late.api.call(getProfile, PROFILE_REQUEST));
    expect(refused.error).toMatchObject({ kind: 'http', status: 429, retryAfterMs: 120_000 });
    expect(late.sent).toHaveLength(1);
  });

  it('never retry a call that is not idempotent: 5xx, timeout or network error', async () => {
    for (const answer of [{ status: 500, body: '' }, 'hang', 'network'] as const) {
      const { api, sent } = client([answer, { reply: { status: true } }]);
      const { error } = await settle(api.call(switchMain, { token: 't' }));
      expect(error?.kind).toBe(answer === 'hang' ? 'timeout' : answer === 'network' ? 'offline' : 'http');
      expect(sent).toHaveLength(1);
    }
    const { api, sent } = client([{ status: 503, body: '' }]);
    expect((await settle(api.call(phoneLogin, LOGIN_REQUEST))).error).toMatchObject({ kind: 'http', status: 503 });
    expect(sent).toHaveLength(1);
  });
});

describe('the server clock', () => {
  it('learns the offset from the Date header of every reply, errors included', async () => {
    const ahead = new Date(Date.now() - 40 * 86_400_000).toUTCString();
    const { api, clock } = client([
      { status: 503, body: '', date: ahead },
      { reply: member, date: ahead },
    ]);
    await settle(api.call(getProfile, PROFILE_REQUEST));
    expect(Math.abs(clock.offset() + 40 * 86_400_000)).toBeLessThanOrEqual(1000);
  });
});

describe("a reply the page's inline start already asked for", () => {
  /** The client, with the inline start's calls (by key) to take from, as index.html leaves them. */
  function withEarly(script: Answer[], calls: Record<string, EarlyCall>) {
    const { fetch, sent } = scriptedFetch(script);
    const taken: string[] = [];
    const takeEarly = (key: string) => {
      taken.push(key);
      const call = calls[key];
      delete calls[key];
      return call;
    };
    const api = createApiClient({ apiBase: 'http://api.test/', crypto: { key: KEY, iv: IV } }, { fetch, takeEarly, random: () => 1 });
    return { api, sent, taken };
  }
  const profileKey = earlyCallKey('post', '/api/getProfile', { ...PROFILE_REQUEST, token: cipher.encrypt(PROFILE_REQUEST.token) });
  const early = (reply: Promise<Response>): EarlyCall => ({ reply, sentAt: Date.now() });

  it('is taken by the same call, with no request of its own, and read like one', async () => {
    const calls = {
      [profileKey]: early(Promise.resolve(new Response(sealed({ ...member, member_info: { ...member.member_info, cid: 42 } })))),
    };
    const { api, sent } = withEarly([], calls);
    const { value } = await settle(api.call(getProfile, PROFILE_REQUEST));
    expect(value?.member_info?.cid).toBe(42);
    expect(sent).toHaveLength(0);
    // Taken once: the next call asks the server.
    await settle(api.call(getProfile, PROFILE_REQUEST));
    expect(sent).toHaveLength(1);
  });

  it('that failed on the way is sent again at once; one that failed with a 5xx is retried like any other', async () => {
    const lost = withEarly([], { [profileKey]: early(Promise.reject(new TypeError('Failed to fetch'))) });
    const first = await settle(lost.api.call(getProfile, PROFILE_REQUEST));
    expect(first.value?.status).toBe(true);
    expect(lost.sent).toHaveLength(1);
    expect(first.elapsed).toBe(0);
    const failed = withEarly([], { [profileKey]: early(Promise.resolve(new Response('', { status: 503 }))) });
    const second = await settle(failed.api.call(getProfile, PROFILE_REQUEST));
    expect(second.value?.status).toBe(true);
    expect(failed.sent).toHaveLength(1);
    expect(second.elapsed).toBe(BACKOFF_MS[0]);
  });

  it('that never comes times out like a request of its own (the whole budget); an undecryptable one is not asked anew', async () => {
    const hung = withEarly([], { [profileKey]: early(new Promise<Response>(() => undefined)) });
    const outcome = await settle(hung.api.call(getProfile, PROFILE_REQUEST));
    expect(outcome.error?.kind).toBe('timeout');
    expect(outcome.elapsed).toBeGreaterThanOrEqual(RETRY_BUDGET_MS - 1000);
    expect(hung.sent).toHaveLength(0);
    const garbled = withEarly([], { [profileKey]: early(Promise.resolve(new Response(JSON.stringify({ data: 'AAAA' })))) });
    const refused = await settle(garbled.api.call(getProfile, PROFILE_REQUEST));
    expect(refused.error?.kind).toBe('undecryptable');
    expect(garbled.sent).toHaveLength(0);
  });

  it('is never looked for by a call that is not a read', async () => {
    const { api, taken } = withEarly([{ reply: { status: true } }], {});
    await settle(api.call(switchMain, { token: 't' }));
    expect(taken).toEqual([]);
  });
});

describe('a long reply', () => {
  const list = {
    status: true,
    games: Array.from({ length: 500 }, (_, i) => ({
      id: `RSG-S${i}`,
      tag: 'slot_RSG',
      name: `Lucky Dragon ${i}`,
      imageName: `/game-images/slot_RSG/${i}.svg`,
    })),
  };
  const gclubGame = defineEndpoint<{ url: string }, GclubGameReply>({
    name: 'gclubGame',
    method: 'post',
    path: '/api/gclubGame',
    idempotent: true,
    reply: gclubGameReplySchema,
  });

  function withOpener(opener: (text: string) => Promise<unknown>) {
    const { fetch } = scriptedFetch([{ reply: list }]);
    const seen: number[] = [];
    const api = createApiClient(
      { apiBase: 'http://api.test/', crypto: { key: KEY, iv: IV } },
      {
        fetch,
        random: () => 1,
        openOffThread: async (text, key, iv) => {
          seen.push(text.length);
          expect([key, iv]).toEqual([KEY, IV]);
          return (await opener(text)) as never;
        },
      },
    );
    return { api, seen };
  }

  it('is opened off the main thread where the browser can, and its value is the reply', async () => {
    const { api, seen } = withOpener(async () => ({ value: { status: true, games: [] } }));
    const { value } = await settle(api.call(gclubGame, { url: '/games/club/1' }));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeGreaterThanOrEqual(32_000);
    expect(value).toEqual({ status: true, games: [] });
  });

  it('is opened in place where the browser cannot, and what could not be opened off the thread is the same error', async () => {
    const inPlace = withOpener(async () => null);
    expect((await settle(inPlace.api.call(gclubGame, { url: '/games/club/1' }))).value).toEqual(list);
    const refused = withOpener(async () => ({ problem: 'undecryptable' }));
    const { error } = await settle(refused.api.call(gclubGame, { url: '/games/club/1' }));
    expect(error).toMatchObject({ kind: 'undecryptable', call: 'gclubGame' });
  });

  it('a short reply is opened in place', async () => {
    const short = createApiClient(
      { apiBase: 'http://api.test/', crypto: { key: KEY, iv: IV } },
      {
        fetch: scriptedFetch([{ reply: member }]).fetch,
        openOffThread: async () => {
          throw new Error('not for a short reply');
        },
      },
    );
    expect((await settle(short.call(getProfile, PROFILE_REQUEST))).value?.status).toBe(true);
  });

  it('WebCrypto opens what crypto-js sealed, and refuses what crypto-js would: another key, garbage, a truncated text', async () => {
    const { openOffThread } = await import('./open-off-thread');
    const text = sealed(list);
    expect(text.length).toBeGreaterThan(32_000);
    expect(await openOffThread(text, KEY, IV)).toEqual({ value: list });
    expect(await openOffThread(text, 'AnotherKey-0123456789abcdefghijk', IV)).toEqual({ problem: 'undecryptable' });
    expect(await openOffThread(JSON.stringify({ data: 'not base64!' }), KEY, IV)).toEqual({ problem: 'undecryptable' });
    expect(await openOffThread(JSON.stringify({ data: JSON.parse(text).data.slice(0, 64) }), KEY, IV)).toEqual({
      problem: 'undecryptable',
    });
    expect(await openOffThread('<html>', KEY, IV)).toEqual({ problem: 'unparsable' });
    expect(await openOffThread(JSON.stringify({ data: cipher.encrypt('{not json') }), KEY, IV)).toEqual({ problem: 'unparsable' });
  });
});
