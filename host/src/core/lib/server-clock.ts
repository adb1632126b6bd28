/**
 * The server's clock as seen from this device. Phones are often minutes or days off (set by hand, no network time),
 * so every rule about "today", "last 7 days" or "updated at" reads `serverNow()` instead of `Date.now()`.
 *
 * Each API reply's `Date` header (whole seconds) says what time it was on the server at some moment between sending
 * the request and receiving the reply. That bounds the offset (server minus device) to an interval; the intervals
 * of successive replies are intersected, so the estimate only gets tighter, and the middle of it is used. When a
 * new interval does not meet the old one, one of the clocks jumped: the estimate starts again from the new reply.
 */
export interface ServerClock {
  /** Learns from one reply: its Date header and the device times the request left and the reply arrived. */
  record(dateHeader: string | null, sentAt: number, receivedAt: number): void;
  /** Server time minus device time, in ms; 0 until a reply said otherwise. */
  offset(): number;
  /** The server's time now, in ms since the epoch. */
  now(): number;
  /** Called whenever the offset changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createServerClock(deviceNow: () => number = () => Date.now()): ServerClock {
  let bounds: { low: number; high: number } | null = null;
  let offset = 0;
  const listeners = new Set<() => void>();

  return {
    record(dateHeader, sentAt, receivedAt) {
      if (!dateHeader) return;
      const stamped = Date.parse(dateHeader);
      if (Number.isNaN(stamped) || receivedAt < sentAt) return;
      const low = stamped - receivedAt;
      const high = stamped + 1000 - sentAt;
      bounds =
        bounds && low <= bounds.high && high >= bounds.low
          ? { low: Math.max(low, bounds.low), high: Math.min(high, bounds.high) }
          : { low, high };
      const next = Math.round((bounds.low + bounds.high) / 2);
      if (next === offset) return;
      offset = next;
      for (const listener of listeners) listener();
    },
    offset: () => offset,
    now: () => deviceNow() + offset,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// Not in the store: fed by the API client's replies and read by the date helpers outside React, for the page.
/** The one clock of the app, fed by the API client. */
export const serverClock = createServerClock();

export const serverNow = (): number => serverClock.now();

/** The server's time now as an ISO string, for "updated at" stamps. */
export const serverIsoNow = (): string => new Date(serverClock.now()).toISOString();
