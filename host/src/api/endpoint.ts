/** One operator API call: how it travels and which of its fields are encrypted (SPEC §7 "(enc)"). */
export interface Endpoint<Request extends object, Reply> {
  name: string;
  method: 'get' | 'post';
  path: string;
  encrypted?: readonly (keyof Request & string)[];
  /** Safe to repeat (no effect on the server beyond reading): retried with backoff. */
  idempotent?: boolean;
  timeoutMs?: number;
  /** Marker only: carries the reply type. */
  readonly reply?: Reply;
}

export function defineEndpoint<Request extends object, Reply>(endpoint: Endpoint<Request, Reply>): Endpoint<Request, Reply> {
  return endpoint;
}
