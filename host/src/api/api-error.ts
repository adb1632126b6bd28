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

/** Every way a call can fail, as one typed error with a translated message key. */
export class ApiError extends Error {
  readonly messageKey: string;
  /** For a 401: why the session ended, as the reply's body said (`SessionEndReason`), else null. */
  reason: string | null = null;

  constructor(
    readonly kind: ApiErrorKind,
    readonly call: string,
    readonly status: number | null = null,
    readonly shape: ShapeProblem | null = null,
  ) {
    const detail = shape ? `: ${shape.field} ${shape.problem}` : '';
    super(`${call}: ${kind}${status !== null ? ` (HTTP ${status})` : ''}${detail}`);
    this.name = 'ApiError';
    this.messageKey = MESSAGE_KEYS[kind];
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * The server may answer differently in a moment: no connection, a timeout, or a 5xx. Idempotent calls are retried on
 * these; a session is never ended by them.
 */
export const isTransient = (error: unknown): boolean =>
  isApiError(error) && (error.kind === 'offline' || error.kind === 'timeout' || (error.kind === 'http' && (error.status ?? 0) >= 500));
