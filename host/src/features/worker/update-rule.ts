/**
 * When the member is offered the new version of the site, and when its worker is asked to check for one. Pure, so the
 * registration (register-worker.ts) and the tests read the same rules.
 *
 * A new host is never put in place under the member's hand: its worker waits (installed, not active) until the member
 * presses "reload" on the offer, and the offer itself waits while any withdrawal is unresolved on the device (a reload
 * then would interrupt a send the member is watching), showing again once it has resolved.
 */
export type UpdateOffer = 'none' | 'deferred' | 'offered';

export interface UpdateFacts {
  /** A new worker is installed and waiting to take over. */
  waiting: boolean;
  /** Some withdrawal intent on this device has no known outcome yet (any brand, any tab). */
  withdrawalUnresolved: boolean;
}

export function updateOffer({ waiting, withdrawalUnresolved }: UpdateFacts): UpdateOffer {
  if (!waiting) return 'none';
  return withdrawalUnresolved ? 'deferred' : 'offered';
}

/** The member pressed reload: the new version takes over only if it is still waiting and nothing holds it back now. */
export function mayApplyUpdate(facts: UpdateFacts): boolean {
  return updateOffer(facts) === 'offered';
}

/**
 * How often an open page asks for a new worker. The browser also checks on every navigation; these add a check when a
 * page that stayed open comes back into view, and one while it stays in view. Each check is one request for `/sw.js`
 * past the HTTP cache (about 11 KiB with brotli), no call of the operator's API.
 */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** No check follows another sooner than this, whatever asks for it. */
export const UPDATE_CHECK_MIN_GAP_MS = 15 * 60 * 1000;

export type UpdateCheckReason = 'interval' | 'visible';

export interface UpdateCheckFacts {
  reason: UpdateCheckReason;
  now: number;
  /** When the page last checked (or registered), in the same clock as `now`. */
  lastCheck: number;
  /** The page is in view (`document.visibilityState === 'visible'`). */
  visible: boolean;
  /** The browser reports a network (`navigator.onLine`). */
  online: boolean;
}

/**
 * The hourly timer and the page coming back into view ask; a hidden or offline page never checks, and no check follows
 * another within 15 minutes. At most four checks an hour, one an hour for a page left open in view.
 */
export function shouldCheckForUpdate({ now, lastCheck, visible, online }: UpdateCheckFacts): boolean {
  return visible && online && now - lastCheck >= UPDATE_CHECK_MIN_GAP_MS;
}
