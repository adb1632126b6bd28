import type { ReplySchema } from '@member/shared-core/schema/api-replies';

/** One operator API call: how it travels, which of its fields are encrypted, and what its reply must look like. */
export interface Endpoint<Request extends object, Reply> {
  name: string;
  method: 'get' | 'post';
  path: string;
  encrypted?: readonly (keyof Request & string)[];
  /**
   * Safe to repeat (no effect on the server beyond reading): retried with backoff on a timeout, a network error or
   * a 5xx, for about ten seconds at most. Never set on a call that moves money, switches accounts or logs in.
   */
  idempotent?: boolean;
  /** One attempt's limit; idempotent calls default to a shorter one so a retry fits in the budget. */
  timeoutMs?: number;
  /** The contract's schema of the decrypted reply: checked before any caller reads it. */
  reply: ReplySchema<Reply>;
}

export function defineEndpoint<Request extends object, Reply>(endpoint: Endpoint<Request, Reply>): Endpoint<Request, Reply> {
  return endpoint;
}
