/**
 * How long a member waits for an answer before the screen says the server is slow (and offers to stop waiting): the
 * login and the session check alike. The calls themselves wait far longer (core/api/client.ts): slow is not down.
 */
export const SLOW_ANSWER_MS = 3_000;
