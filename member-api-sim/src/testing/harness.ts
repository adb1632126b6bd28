import { OPERATOR_CALLS } from '@member/shared-core/api/calls';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../server';
import { createWireCipher, DEFAULT_AES_IV, DEFAULT_AES_KEY } from '../wire/crypto';
import { openEnvelope } from '../wire/envelope';

export const HOST_ORIGIN = 'http://localhost:3000';
export const STATE_RANDOM = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6';
export const stateFor = (prefix: string) => `${prefix}.${STATE_RANDOM}`;

export interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
}

/** A clock the tests can move: real time plus an offset. */
export function testClock() {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms: number) {
      offset += ms;
    },
  };
}

/**
 * The simulator in-process on free ports, silent, with a movable clock, and a client that speaks the wire format:
 * `enc` encrypts a field value, `api*` decrypt the envelope, `control` talks plain JSON.
 */
export async function startTestSim(options: SimulatorOptions = {}) {
  const clock = testClock();
  const running: RunningSimulator = await startSimulator({
    port: 0,
    authPort: 0,
    host: '127.0.0.1',
    log: 'silent',
    now: clock.now,
    ...options,
  });
  const cipher = createWireCipher(options.aesKey ?? DEFAULT_AES_KEY, options.aesIv ?? DEFAULT_AES_IV);
  const base = running.baseUrl;

  async function apiCall<T>(path: string, init: RequestInit): Promise<Answer<T>> {
    const response = await fetch(`${base}${path}`, init);
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: openEnvelope<T>(cipher, text) };
  }

  const client = {
    base,
    running,
    clock,
    cipher,
    enc: (value: string) => cipher.encrypt(value),
    apiGet<T = Record<string, unknown>>(path: string, headers: Record<string, string> = {}) {
      return apiCall<T>(path, { headers: { Origin: HOST_ORIGIN, ...headers } });
    },
    apiPost<T = Record<string, unknown>>(path: string, body: unknown, headers: Record<string, string> = {}) {
      return apiCall<T>(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: HOST_ORIGIN, ...headers },
        body: JSON.stringify(body),
      });
    },
    async control<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      });
      return { status: response.status, headers: response.headers, body: (await response.json()) as T };
    },
    /** phoneLogin with every field encrypted, as the host sends it. */
    phoneLogin<T = Record<string, unknown>>(prefix: string, phone: string, password: string, divisions?: string) {
      return client.apiPost<T>(OPERATOR_CALLS.phoneLogin.path, {
        username: cipher.encrypt(phone),
        password: cipher.encrypt(password),
        state: cipher.encrypt(stateFor(prefix)),
        prefix: cipher.encrypt(prefix),
        divisions: cipher.encrypt(divisions ?? (prefix === 'ufkk' ? 'true' : 'false')),
      });
    },
    /** A logged-in member's token. */
    async login(prefix: string, phone = '0812345678', password = 'demo1234'): Promise<string> {
      const reply = await client.phoneLogin<{ status: boolean; access_token?: string }>(prefix, phone, password);
      if (!reply.body.status || !reply.body.access_token) throw new Error(`login of ${phone} on ${prefix} failed`);
      return reply.body.access_token;
    },
    close: () => running.close(),
  };
  return client;
}

export type TestSim = Awaited<ReturnType<typeof startTestSim>>;
