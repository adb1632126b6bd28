import { useCountdown as useCountdownOn } from '@member/shared-core/games/use-countdown';
import { serverNow } from '../../core/lib/server-clock';

/** Whole seconds left until `until`, a server time like the stamp it counts to (the contract's countdown on the server's clock). */
export const useCountdown = (until: number): number => useCountdownOn(until, serverNow);
