/** Every path of the test-control API starts with this. */
export const CONTROL_PREFIX = '/__sim/';

export const isControlPath = (pathname: string): boolean => pathname.startsWith(CONTROL_PREFIX);

/**
 * Why a control request is refused on its `Origin`, or null when it may go on.
 *
 * A browser puts `Origin` on every cross-origin request and on every POST, even a `no-cors` one whose answer the page
 * can never read: without this check any web page open in the tester's browser could reset the ledger, install faults
 * or revoke sessions with a form or a `text/plain` fetch. Only the host's own origins may call the control API from a
 * page. Node clients (Playwright's `request`, the e2e helpers, curl) send no `Origin` and are allowed; so is anything
 * else that can reach the port, which is why the simulator listens on loopback by default.
 */
export function controlOriginProblem(origin: string | undefined, allowedOrigins: readonly string[]): string | null {
  if (origin === undefined) return null;
  if (allowedOrigins.includes(origin)) return null;
  return `Origin ${origin} may not use the control API; allowed origins: ${allowedOrigins.join(', ')}`;
}
