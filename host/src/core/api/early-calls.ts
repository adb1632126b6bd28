import { OPERATOR_CALLS } from '@member/shared-core/api/calls';

/** The early calls, by name. */
export type EarlyCallName = 'checkPrefix' | 'getProfile' | 'gclubGame';

const onTheWire = (name: EarlyCallName) => ({ method: OPERATOR_CALLS[name].method, path: OPERATOR_CALLS[name].path });

/**
 * The operator calls index.html's inline start may send for a member before the app has run (core/config/early-start.ts):
 * reads only, each safe to send twice. Their methods and paths are the catalogue's, handed to the inline start when the
 * host is built (first-screen-plugin.ts), so the two cannot drift apart.
 */
export const EARLY_CALLS: Record<EarlyCallName, { method: 'get' | 'post'; path: string }> = {
  checkPrefix: onTheWire('checkPrefix'),
  getProfile: onTheWire('getProfile'),
  gclubGame: onTheWire('gclubGame'),
};

/**
 * What identifies one call on the wire: its method, path and body as sent (encrypted fields encrypted; AES-CBC with
 * the fixed IV gives the same text for the same value). The inline start computes the same key by the same rule.
 */
export function earlyCallKey(method: string, path: string, body: Record<string, unknown>): string {
  const fields = Object.keys(body)
    .sort()
    .map((name) => [name, String(body[name])]);
  return `${method} ${path} ${JSON.stringify(fields)}`;
}
