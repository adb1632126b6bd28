import ky, { HTTPError, TimeoutError } from 'ky';
import type { RuntimeConfig } from '@member/shared-core';
import { ApiError } from './api-error';
import { createWireCipher, type WireCipher } from './crypto';
import type { Endpoint } from './endpoint';

export const DEFAULT_TIMEOUT_MS = 10_000;
const RETRY_LIMIT = 2;
const BACKOFF_LIMIT_MS = 3_000;

export interface CallOptions {
  /** Extra headers, e.g. an Idempotency-Key for money calls. Never a token. */
  headers?: Record<string, string>;
}

export interface ApiClient {
  call<Request extends object, Reply>(endpoint: Endpoint<Request, Reply>, request: Request, options?: CallOptions): Promise<Reply>;
}

function decodeEnvelope(text: string, cipher: WireCipher, call: string, status: number): unknown {
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new ApiError('unparsable', call, status);
  }
  if (typeof envelope !== 'object' || envelope === null || typeof (envelope as { data?: unknown }).data !== 'string') {
    throw new ApiError('unparsable', call, status);
  }
  let plain: string;
  try {
    plain = cipher.decrypt((envelope as { data: string }).data);
  } catch {
    throw new ApiError('undecryptable', call, status);
  }
  try {
    return JSON.parse(plain);
  } catch {
    throw new ApiError('unparsable', call, status);
  }
}

function encryptFields<Request extends object>(request: Request, fields: readonly string[], cipher: WireCipher): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(request as Record<string, unknown>) };
  for (const field of fields) {
    const value = out[field];
    if (value !== undefined && value !== null) out[field] = cipher.encrypt(String(value));
  }
  return out;
}

/** One client for every operator call: encryption, timeouts, safe retries, typed errors. */
export function createApiClient(config: Pick<RuntimeConfig, 'apiBase' | 'crypto'>): ApiClient {
  const cipher = createWireCipher(config.crypto.key, config.crypto.iv);
  const http = ky.create({
    prefix: config.apiBase.replace(/\/$/, ''),
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    throwHttpErrors: false,
    headers: { Accept: 'application/json' },
  });

  return {
    async call(endpoint, request, options) {
      const body = encryptFields(request, endpoint.encrypted ?? [], cipher);
      let response: Response;
      try {
        response = await http(endpoint.path.replace(/^\//, ''), {
          method: endpoint.method,
          ...(options?.headers ? { headers: options.headers } : {}),
          timeout: endpoint.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          retry: endpoint.idempotent
            ? { limit: RETRY_LIMIT, methods: ['get', 'post'], backoffLimit: BACKOFF_LIMIT_MS, jitter: true }
            : { limit: 0 },
          ...(endpoint.method === 'get'
            ? { searchParams: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) }
            : { json: body }),
        });
      } catch (error) {
        if (error instanceof TimeoutError) throw new ApiError('timeout', endpoint.name);
        if (error instanceof HTTPError) throw new ApiError('http', endpoint.name, error.response.status);
        throw new ApiError('offline', endpoint.name);
      }
      if (response.status === 401) throw new ApiError('unauthorized', endpoint.name, 401);
      if (response.status >= 500) throw new ApiError('http', endpoint.name, response.status);
      const text = await response.text();
      if (text === '') throw new ApiError(response.ok ? 'unparsable' : 'http', endpoint.name, response.status);
      const reply = decodeEnvelope(text, cipher, endpoint.name, response.status);
      if (!response.ok && (typeof reply !== 'object' || reply === null)) throw new ApiError('http', endpoint.name, response.status);
      return reply as never;
    },
  };
}
