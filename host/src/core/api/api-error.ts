export type ApiErrorKind = 'offline' | 'timeout' | 'http' | 'unauthorized' | 'undecryptable' | 'unparsable' | 'shape' | 'cancelled';

const MESSAGE_KEYS: Record<ApiErrorKind, string> = {
  offline: 'api.errors.offline',
  timeout: 'api.errors.timeout',
  http: 'api.errors.http',
  unauthorized: 'api.errors.unauthorized',
  undecryptable: 'api.errors.undecryptable',
  unparsable: 'api.errors.unparsable',
  shape: 'api.errors.shape',
  cancelled: 'api.errors.cancelled',
};

/** For a 'shape' error: the first field of the decrypted reply that is not what the call's schema expects. */
export interface ShapeProblem {
  field: string;
  problem: string;
}

/** What an HTTP error's answer said beyond its status: the code its body named, and when to ask again. */
export interface AnswerDetail {
  /** The `code` of the error's body, where it could be read (`in_flight`, a refusal's code…). */
  code?: string;
  /** The answer's `Retry-After`, in ms. */
  retryAfterMs?: number;
  /** A 401's `reason`: why the session ended (`SessionEndReason`). */
  reason?: string;
}

/** Every way a call can fail, as one typed error with a translated message key. */
export class ApiError extends Error {
  readonly messageKey: string;
  /** For a 401: why the session ended, as the reply's body said (`SessionEndReason`), else null. */
  readonly reason: string | null;
  readonly code: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(
    readonly kind: ApiErrorKind,
    readonly call: string,
    readonly status: number | null = null,
    readonly shape: ShapeProblem | null = null,
    detail: AnswerDetail = {},
  ) {
    const said = shape ? `: ${shape.field} ${shape.problem}` : detail.code ? `: ${detail.code}` : '';
    super(`${call}: ${kind}${status !== null ? ` (HTTP ${status})` : ''}${said}`);
    this.name = 'ApiError';
    this.messageKey = MESSAGE_KEYS[kind];
    this.code = detail.code;
    this.retryAfterMs = detail.retryAfterMs;
    this.reason = detail.reason ?? null;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * The server may answer differently in a moment: no connection, a timeout, a 5xx, or a 429 (asked to come back later).
 * Idempotent calls are retried on these; a session is never ended by them.
 */
export const isTransient = (error: unknown): boolean =>
  isApiError(error) &&
  (error.kind === 'offline' || error.kind === 'timeout' || (error.kind === 'http' && ((error.status ?? 0) >= 500 || error.status === 429)));
