import { createServerClock } from '../lib/server-clock';

// Not in the store: read by the release checks outside React, from the boot's first read of config.json on, before the store has a site.
/**
 * The host's own server's time, from the `Date` of its `/config.json` reply: what a theme release's expiry is judged
 * by. The device's clock may be days off (set by hand), and a brand host's own Date could say anything; the host's
 * server is the deployment's. It is a clock of its own beside the API's (`core/lib/server-clock.ts`, the same
 * estimate): the host's files and the operator's API are two servers. Until it has answered, the device's clock
 * stands in.
 */
const hostServerClock = createServerClock();

/**
 * Learns from one reply of the host's server: its Date header and the device times the request left and it arrived
 * (for a request the early start sent, when the page began to wait for it: the estimate is then off by that head
 * start at most).
 */
export function learnServedTime(dateHeader: string | null, sentAt: number, receivedAt = Date.now()): void {
  hostServerClock.record(dateHeader, sentAt, receivedAt);
}

/** The host's server's time now, in ms since 1970 (the device's, until the server said). */
export function servedNow(): number {
  return hostServerClock.now();
}
