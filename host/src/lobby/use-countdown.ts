import { useEffect, useState } from 'react';
import { secondsUntil } from '@member/shared-core/games/lobby-order';
import { serverNow } from '../lib/server-clock';

/**
 * Whole seconds left until `until` (server time, like the stamp it counts to), ticking four times a second.
 *
 * The reading is taken afresh whenever `until` changes, in the same render: a countdown that starts long after the
 * hook mounted must not show the seconds between the mount and the new stamp (a stale "11") until the first tick.
 */
export function useCountdown(until: number): number {
  const [reading, setReading] = useState(() => ({ until, now: serverNow() }));
  let now = reading.now;
  if (reading.until !== until) {
    now = serverNow();
    setReading({ until, now });
  }
  useEffect(() => {
    if (until <= serverNow()) return;
    const timer = setInterval(() => setReading({ until, now: serverNow() }), 250);
    return () => clearInterval(timer);
  }, [until]);
  return secondsUntil(until, now);
}
