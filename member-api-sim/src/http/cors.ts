import type { IncomingMessage, ServerResponse } from 'node:http';

export const CORS_ALLOW_METHODS = 'GET, POST, OPTIONS';
export const CORS_ALLOW_HEADERS = 'Content-Type, Authorization, Accept, Idempotency-Key';
export const CORS_MAX_AGE = '600';
/**
 * Response headers a page may read beyond the safelisted ones: `Date` lets the host learn the server's clock,
 * `Retry-After` when it may ask again after a 429.
 */
export const CORS_EXPOSE_HEADERS = 'Date, Retry-After';

/** The request's Origin when it is one of the allowed origins, else null. */
export function allowedOrigin(req: IncomingMessage, allowed: readonly string[]): string | null {
  const origin = req.headers.origin;
  return typeof origin === 'string' && allowed.includes(origin) ? origin : null;
}

/**
 * Sets the CORS headers of an ordinary reply: the allowed Origin is reflected and `Date` and `Retry-After` exposed,
 * nothing else. Tokens travel in bodies, never cookies, so credentials are not allowed.
 */
export function applyCors(res: ServerResponse, origin: string | null): void {
  res.setHeader('Vary', 'Origin');
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
  }
}

/** Answers a preflight: 204 with the allowed methods and headers for an allowed origin, 403 otherwise. */
export function answerPreflight(res: ServerResponse, origin: string | null): number {
  applyCors(res, origin);
  if (!origin) {
    res.writeHead(403, { 'Content-Length': '0' }).end();
    return 403;
  }
  res.writeHead(204, {
    'Access-Control-Allow-Methods': CORS_ALLOW_METHODS,
    'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
    'Access-Control-Max-Age': CORS_MAX_AGE,
    'Content-Length': '0',
  });
  res.end();
  return 204;
}
