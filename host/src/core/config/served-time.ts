// Not in the store: read by the release checks outside React, from the boot's first read of config.json on, before the store has a site.
/**
 * The host's own server's time, from the `Date` of its `/config.json` reply: what a theme release's expiry is judged
 * by. The device's clock may be days off (set by hand), and a brand host's own Date could say anything; the host's
 * server is the deployment's. Until it has answered, the device's clock stands in.
 */
let offset: number | null = null;

/** Learns the offset from one reply of the host's server (its Date header, whole seconds) as it arrives. */
export function learnServedTime(dateHeader: string | null, receivedAt = Date.now()): void {
  if (!dateHeader) return;
  const stamped = Date.parse(dateHeader);
  if (!Number.isNaN(stamped)) offset = stamped - receivedAt;
}

/** The host's server's time now, in ms since 1970 (the device's, until the server said). */
export function servedNow(): number {
  return Date.now() + (offset ?? 0);
}
