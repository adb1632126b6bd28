import { ReplyError, invalid } from '../http/reply';
import type { WireCipher } from './crypto';

/**
 * The request's encrypted fields (the catalogue entry's `encrypted`: the operator's "(enc)" marks) opened: each arrives
 * as the Base64 ciphertext of its string value and is handed on as that value. A field that is not a string or does
 * not decrypt ends the request with HTTP 400, before the call's handler runs; a missing or empty one (or one that
 * decrypts to nothing) is left out, so the handler answers 422 with the field named.
 */
export function openFields(body: Record<string, unknown>, encrypted: readonly string[], cipher: WireCipher): Record<string, unknown> {
  const opened: Record<string, unknown> = { ...body };
  for (const name of encrypted) {
    const value = body[name];
    if (value === undefined || value === null || value === '') {
      delete opened[name];
      continue;
    }
    const plain = typeof value === 'string' ? cipher.decrypt(value) : null;
    if (plain === null) throw new ReplyError(400, { status: false, message: `Field "${name}" is not valid ciphertext` });
    if (plain === '') delete opened[name];
    else opened[name] = plain;
  }
  return opened;
}

/** Reads request fields: a missing or empty field reads as undefined, so the caller can answer 422 with the field named. */
export class Fields {
  constructor(private readonly source: Record<string, unknown> | URLSearchParams) {}

  private raw(name: string): unknown {
    return this.source instanceof URLSearchParams ? (this.source.get(name) ?? undefined) : this.source[name];
  }

  plain(name: string): string | undefined {
    const value = this.raw(name);
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (typeof value !== 'string' || value === '') return undefined;
    return value;
  }
}

/** Collects field problems and ends the request with HTTP 422 when there are any. */
export class Problems {
  private readonly fields: Record<string, string> = {};

  add(field: string, reason: string): this {
    this.fields[field] ??= reason;
    return this;
  }

  require<T>(field: string, value: T | undefined, reason = 'Required'): T | undefined {
    if (value === undefined) this.add(field, reason);
    return value;
  }

  check(message?: string): void {
    if (Object.keys(this.fields).length > 0) throw invalid(this.fields, message);
  }

  /** Ends with 422 if any problem was added or any of `values` is undefined; otherwise returns them, defined. */
  done<T extends Record<string, unknown>>(values: T, message?: string): { [K in keyof T]: Exclude<T[K], undefined> } {
    this.check(message);
    for (const [field, value] of Object.entries(values)) if (value === undefined) this.add(field, 'Required');
    this.check(message);
    return values as { [K in keyof T]: Exclude<T[K], undefined> };
  }
}

export const PHONE_PATTERN = /^0\d{9}$/;
export const PHONE_RULE = 'Phone number must be 10 digits starting with 0';
export const MIN_PASSWORD = 6;
