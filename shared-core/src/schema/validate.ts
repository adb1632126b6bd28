/** Tiny schema checks that name the first bad field, e.g. `sites[2].components[0].layout`. */
export type Validation<T> = { ok: true; value: T } | { ok: false; field: string; problem: string };

export class SchemaError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
    this.name = 'SchemaError';
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function expectRecord(v: unknown, field: string): Record<string, unknown> {
  if (!isRecord(v)) throw new SchemaError(field, 'must be an object');
  return v;
}

export function expectString(v: unknown, field: string, pattern?: RegExp): string {
  if (typeof v !== 'string' || v.trim() === '') throw new SchemaError(field, 'must be a non-empty string');
  if (pattern && !pattern.test(v)) throw new SchemaError(field, `must match ${pattern}`);
  return v;
}

export function expectOneOf<T extends string>(v: unknown, field: string, allowed: readonly T[]): T {
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
    throw new SchemaError(field, `must be one of ${allowed.join(', ')}`);
  }
  return v as T;
}

export function expectArray(v: unknown, field: string, minLength = 0): unknown[] {
  if (!Array.isArray(v)) throw new SchemaError(field, 'must be an array');
  if (v.length < minLength) throw new SchemaError(field, `must have at least ${minLength} item(s)`);
  return v;
}

export function expectBoolean(v: unknown, field: string): boolean {
  if (typeof v !== 'boolean') throw new SchemaError(field, 'must be true or false');
  return v;
}

export function expectHttpUrl(v: unknown, field: string): string {
  const s = expectString(v, field);
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    throw new SchemaError(field, 'must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SchemaError(field, 'must be an absolute http(s) URL');
  return s;
}

export function run<T>(check: () => T): Validation<T> {
  try {
    return { ok: true, value: check() };
  } catch (error) {
    if (error instanceof SchemaError) return { ok: false, field: error.field, problem: error.problem };
    throw error;
  }
}
