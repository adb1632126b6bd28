export const CORS_ALLOW_METHODS = 'GET, POST, OPTIONS';
export const CORS_ALLOW_HEADERS = 'Content-Type, Authorization, Accept, Idempotency-Key';
export const CORS_MAX_AGE = '600';
/**
 * Response headers a page may read beyond the safelisted ones: `Date` lets the host learn the server's clock,
 * `Retry-After` when it may ask again after a 429.
 */
export const CORS_EXPOSE_HEADERS = 'Date, Retry-After';

/** The request's Origin when it is one of the allowed origins, else null. */
export function allowedOrigin(origin: string | undefined, allowed: readonly string[]): string | null {
  return typeof origin === 'string' && allowed.includes(origin) ? origin : null;
}

/**
 * The CORS headers of a reply: the allowed Origin reflected and `Date` and `Retry-After` exposed, nothing else. Tokens
 * travel in bodies, never cookies, so credentials are not allowed. A header the reply sets itself is left as it is
 * (a game tile readable from any origin says `*`).
 */
export function applyCors(headers: Headers, origin: string | null): void {
  const add = (name: string, value: string) => {
    if (!headers.has(name)) headers.set(name, value);
  };
  add('Vary', 'Origin');
  if (origin) {
    add('Access-Control-Allow-Origin', origin);
    add('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
  }
}

/** The answer to a preflight: 204 with the allowed methods and headers for an allowed origin, 403 otherwise. */
export function preflightAnswer(origin: string | null): Response {
  if (!origin) return new Response(null, { status: 403, headers: { 'Content-Length': '0' } });
  return new Response(null, {
    status: 204,
    headers: {
      'Access-Control-Allow-Methods': CORS_ALLOW_METHODS,
      'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
      'Access-Control-Max-Age': CORS_MAX_AGE,
      'Content-Length': '0',
    },
  });
}
