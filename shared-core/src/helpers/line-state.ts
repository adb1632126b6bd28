const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const RANDOM_LENGTH = 32;
const STATE_PATTERN = /^([A-Za-z0-9]{4})\.([A-Za-z0-9]{32})$/;

type RandomSource = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

const defaultRandom: RandomSource = (bytes) => globalThis.crypto.getRandomValues(bytes);

/** 32 alphanumerics from crypto.getRandomValues, without modulo bias (rejection sampling). */
export function randomAlphanumeric(length = RANDOM_LENGTH, random: RandomSource = defaultRandom): string {
  let out = '';
  const limit = 256 - (256 % ALPHANUMERIC.length);
  while (out.length < length) {
    const bytes = random(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** State sent to LINE: `{prefix}.{32 alphanumerics}`. */
export function generateLineState(prefix: string, random: RandomSource = defaultRandom): string {
  if (!/^[A-Za-z0-9]{4}$/.test(prefix)) throw new Error(`LINE state needs a 4-character prefix, got "${prefix}"`);
  return `${prefix}.${randomAlphanumeric(RANDOM_LENGTH, random)}`;
}

export function parseLineState(state: unknown): { prefix: string; random: string } | null {
  if (typeof state !== 'string') return null;
  const match = STATE_PATTERN.exec(state);
  if (!match) return null;
  return { prefix: match[1]!, random: match[2]! };
}

export type LineStateCheck = { ok: true; prefix: string } | { ok: false; error: 'format' | 'session' };

/**
 * Checks a state returned by LINE against the one kept in the `line-state` cookie:
 * well formed, same prefix, same random part. A missing cookie is a session error.
 */
export function validateLineState(returned: unknown, stored: string | null | undefined, prefix?: string): LineStateCheck {
  const parsed = parseLineState(returned);
  if (!parsed) return { ok: false, error: 'format' };
  const kept = parseLineState(stored);
  if (!kept) return { ok: false, error: 'session' };
  if (kept.prefix !== parsed.prefix || (prefix !== undefined && parsed.prefix !== prefix)) return { ok: false, error: 'session' };
  if (!constantTimeEqual(kept.random, parsed.random)) return { ok: false, error: 'session' };
  return { ok: true, prefix: parsed.prefix };
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
