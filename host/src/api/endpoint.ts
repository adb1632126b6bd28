import type { ReplySchema } from '@member/shared-core/schema/api-replies';

/** One operator API call: how it travels, which of its fields are encrypted, and what its reply must look like. */
export interface Endpoint<Request extends object, Reply> {
  name: string;
  method: 'get' | 'post';
  path: string;
  encrypted?: readonly (keyof Request & string)[];
  /**
   * Safe to repeat (no effect on the server beyond reading): retried with backoff on a network error, a 5xx or a 429
   * (after its Retry-After) within the client's budget; a slow answer is waited for, not cut to make room for a retry.
   * Never set on a call that moves money, switches accounts or logs in.
   */
  idempotent?: boolean;
  /** One attempt's limit (an idempotent call's attempt defaults to what is left of its budget). */
  timeoutMs?: number;
  /**
   * Only a 2xx answer is this call's reply. A money call's 409 ("still processing this key") or 429 may carry a body
   * that looks like a refusal; read as a reply it would say "not made". Any other status is then an `http` ApiError
   * with the code its body names and its Retry-After.
   */
  repliesOnlyWhenOk?: boolean;
  /** The contract's schema of the decrypted reply: checked before any caller reads it. */
  reply: ReplySchema<Reply>;
}

export function defineEndpoint<Request extends object, Reply>(endpoint: Endpoint<Request, Reply>): Endpoint<Request, Reply> {
  return endpoint;
}
