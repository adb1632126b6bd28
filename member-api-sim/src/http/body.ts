export const BODY_LIMIT = 64 * 1024;

/** A request's body as it arrived: its text (UTF-8) and its media type (`application/json`, lower case, no parameters). */
export interface Received {
  text: string;
  mediaType: string;
}

export type BodyResult =
  | { ok: true; fields: Record<string, unknown>; present: boolean /** The body as received (UTF-8). */; text: string }
  | { ok: false; status: 400 | 413 | 415; message: string };

export type BodyReader = (received: Received) => BodyResult;

/** The media type of a Content-Type header: `application/json; charset=utf-8` → `application/json`. */
export const mediaTypeOf = (contentType: string | undefined): string => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * Reads a JSON object body. An empty body gives `{}` with `present: false`; a non-empty one must be sent as
 * `application/json` (415 otherwise: a browser can post `text/plain` or a form to any origin without asking, never
 * JSON) and be a JSON object (400 otherwise).
 */
export const readJsonBody: BodyReader = ({ text, mediaType }) => {
  if (text.trim() === '') return { ok: true, fields: {}, present: false, text };
  if (mediaType !== 'application/json') return { ok: false, status: 415, message: 'Body must be sent as application/json' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, message: 'Body is not valid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, status: 400, message: 'Body must be a JSON object' };
  }
  return { ok: true, fields: parsed as Record<string, unknown>, present: true, text };
};

/** Reads an HTML form post (`application/x-www-form-urlencoded`). */
export const readFormBody: BodyReader = ({ text, mediaType }) => {
  if (text !== '' && mediaType !== 'application/x-www-form-urlencoded') {
    return { ok: false, status: 415, message: 'Form must be sent as application/x-www-form-urlencoded' };
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) fields[key] = value;
  return { ok: true, fields, present: text !== '', text };
};

/**
 * Reads a body that may be either an HTML form post or JSON, by its Content-Type (the broadcasting-auth call: pusher-js
 * posts a form, other clients JSON). Any other type → 415.
 */
export const readFormOrJsonBody: BodyReader = (received) =>
  received.mediaType === 'application/x-www-form-urlencoded' ? readFormBody(received) : readJsonBody(received);
