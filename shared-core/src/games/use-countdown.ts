import { useEffect, useState } from 'react';
import { secondsUntil } from './lobby-order';

/**
 * Whole seconds left until `until`, on the clock `now` reads (the host's server clock, like the stamp it counts to),
 * ticking four times a second.
 *
 * The reading is taken afresh whenever `until` changes, in the same render: a countdown that starts long after the
 * hook mounted must not show the seconds between the mount and the new stamp (a stale "11") until the first tick.
 */
export function useCountdown(until: number, now: () => number): number {
  const [reading, setReading] = useState(() => ({ until, now: now() }));
  let at = reading.now;
  if (reading.until !== until) {
    at = now();
    setReading({ until, now: at });
  }
  useEffect(() => {
    if (until <= now()) return;
    const timer = setInterval(() => setReading({ until, now: now() }), 250);
    return () => clearInterval(timer);
  }, [until, now]);
  return secondsUntil(until, at);
}
