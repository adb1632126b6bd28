import ky, { TimeoutError } from 'ky';
import type { RuntimeConfig } from '@member/shared-core';
import { TIMEOUT_MS, validate, type CallFacts, type OperatorCall } from '@member/shared-core/api/calls';
import { ApiError, isTransient } from './api-error';
import { createWireCipher, type WireCipher } from './crypto';
import { EnvelopeError, openEnvelope } from './envelope';
import { OFF_THREAD_MIN_CHARS, openOffThread, type OpenResult } from './open-off-thread';
import { earlyCallKey } from './early-calls';
import { takeEarlyCall } from '../config/early-fetches';
import type { EarlyCall } from '../config/early-start/hints';
import { serverClock, type ServerClock } from '../lib/server-clock';

// The catalogue loads with the client, in its chunk, after the first paint: a call is named where it is made
// (core/api/api.ts `callApi`) and read here, so no page's own code carries the schemas of the calls it makes.
export { OPERATOR_CALLS } from '@member/shared-core/api/calls';

/**
 * One attempt of a call that is never retried. An operator that takes 10 s to answer is slow, not down: it is given
 * 30 s, and the screen says it is still waiting (and offers to stop) long before that.
 */
export const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * An idempotent call gives up once this much time has passed since its first attempt began. Each attempt may take
 * what is left of it: an operator answering every call in 15 s is slow, not down, and a read cut short to make room for
 * a retry would never be answered. Retries follow the failures that come quickly (no connection, a 5xx, a 429).
 */
export const RETRY_BUDGET_MS = 30_000;
/** The longest Retry-After the client waits for within a call; a longer one ends the call (the caller asks later). */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;
/** No attempt is started with less time than this to answer. */
export const MIN_ATTEMPT_MS = 3_000;
/** Waits before the 1st, 2nd, 3rd… retry (each shortened by up to half at random, so clients do not retry in step). */
export const BACKOFF_MS = [500, 1_000, 2_000, 4_000, 8_000] as const;

export interface CallOptions {
  /** Extra headers, e.g. an Idempotency-Key for money calls. Never a token. */
  headers?: Record<string, string>;
  /** Told before each retry of an idempotent call, with the failure that caused it (1 for the first retry). */
  onRetry?: (error: ApiError, retry: number) => void;
  /** The member stopped waiting: the request is dropped and the call rejects with a `cancelled` ApiError. */
  signal?: AbortSignal;
}

export interface ApiClient {
  call<Request extends object, Reply>(call: OperatorCall<string, Request, Reply>, request: Request, options?: CallOptions): Promise<Reply>;
}

/** What the client needs from the outside world; tests replace it. */
export interface ClientDeps {
  fetch?: typeof fetch;
  /** The reply index.html's inline start already has for a call with this key (core/config/early-fetches.ts). */
  takeEarly?: (key: string) => EarlyCall | undefined;
  /** Opens a long reply off the main thread; null when it cannot (open-off-thread.ts). */
  openOffThread?: (text: string, key: string, iv: string) => Promise<OpenResult | null>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  clock?: ServerClock;
}

function encryptFields<Request extends object>(request: Request, fields: readonly string[], cipher: WireCipher): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(request as Record<string, unknown>) };
  for (const field of fields) {
    const value = out[field];
    if (value !== undefined && value !== null) out[field] = cipher.encrypt(String(value));
  }
  return out;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A `Retry-After` header (seconds, or an HTTP date) as ms from `now`; undefined when absent or unreadable. */
export function retryAfterMsOf(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)) : undefined;
}

/** The `code` of a reply body, when it has one. */
const codeOf = (reply: unknown): string | undefined =>
  typeof reply === 'object' && reply !== null && typeof (reply as { code?: unknown }).code === 'string'
    ? (reply as { code: string }).code
    : undefined;

/**
 * An early call's reply, held to the same limit and the same way to stop as a request of the client's own. A reply
 * that failed on the way (the network, a refused CORS) is null: the client sends the call itself instead.
 */
function earlyReply(call: EarlyCall, timeout: number, signal: AbortSignal | undefined, name: string): Promise<Response | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ApiError('timeout', name)), Math.max(0, timeout - (Date.now() - call.sentAt)));
    const stop = () => {
      clearTimeout(timer);
      reject(new ApiError('cancelled', name));
    };
    signal?.addEventListener('abort', stop, { once: true });
    call.reply
      .then(
        (response) => resolve(response),
        () => resolve(null),
      )
      .finally(() => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', stop);
      });
  });
}

/**
 * One client for every operator call of the catalogue (`@member/shared-core/api/calls`): encryption, timeouts, safe
 * retries, reply schemas, typed errors, each as the call's entry says.
 */
