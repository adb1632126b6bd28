import type { AppStore } from '../../core/base/store';
import { isOfflineAtom, liveUpdatesAtom, setLiveUpdatesAtom, type LiveUpdates } from './live-updates-state';

/**
 * The socket as pusher-js's connection manager shows it. What pusher-js already does by itself (read in its
 * `connection_manager.ts` and `protocol.ts`):
 * - a close below 4000 (1006 and the like) or 4100-4199: reconnects after 1 s, every time, never longer;
 * - 4200-4299: reconnects at once, every time;
 * - 4000-4099 and 4300+: gives up for good (state `disconnected`);
 * - on reconnect, subscribes every channel again;
 * - a server it cannot reach: retries with growing timeouts, state `unavailable` after 10 s.
 * What this adds: a growing back-off when closes repeat, a slow retry after a refusal (pusher-js's or a refused
 * channel), disconnecting while offline and reconnecting at once when back, the state the member is shown, and one
 * catch-up fetch once the channel is live again.
 */
export interface SocketPort {
  /** pusher-js's connection state: initialized, connecting, connected, unavailable, failed, disconnected. */
  readonly state: string;
  connect(): void;
  disconnect(): void;
  onStateChange(listener: (current: string) => void): () => void;
  /** pusher-js's `error` events: close codes arrive here, before pusher-js acts on them. */
  onError(listener: (error: unknown) => void): () => void;
}

/** A short reconnect goes unmentioned; not live again after this long, the member is told. */
export const OFF_NOTICE_AFTER_MS = 10_000;
/** Live for this long, earlier closes no longer count towards the back-off. */
export const STABLE_AFTER_MS = 30_000;
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;
/** After a refusal, try again every 30 to 60 s (spread so a fleet of tabs does not come back in step). */
export const REFUSED_RETRY_MIN_MS = 30_000;
export const REFUSED_RETRY_SPREAD_MS = 30_000;

/** The close code in a pusher-js `error` event: `{type:'PusherError', data:{code}}`, or wrapped in `{error: …}` during the handshake. */
export function closeCodeOf(error: unknown): number | null {
  const pusherError = (value: unknown): number | null => {
    if (typeof value !== 'object' || value === null || (value as { type?: unknown }).type !== 'PusherError') return null;
    const code = (value as { data?: { code?: unknown } }).data?.code;
    return typeof code === 'number' && code >= 1000 ? code : null;
  };
  return pusherError(error) ?? (typeof error === 'object' && error !== null ? pusherError((error as { error?: unknown }).error) : null);
}

/** The protocol's "do not reconnect" codes, as pusher-js reads them (4000 only asks for TLS, which pusher-js does). */
export const isRefusal = (code: number) => (code > 4000 && code < 4100) || code >= 4300;

/** Delay before the nth consecutive reconnect that this module takes over (n ≥ 2): 2 s, 4 s, 8 s … 30 s, ±20 %. */
export function backoffDelay(failures: number, random: () => number): number {
  return Math.round(Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (failures - 1)) * (0.8 + 0.4 * random()));
}

export const refusedRetryDelay = (random: () => number) => Math.round(REFUSED_RETRY_MIN_MS + REFUSED_RETRY_SPREAD_MS * random());

export interface SuperviseOptions {
  store: AppStore;
  socket: SocketPort;
  /** Fetches what the events missed while we were not listening (both balances); called once per return to live. */
  catchUp(): void;
  random?: () => number;
}

export interface LiveUpdatesSupervisor {
  /** The member channel's subscription succeeded (first time, or again after a reconnect). */
  subscribed(): void;
  /** The member channel's subscription was refused (broadcasting auth said no, or the server did). */
  subscriptionRefused(): void;
  stop(): void;
}

