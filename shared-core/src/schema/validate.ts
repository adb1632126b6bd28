import { isSafeUrl } from '../helpers/safe-url';
import type { FieldProblem } from '../types/site-config';

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

/** The safe-URL guard's rule, with no origin allow-list: what the page may call, load or open. */
export function expectHttpUrl(v: unknown, field: string): string {
  const s = expectString(v, field);
  if (!isSafeUrl(s)) throw new SchemaError(field, 'must be an absolute http(s) URL');
  return s;
}

/**
 * An absolute http(s) URL, or a path on the page's own origin (`/`): what the page appends its calls' paths to. A path
 * keeps the calls on whichever name the page was opened under (a host that answers under several names).
 */
export function expectHttpUrlOrPath(v: unknown, field: string): string {
  const s = expectString(v, field);
  if (s.startsWith('/')) {
    // The guard keeps the path on this origin (no `//host`); a query or fragment would end up in the middle of every
    // call's URL.
    if (!isSafeUrl(s, null, { sameOriginPath: true }) || /[?#\\\s]/.test(s))
      throw new SchemaError(field, 'must be an absolute http(s) URL or a path on this origin such as /');
    return s;
  }
  try {
    return expectHttpUrl(s, field);
  } catch {
    throw new SchemaError(field, 'must be an absolute http(s) URL or a path on this origin such as /');
  }
}

/** Collects every problem of a file instead of stopping at the first: each check that throws a SchemaError is noted. */
export class Problems {
  readonly list: FieldProblem[] = [];

  add(field: string, problem: string): void {
    this.list.push({ field, problem });
  }

  /** The checked value, or undefined after noting why it failed. */
  check<T>(read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof SchemaError)) throw error;
      this.list.push({ field: error.field, problem: error.problem });
      return undefined;
    }
  }
}

export function run<T>(check: () => T): Validation<T> {
  try {
    return { ok: true, value: check() };
  } catch (error) {
    if (error instanceof SchemaError) return { ok: false, field: error.field, problem: error.problem };
    throw error;
  }
}

/*
 * Composable checks for data that arrives at run time (operator API replies). A check returns the value it was given,
 * typed, or throws a SchemaError naming the first bad field (`history[2].time`). Objects keep the fields a check does
 * not name: the operator may add fields without breaking the host.
 */

/** Checks one value found at `field` (a path such as `member_info.cid`; empty for the whole value). */
export type Check<T> = (v: unknown, field: string) => T;

/** What a check accepts, as a type: the TypeScript type of a schema, written once as the schema. */
export type Checked<C> = C extends Check<infer T> ? T : never;

/** An object type written out flat, as an editor shows it, rather than as the intersection it was built from. */
export type Flat<T> = { [K in keyof T]: T[K] } & {};

/** `parent.child`, or `child` at the root. */
export const fieldPath = (parent: string, child: string): string => (parent ? `${parent}.${child}` : child);

const nameOf = (field: string): string => field || '(reply)';

/** Any string, empty included. */
export const aString: Check<string> = (v, field) => {
  if (typeof v !== 'string') throw new SchemaError(nameOf(field), 'must be a string');
  return v;
};

/** A string with at least one character that is not a space. */
export const aNonEmptyString: Check<string> = (v, field) => {
  if (typeof v !== 'string' || v.trim() === '') throw new SchemaError(nameOf(field), 'must be a non-empty string');
  return v;
};

/** A finite number (never NaN, never a numeric string). */
export const aNumber: Check<number> = (v, field) => {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new SchemaError(nameOf(field), 'must be a number');
  return v;
};

export const aBoolean: Check<boolean> = (v, field) => {
  if (typeof v !== 'boolean') throw new SchemaError(nameOf(field), 'must be true or false');
  return v;
};

/** A string that Date.parse understands (an ISO time). */
export const aTime: Check<string> = (v, field) => {
  const s = aString(v, field);
  if (Number.isNaN(Date.parse(s))) throw new SchemaError(nameOf(field), 'must be a date and time');
  return s;
};

export function oneOf<const T extends string | number>(allowed: readonly T[]): Check<T> {
  return (v, field) => {
    if (!(allowed as readonly unknown[]).includes(v)) throw new SchemaError(nameOf(field), `must be one of ${allowed.join(', ')}`);
    return v as T;
  };
}

/** Absent, or null (a backend's "nothing"), or a value that passes `check`. In an object, its field is optional. */
export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (v, field) => (v === undefined || v === null ? undefined : check(v, field));
}

/** A value that passes one of the checks, tried in order; the last one's problem when none does. */
export function eitherOf<A, B>(first: Check<A>, second: Check<B>): Check<A | B> {
  return (v, field) => {
    try {
      return first(v, field);
    } catch (error) {
      if (!(error instanceof SchemaError)) throw error;
      return second(v, field);
    }
  };
}

export function arrayOf<T>(check: Check<T>): Check<T[]> {
  return (v, field) => {
    if (!Array.isArray(v)) throw new SchemaError(nameOf(field), 'must be an array');
    v.forEach((item, i) => check(item, `${field}[${i}]`));
    return v as T[];
  };
}

/** An object whose values all pass `check` (a map of field name → reason, say). */
export function mapOf<T>(check: Check<T>): Check<Record<string, T>> {
  return (v, field) => {
    if (!isRecord(v)) throw new SchemaError(nameOf(field), 'must be an object');
    for (const [key, value] of Object.entries(v)) check(value, fieldPath(field, key));
    return v as Record<string, T>;
  };
}

export type Shape = Record<string, Check<unknown>>;
/** The fields whose check takes "absent" (`optional`): optional fields of the object's type. */
type OptionalKeys<S extends Shape> = { [K in keyof S]: undefined extends Checked<S[K]> ? K : never }[keyof S];
export type ShapeOf<S extends Shape> = Flat<
  { [K in keyof S as K extends OptionalKeys<S> ? never : K]: Checked<S[K]> } & {
    [K in keyof S as K extends OptionalKeys<S> ? K : never]?: Checked<S[K]>;
  }
>;

/** An object with at least these fields; other fields are kept and not checked. */
export function objectOf<S extends Shape>(shape: S): Check<ShapeOf<S>> {
  return (v, field) => {
    if (!isRecord(v)) throw new SchemaError(nameOf(field), 'must be an object');
    for (const [key, check] of Object.entries(shape)) check(v[key], fieldPath(field, key));
    return v as ShapeOf<S>;
  };
}

/**
 * A reply that carries `status`: the `always` fields are checked on every reply; the `onSuccess` fields only when
 * `status` is true, since a refusal (`{status: false, message}`) need not carry them.
 */
export function statusReply<A extends Shape, S extends Shape>(always: A, onSuccess: S): Check<StatusReplyOf<A, S>> {
  const head = objectOf({ status: aBoolean, ...always });
  const success = objectOf(onSuccess);
  return (v, field) => {
    head(v, field);
    if ((v as { status: boolean }).status === true) success(v, field);
    return v as StatusReplyOf<A, S>;
  };
}

/** A reply with `status`, the `always` fields, and the `onSuccess` fields, optional (a refusal need not carry them). */
export type StatusReplyOf<A extends Shape, S extends Shape> = Flat<{ status: boolean } & ShapeOf<A> & Partial<ShapeOf<S>>>;

/** Runs a check on a whole value and reports the first problem as data, never as an exception. */
export function validate<T>(check: Check<T>, input: unknown): Validation<T> {
  return run(() => check(input, ''));
}
