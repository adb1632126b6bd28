import type { IncomingMessage } from 'node:http';

export const BODY_LIMIT = 64 * 1024;

export type BodyResult =
  | { ok: true; fields: Record<string, unknown>; present: boolean; /** The body as received (UTF-8). */ text: string }
  | { ok: false; status: 400 | 413 | 415; message: string };

async function readText(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > BODY_LIMIT) tooLarge = true;
    else chunks.push(buffer);
  }
  return tooLarge ? null : Buffer.concat(chunks).toString('utf8');
}

const mediaType = (req: IncomingMessage) => (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * Reads a JSON object body. An empty body gives `{}` with `present: false`; a non-empty one must be sent as
 * `application/json` (415 otherwise: a browser can post `text/plain` or a form to any origin without asking, never
 * JSON) and be a JSON object (400 otherwise).
 */
export async function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
  const text = await readText(req);
  if (text === null) return { ok: false, status: 413, message: 'Body is too large' };
  if (text.trim() === '') return { ok: true, fields: {}, present: false, text };
  if (mediaType(req) !== 'application/json') {
    return { ok: false, status: 415, message: 'Body must be sent as application/json' };
  }
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
}

/** Reads an HTML form post (`application/x-www-form-urlencoded`). */
export async function readFormBody(req: IncomingMessage): Promise<BodyResult> {
  const text = await readText(req);
  if (text === null) return { ok: false, status: 413, message: 'Body is too large' };
  if (text !== '' && mediaType(req) !== 'application/x-www-form-urlencoded') {
    return { ok: false, status: 415, message: 'Form must be sent as application/x-www-form-urlencoded' };
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) fields[key] = value;
  return { ok: true, fields, present: text !== '', text };
}

/**
 * Reads a body that may be either an HTML form post or JSON, by its Content-Type (the broadcasting-auth call: pusher-js
 * posts a form, other clients JSON). Any other type → 415.
 */
export async function readFormOrJsonBody(req: IncomingMessage): Promise<BodyResult> {
  return mediaType(req) === 'application/x-www-form-urlencoded' ? readFormBody(req) : readJsonBody(req);
}
