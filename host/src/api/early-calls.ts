/**
 * The operator calls index.html's inline start may send for a member before the app has run (config/early-start.ts):
 * reads only, each safe to send twice. Their endpoints take their paths from here, so the two cannot drift apart.
 */
export const EARLY_CALLS = {
  checkPrefix: { method: 'get', path: '/api/checkPrefix' },
  getProfile: { method: 'post', path: '/api/getProfile' },
  gclubGame: { method: 'post', path: '/api/gclubGame' },
} as const;

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
