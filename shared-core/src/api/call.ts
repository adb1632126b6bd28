import type { Check, Checked } from '../schema/validate';

/**
 * How long one attempt of a call may take before the host gives up on it:
 * - `standard`: no limit of its own. A call that is never retried waits for the client's whole limit (30 s: an
 *   operator answering in 10 s is slow, not down); an idempotent one, for what is left of its retry budget.
 * - `quick`: 8 s. A yes-or-no the screen waits on before anything else (the brand check, the token check); past it the
 *   host goes on with what it knows, and asks again later.
 * - `parting`: 6 s. Logging out: the member is leaving, and the session ends on this device whatever the answer.
 * - `bank`: 30 s. A withdrawal reaches a bank; its reply is waited for this long before it counts as lost, and the
 *   withdrawal flow (never the client) sends it again under the same Idempotency-Key.
 */
export type TimeoutClass = 'standard' | 'quick' | 'parting' | 'bank';

/** Each class's limit for one attempt, in ms; null: the client's own (see TimeoutClass). */
export const TIMEOUT_MS = { standard: null, quick: 8_000, parting: 6_000, bank: 30_000 } as const satisfies Readonly<
  Record<TimeoutClass, number | null>
>;

/**
 * One operator API call: how it travels, which of its fields are encrypted, how it may be repeated and waited for, and
 * the schemas of its request and of its decrypted reply, from which its TypeScript types come.
 */
export interface CallFacts {
  name: string;
  method: 'get' | 'post';
  /** Under the API base (config.json `apiBase`). The one place the path is written. */
  path: `/api/${string}`;
  /**
   * The request fields sent as the Base64 AES-256-CBC ciphertext of their UTF-8 string value (the operator's "(enc)"
   * marks); every other field travels as plain JSON, or in the query of a GET.
   */
  encrypted: readonly string[];
  /**
   * Safe to repeat (no effect on the server beyond reading): retried with backoff on a network error, a 5xx or a 429
   * (after its Retry-After) within the client's 30 s budget; a slow answer is waited for, not cut to make room for a
   * retry. Never set on a call that moves money, switches accounts or logs in.
   */
  idempotent: boolean;
  timeout: TimeoutClass;
  /**
   * Only a 2xx answer is this call's reply. A money or account call's 409 ("still processing this key") or 429 may
   * carry a body that looks like a refusal; read as a reply it would say "not made". Any other status is then an HTTP
   * error with the code its body names and its Retry-After.
   */
  repliesOnlyWhenOk: boolean;
  /** The request's fields, as the caller gives them (before encryption). */
  request: Check<object>;
  /** The decrypted reply: checked before any caller reads it. */
  reply: Check<unknown>;
}

/** An entry of the catalogue, typed by its name and its schemas. */
export interface OperatorCall<Name extends string = string, Request extends object = object, Reply = unknown> extends CallFacts {
  name: Name;
  encrypted: readonly (keyof Request & string)[];
  request: Check<Request>;
  reply: Check<Reply>;
}

/** What an entry says, before its name is set; unsaid, a call is a plain, unencrypted, never retried POST. */
interface CallSpec<Request extends object, Reply, Encrypted extends string> {
  method?: 'get' | 'post';
  path: `/api/${string}`;
  encrypted?: readonly Encrypted[];
  idempotent?: boolean;
  timeout?: TimeoutClass;
  repliesOnlyWhenOk?: boolean;
  request: Check<Request>;
  reply: Check<Reply>;
}

/** An entry before its family names it. */
export type UnnamedCall<Request extends object = object, Reply = unknown> = Omit<OperatorCall<string, Request, Reply>, 'name'>;

/** What an entry whose encrypted fields are not all fields of its request is, so its family refuses it by name. */
interface UnknownEncryptedFields<Names> {
  encryptedFieldsNotInTheRequest: Names;
}

/** One entry of the catalogue: its encrypted fields are checked against its request's fields. */
export function operatorCall<Request extends object, Reply, const Encrypted extends string = never>(
  spec: CallSpec<Request, Reply, Encrypted>,
): [Encrypted] extends [keyof Request] ? UnnamedCall<Request, Reply> : UnknownEncryptedFields<Exclude<Encrypted, keyof Request>> {
  const entry: Omit<CallFacts, 'name'> = {
    method: spec.method ?? 'post',
    path: spec.path,
    encrypted: spec.encrypted ?? [],
    idempotent: spec.idempotent ?? false,
    timeout: spec.timeout ?? 'standard',
    repliesOnlyWhenOk: spec.repliesOnlyWhenOk ?? false,
    request: spec.request,
    reply: spec.reply,
  };
  // The condition above has checked the encrypted fields' names against the request's.
  return entry as unknown as [Encrypted] extends [keyof Request]
    ? UnnamedCall<Request, Reply>
    : UnknownEncryptedFields<Exclude<Encrypted, keyof Request>>;
}

/** A family of calls, each named by its key. */
export type CallGroup<G extends Record<string, Omit<CallFacts, 'name'>>> = {
  [K in keyof G]: OperatorCall<K & string, RequestOf<G[K]>, ReplyOf<G[K]>>;
};

/** Names each entry of a family by its key, so a call's name is written once. */
export function callGroup<G extends Record<string, Omit<CallFacts, 'name'>>>(entries: G): CallGroup<G> {
  return Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, { ...entry, name }])) as CallGroup<G>;
}

/** A call's request and reply types, as its schemas say. */
export type RequestOf<C> = C extends { request: Check<infer Request extends object> } ? Request : never;
export type ReplyOf<C> = C extends { reply: Check<infer Reply> } ? Reply : never;

/** The type a schema checks (a part of a request or a reply). */
export type { Checked };