/** Watches one realtime connection and keeps `liveUpdatesAtom` true to what the member gets. */
export function superviseLiveUpdates({ store, socket, catchUp, random = Math.random }: SuperviseOptions): LiveUpdatesSupervisor {
  let stopped = false;
  /** Something was lost since the channel was last live: fetch once it is live again. */
  let catchUpDue = false;
  /** Closes since the channel was last live for STABLE_AFTER_MS. */
  let failures = 0;
  /** pusher-js reports one close up to twice in the same turn (the close, then the action it takes): count it once. */
  let closeSeenThisTurn = false;
  /** The `disconnected` state we are about to cause is ours, not a refusal. */
  let disconnecting = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let offTimer: ReturnType<typeof setTimeout> | undefined;
  let stableTimer: ReturnType<typeof setTimeout> | undefined;

  const state = () => store.get(liveUpdatesAtom);
  const show = (value: LiveUpdates) => store.set(setLiveUpdatesAtom, value);
  const offline = () => store.get(isOfflineAtom);

  const clearTimers = () => {
    clearTimeout(retryTimer);
    clearTimeout(offTimer);
    clearTimeout(stableTimer);
    retryTimer = offTimer = stableTimer = undefined;
  };

  const disconnectQuietly = () => {
    disconnecting = true;
    try {
      socket.disconnect();
    } finally {
      disconnecting = false;
    }
  };

  /** The channel is no longer live: say nothing for a moment, then that live updates are off. */
  const lost = () => {
    clearTimeout(stableTimer);
    stableTimer = undefined;
    catchUpDue = true;
    if (state() === 'live') show('connecting');
    if (state() === 'connecting' && offTimer === undefined) {
      offTimer = setTimeout(() => {
        offTimer = undefined;
        if (state() !== 'live') show('off');
      }, OFF_NOTICE_AFTER_MS);
    }
  };

  const off = () => {
    clearTimeout(offTimer);
    clearTimeout(stableTimer);
    offTimer = stableTimer = undefined;
    catchUpDue = true;
    show('off');
  };

  /** Takes the reconnect out of pusher-js's hands: closed now, connected again after `delay` (not while offline). */
  const reconnectIn = (delay: number) => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    disconnectQuietly();
    // During a handshake pusher-js schedules its own retry right after telling us: cancel that one too.
    queueMicrotask(() => {
      if (!stopped && socket.state === 'disconnected') disconnectQuietly();
    });
    if (offline()) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (!stopped && !offline()) socket.connect();
    }, delay);
  };

  const onClose = (code: number) => {
    if (closeSeenThisTurn) return;
    closeSeenThisTurn = true;
    queueMicrotask(() => {
      closeSeenThisTurn = false;
    });
    // A refusal ends in the `disconnected` state, handled there.
    if (isRefusal(code)) return;
    lost();
    failures += 1;
    // The first close is pusher-js's to handle (at once or after 1 s); repeated ones back off.
    if (failures >= 2) reconnectIn(backoffDelay(failures, random));
  };

  const onState = (current: string) => {
    if (current === 'connecting') {
      if (state() === 'live') lost();
    } else if (current === 'unavailable' || current === 'failed') {
      // pusher-js keeps trying when unavailable; a failed transport has nothing left to try.
      off();
    } else if (current === 'disconnected' && !disconnecting && !offline()) {
      // pusher-js has given up (a 4000-4099 close): it will not come back by itself.
      off();
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        if (!stopped && !offline()) socket.connect();
      }, refusedRetryDelay(random));
    }
  };

  const onNetwork = () => {
    if (offline()) {
      clearTimers();
      catchUpDue = true;
      show('off');
      disconnectQuietly();
      return;
    }
    failures = 0;
    show('connecting');
    lost();
    socket.connect();
  };

  const unbindState = socket.onStateChange((current) => {
    if (!stopped) onState(current);
  });
  const unbindError = socket.onError((error) => {
    const code = closeCodeOf(error);
    if (!stopped && code !== null) onClose(code);
  });
  const unsubscribeNetwork = store.sub(isOfflineAtom, () => {
    if (!stopped) onNetwork();
  });
  show('connecting');
  if (offline()) onNetwork();

  return {
    subscribed() {
      if (stopped) return;
      clearTimeout(offTimer);
      clearTimeout(retryTimer);
      offTimer = retryTimer = undefined;
      show('live');
      clearTimeout(stableTimer);
      stableTimer = setTimeout(() => {
        stableTimer = undefined;
        failures = 0;
      }, STABLE_AFTER_MS);
      if (catchUpDue) {
        catchUpDue = false;
        catchUp();
      }
    },
    subscriptionRefused() {
      if (stopped || offline()) return;
      off();
      // A refused subscription stays refused on this socket: a fresh socket later subscribes afresh.
      reconnectIn(refusedRetryDelay(random));
    },
    stop() {
      stopped = true;
      clearTimers();
      unbindState();
      unbindError();
      unsubscribeNetwork();
      show('connecting');
    },
  };
}
