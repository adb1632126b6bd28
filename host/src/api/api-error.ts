export type ApiErrorKind = 'offline' | 'timeout' | 'http' | 'unauthorized' | 'undecryptable' | 'unparsable';

const MESSAGE_KEYS: Record<ApiErrorKind, string> = {
  offline: 'api.errors.offline',
  timeout: 'api.errors.timeout',
  http: 'api.errors.http',
  unauthorized: 'api.errors.unauthorized',
  undecryptable: 'api.errors.undecryptable',
  unparsable: 'api.errors.unparsable',
};

/** Every way a call can fail, as one typed error with a translated message key. */
export class ApiError extends Error {
  readonly messageKey: string;

  constructor(
    readonly kind: ApiErrorKind,
    readonly call: string,
    readonly status: number | null = null,
  ) {
    super(`${call}: ${kind}${status !== null ? ` (HTTP ${status})` : ''}`);
    this.name = 'ApiError';
    this.messageKey = MESSAGE_KEYS[kind];
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