export function createApiClient(config: Pick<RuntimeConfig, 'apiBase' | 'crypto'>, deps: ClientDeps = {}): ApiClient {
  const cipher = createWireCipher(config.crypto.key, config.crypto.iv);
  const now = deps.now ?? (() => Date.now());
  const sleep = deps.sleep ?? defaultSleep;
  const random = deps.random ?? Math.random;
  const takeEarly = deps.takeEarly ?? takeEarlyCall;
  const offThread = deps.openOffThread ?? openOffThread;

  /** The reply inside a body's envelope; a long one is opened off the main thread where the browser can. */
  async function openReply(text: string, call: string, status: number): Promise<unknown> {
    try {
      const opened = text.length >= OFF_THREAD_MIN_CHARS ? await offThread(text, config.crypto.key, config.crypto.iv) : null;
      if (opened) {
        if ('problem' in opened) throw new EnvelopeError(opened.problem);
        return opened.value;
      }
      return openEnvelope(text, cipher);
    } catch (error) {
      if (error instanceof EnvelopeError) throw new ApiError(error.problem, call, status);
      throw error;
    }
  }
  /** A 401, with the reason its body gives for the session's end (a login elsewhere, expiry, revocation), where it gives one. */
  async function unauthorizedError(response: Response, call: string): Promise<ApiError> {
    try {
      const reply = await openReply(await response.text(), call, 401);
      const reason = typeof reply === 'object' && reply !== null ? (reply as { reason?: unknown }).reason : undefined;
      if (typeof reason === 'string') return new ApiError('unauthorized', call, 401, null, { reason });
    } catch {
      // An empty or unreadable 401 is still a 401.
    }
    return new ApiError('unauthorized', call, 401);
  }
  const clock = deps.clock ?? serverClock;
  const http = ky.create({
    // ky drops the prefix's trailing slashes itself; an apiBase of `/` (the API under the page's own origin) must stay
    // a prefix, or the calls would resolve against the route the page is on.
    prefix: config.apiBase,
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    throwHttpErrors: false,
    // Retries are this client's own (below): ky's would not see 5xx without throwing, nor keep to one budget.
    retry: { limit: 0 },
    headers: { Accept: 'application/json' },
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });

  /** The request itself; a failure to get any answer becomes the ApiError that says why. */
  async function send(
    endpoint: CallFacts,
    body: Record<string, unknown>,
    timeout: number,
    options: CallOptions | undefined,
  ): Promise<Response> {
    try {
      return await http(endpoint.path.replace(/^\//, ''), {
        method: endpoint.method,
        ...(options?.headers ? { headers: options.headers } : {}),
        ...(options?.signal ? { signal: options.signal } : {}),
        timeout,
        ...(endpoint.method === 'get'
          ? { searchParams: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) }
          : { json: body }),
      });
    } catch (error) {
      if (options?.signal?.aborted) throw new ApiError('cancelled', endpoint.name);
      if (error instanceof TimeoutError) throw new ApiError('timeout', endpoint.name);
      throw new ApiError('offline', endpoint.name);
    }
  }

  async function attempt<Request extends object, Reply>(
    endpoint: OperatorCall<string, Request, Reply>,
    body: Record<string, unknown>,
    timeout: number,
    options: CallOptions | undefined,
    early?: EarlyCall,
  ): Promise<Reply> {
    const name = endpoint.name;
    if (options?.signal?.aborted) throw new ApiError('cancelled', name);
    const taken = early ? await earlyReply(early, timeout, options?.signal, name) : null;
    const sentAt = taken && early ? early.sentAt : now();
    const response = taken ?? (await send(endpoint, body, timeout, options));
    clock.record(response.headers.get('Date'), sentAt, taken && early ? (early.answeredAt ?? now()) : now());
    if (response.status === 401) throw await unauthorizedError(response, name);
    const retryAfterMs = retryAfterMsOf(response.headers.get('Retry-After'), now());
    const later = retryAfterMs !== undefined ? { retryAfterMs } : {};
    if (response.status >= 500) throw new ApiError('http', name, response.status, null, later);
    let text: string;
    try {
      text = await response.text();
    } catch {
      // The connection dropped while the body was arriving.
      throw new ApiError('offline', name, response.status);
    }
    if (!response.ok && (endpoint.repliesOnlyWhenOk || response.status === 429)) {
      // Never this call's reply: what the body says (its code) is kept for the caller, and a body that cannot be read
      // is still the HTTP error it is.
      const said = text === '' ? undefined : await openReply(text, name, response.status).catch(() => undefined);
      const code = codeOf(said);
      throw new ApiError('http', name, response.status, null, { ...later, ...(code !== undefined ? { code } : {}) });
    }
    if (text === '') throw new ApiError(response.ok ? 'unparsable' : 'http', name, response.status);
    const reply = await openReply(text, name, response.status);
    const checked = validate(endpoint.reply, reply);
    if (checked.ok) return checked.value;
    // A refusal (4xx) that does not look like this call's reply is still a refusal: report the status.
    if (!response.ok) throw new ApiError('http', name, response.status);
    console.warn(`[api] ${name} reply refused: ${checked.field} ${checked.problem}`);
    throw new ApiError('shape', name, response.status, { field: checked.field, problem: checked.problem });
  }

  return {
    async call(endpoint, request, options) {
      const body = encryptFields(request, endpoint.encrypted, cipher);
      // Only a read is ever sent early (core/api/early-calls.ts), and only its first attempt may be that reply.
      const early = endpoint.idempotent ? takeEarly(earlyCallKey(endpoint.method, endpoint.path, body)) : undefined;
      const timeoutMs = TIMEOUT_MS[endpoint.timeout];
      if (!endpoint.idempotent) return attempt(endpoint, body, timeoutMs ?? DEFAULT_TIMEOUT_MS, options);
      const started = now();
      for (let retry = 0; ; retry++) {
        const left = RETRY_BUDGET_MS - (now() - started);
        try {
          return await attempt(
            endpoint,
            body,
            Math.max(MIN_ATTEMPT_MS, Math.min(timeoutMs ?? left, left)),
            options,
            retry === 0 ? early : undefined,
          );
        } catch (error) {
          if (!isTransient(error)) throw error;
          const base = BACKOFF_MS[Math.min(retry, BACKOFF_MS.length - 1)]!;
          const wait = Math.max(Math.round(base / 2 + (base / 2) * random()), (error as ApiError).retryAfterMs ?? 0);
          if (now() - started + wait + MIN_ATTEMPT_MS > RETRY_BUDGET_MS) throw error;
          options?.onRetry?.(error as ApiError, retry + 1);
          await sleep(wait);
          if (options?.signal?.aborted) throw new ApiError('cancelled', endpoint.name);
        }
      }
    },
  };
}
