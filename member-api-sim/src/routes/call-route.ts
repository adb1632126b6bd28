import type { CallFacts } from '@member/shared-core/api/calls';
import type { Handler, Route } from '../http/route';
import type { WireCipher } from '../wire/crypto';
import { openFields } from '../wire/fields';

/**
 * The route of one call of the catalogue: its method and path are the entry's, and so are the fields opened before the
 * handler runs (`openFields`); the handler holds only the call's behaviour. Its name, for logs, request records and
 * faults, is its path.
 */
export function callRoute(call: CallFacts, handler: Handler, cipher: WireCipher): Route {
  return {
    method: call.method === 'get' ? 'GET' : 'POST',
    path: call.path,
    name: call.path,
    kind: 'api',
    handler: (ctx) => handler({ ...ctx, body: openFields(ctx.body, call.encrypted, cipher) }),
  };
}
