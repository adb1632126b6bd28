import { GAME_CALLS } from './game-calls';
import { MONEY_CALLS } from './money-calls';
import { PROVIDER_CALLS } from './provider-calls';
import { SESSION_CALLS } from './session-calls';
import type { ReplyOf, RequestOf } from './call';

/**
 * The catalogue of operator calls: every call the host makes to the operator's API, by name, with its method, path,
 * encrypted fields, whether it may be repeated, its timeout class and the schemas of its request and reply. The
 * host's client, the early calls of index.html, the simulator's router, `npm run contract` and the theme kit's
 * preview all read it. Adding a call is an entry here (in its family's file) and its handler in the simulator.
 */
export const OPERATOR_CALLS = { ...SESSION_CALLS, ...PROVIDER_CALLS, ...GAME_CALLS, ...MONEY_CALLS };

export type OperatorCalls = typeof OPERATOR_CALLS;
export type CallName = keyof OperatorCalls;
export type CallRequest<N extends CallName> = RequestOf<OperatorCalls[N]>;
export type CallReply<N extends CallName> = ReplyOf<OperatorCalls[N]>;

export { TIMEOUT_MS, type CallFacts, type OperatorCall, type ReplyOf, type RequestOf, type TimeoutClass } from './call';
export { validate, type Check, type Validation } from '../schema/validate';
export { memberTokenRequest, noFields } from './parts';
