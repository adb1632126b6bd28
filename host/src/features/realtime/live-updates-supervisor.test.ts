import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { isOfflineAtom, liveUpdatesAtom, liveUpdatesNoticeAtom, setOfflineAtom } from './live-updates-state';
import { closeCodeOf, superviseLiveUpdates, type SocketPort } from './live-updates-supervisor';

/**
 * A stand-in for pusher-js's connection manager that does what it does on each close (see its connection_manager.ts
 * and protocol.ts): below 4000 and 4100-4199 a retry after 1 s, 4200-4299 a retry at once, 4000-4099 gives up. After
 * a close on an open socket it does nothing more once a listener has disconnected it; during a handshake it schedules
 * its retry whatever the listeners did.
 */
function fakePusher() {
  const stateListeners = new Set<(current: string) => void>();
  const errorListeners = new Set<(error: unknown) => void>();
  let pendingRetry: ReturnType<typeof setTimeout> | undefined;
  const log: string[] = [];
  const setState = (next: string) => {
    if (socket.state === next) return;
    socket.state = next;
    for (const listener of [...stateListeners]) listener(next);
  };
  const emitError = (error: unknown) => {
    for (const listener of [...errorListeners]) listener(error);
  };
  const retryIn = (ms: number) => {
    pendingRetry = setTimeout(() => {
      pendingRetry = undefined;
      log.push('pusher retry');
      socket.connect();
    }, ms);
  };
  const socket: SocketPort & { state: string } = {
    state: 'connecting',
    connect() {
      log.push('connect');
      setState('connecting');
    },
    disconnect() {
      // Logged only when it changes something: pusher-js ignores a disconnect of a closed socket with no retry queued.
      if (socket.state !== 'disconnected' || pendingRetry !== undefined) log.push('disconnect');
      clearTimeout(pendingRetry);
      pendingRetry = undefined;
      setState('disconnected');
    },
    onStateChange(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    onError(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
  };
  const actionOf = (code: number) =>
    (code > 4000 && code < 4100) || code >= 4300 ? 'refused' : code >= 4200 && code < 4300 ? 'retry' : 'backoff';
  return {
    socket,
    log,
    listeners: () => stateListeners.size + errorListeners.size,
    established() {
      setState('connected');
    },
    /** The server closes an open socket with `code`. */
    close(code: number) {
      const error = { type: 'PusherError', data: { code, message: 'closed' } };
      emitError(error);
      if (socket.state !== 'connected') return; // a listener disconnected: pusher-js's close handlers are unbound
      const action = code < 4000 ? null : actionOf(code);
      if (action) emitError({ type: 'WebSocketError', error });
      if (action === 'refused') socket.disconnect();
      else if (action === 'retry') retryIn(0);
      else retryIn(1000);
    },
    /** The server refuses or drops a socket before connection_established. */
    handshakeClose(code: number) {
      const action = actionOf(code);
      emitError({ type: 'WebSocketError', error: { type: 'PusherError', data: { code, message: 'refused' } } });
      if (action === 'refused') socket.disconnect();
      else retryIn(action === 'retry' ? 0 : 1000);
    },
    goUnavailable() {
      setState('unavailable');
    },
    error: emitError,
  };
}

describe('live updates supervisor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (random = 0.5) => {
    const store = createStore();
    const pusher = fakePusher();
    const catchUp = vi.fn();
    const supervisor = superviseLiveUpdates({ store, socket: pusher.socket, catchUp, random: () => random });
    const live = () => {
      pusher.established();
      supervisor.subscribed();
    };
    return {
      store,
      pusher,
      catchUp,
      supervisor,
      live,
      state: () => store.get(liveUpdatesAtom),
      notice: () => store.get(liveUpdatesNoticeAtom),
    };
  };

  it('is connecting until the member channel is subscribed, then live, without a catch-up the first time', () => {
    const { state, notice, live, catchUp } = setup();
    expect(state()).toBe('connecting');
    live();
    expect(state()).toBe('live');
    expect(notice()).toBeNull();
    expect(catchUp).not.toHaveBeenCalled();
  });

  for (const code of [1006, 4200, 4100]) {
    it(`after a ${code} close pusher-js reconnects by itself; nothing is shown and balances are fetched once when live again`, async () => {
      const { pusher, live, state, notice, catchUp } = setup();
      live();
      pusher.close(code);
      expect(state()).toBe('connecting');
      expect(notice()).toBeNull();
      await vi.advanceTimersByTimeAsync(1000);
      expect(pusher.log).toEqual(['pusher retry', 'connect']);
      live();
      expect(state()).toBe('live');
      expect(catchUp).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(catchUp).toHaveBeenCalledTimes(1);
      expect(pusher.log).toEqual(['pusher retry', 'connect']);
    });
  }

  it("a second close in a row is not retried at once: the socket waits 2 s, and pusher-js's own retry is cancelled", async () => {
    const { pusher, live } = setup(0.5);
    live();
    pusher.close(4200);
    await vi.advanceTimersByTimeAsync(0);
    live();
    pusher.log.length = 0;
    pusher.close(4200);
    expect(pusher.socket.state).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(1999);
    expect(pusher.log.filter((l) => l !== 'disconnect')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(pusher.log.filter((l) => l !== 'disconnect')).toEqual(['connect']);
  });

  it('closes that keep coming during the handshake back off 2, 4, 8, 16, then 30 s, and the member is told after 10 s', async () => {
    const { pusher, live, state, notice, catchUp } = setup(0.5);
    live();
    pusher.close(1006);
    await vi.advanceTimersByTimeAsync(1000); // pusher-js's own retry
    const gaps: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      pusher.handshakeClose(4100);
      const closedAt = Date.now();
      const connectsBefore = pusher.log.filter((l) => l === 'connect').length;
      while (pusher.log.filter((l) => l === 'connect').length === connectsBefore) await vi.advanceTimersByTimeAsync(100);
      gaps.push(Date.now() - closedAt);
    }
    expect(gaps).toEqual([2000, 4000, 8000, 16_000, 30_000]);
    expect(pusher.log.filter((l) => l === 'pusher retry')).toHaveLength(1);
    expect(state()).toBe('off');
    expect(notice()).toBe('off');
    live();
    expect(notice()).toBeNull();
    expect(catchUp).toHaveBeenCalledTimes(1);
  });

  it("after 30 s live, earlier closes are forgotten: the next close is pusher-js's to retry again", async () => {
    const { pusher, live } = setup();
    live();
    pusher.close(1006);
    await vi.advanceTimersByTimeAsync(1000);
    live();
    await vi.advanceTimersByTimeAsync(30_000);
    pusher.log.length = 0;
    pusher.close(1006);
    await vi.advanceTimersByTimeAsync(1000);
    expect(pusher.log).toEqual(['pusher retry', 'connect']);
  });

  it('a 4001 close turns live updates off at once and tries again every 30-60 s until the server lets us back', async () => {
    const { pusher, live, state, notice, catchUp } = setup(0);
    live();
    pusher.close(4001);
    expect(state()).toBe('off');
    expect(notice()).toBe('off');
    await vi.advanceTimersByTimeAsync(29_999);
    expect(pusher.log).toEqual(['disconnect']);
    await vi.advanceTimersByTimeAsync(1);
    expect(pusher.log).toEqual(['disconnect', 'connect']);
    // Still refused: still off, and another try 30 s later.
    pusher.handshakeClose(4001);
    expect(state()).toBe('off');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(pusher.log).toEqual(['disconnect', 'connect', 'disconnect', 'connect']);
    expect(state()).toBe('off');
    live();
    expect(state()).toBe('live');
    expect(notice()).toBeNull();
    expect(catchUp).toHaveBeenCalledTimes(1);
  });

  it('spreads the retries after a refusal between 30 and 60 s', async () => {
    const { pusher, live } = setup(0.999);
    live();
    pusher.close(4004);
    await vi.advanceTimersByTimeAsync(59_900);
    expect(pusher.log).toEqual(['disconnect']);
    await vi.advanceTimersByTimeAsync(100);
    expect(pusher.log).toEqual(['disconnect', 'connect']);
  });

  it('a refused channel subscription turns live updates off and subscribes on a fresh socket 30-60 s later', async () => {
    const { pusher, supervisor, state, live, catchUp } = setup(0);
    pusher.established();
    supervisor.subscriptionRefused();
    expect(state()).toBe('off');
    expect(pusher.socket.state).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(29_999);
    expect(pusher.log).toEqual(['disconnect']);
    await vi.advanceTimersByTimeAsync(1);
    expect(pusher.log).toEqual(['disconnect', 'connect']);
    live();
    expect(state()).toBe('live');
    expect(catchUp).toHaveBeenCalledTimes(1);
  });

  it('offline: the member is told, the socket is closed and left alone; online: it reconnects at once and balances are fetched once', async () => {
    const { store, pusher, live, notice, state, catchUp } = setup();
    live();
    store.set(setOfflineAtom, true);
    expect(notice()).toBe('offline');
    expect(state()).toBe('off');
    expect(pusher.socket.state).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(pusher.log).toEqual(['disconnect']);
    store.set(setOfflineAtom, false);
    expect(notice()).toBeNull();
    expect(pusher.log).toEqual(['disconnect', 'connect']);
    live();
    expect(catchUp).toHaveBeenCalledTimes(1);
  });

  it('going offline while refused drops the slow retry; back online it tries at once', async () => {
    const { store, pusher, live } = setup(0);
    live();
    pusher.close(4001);
    store.set(setOfflineAtom, true);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(pusher.log).toEqual(['disconnect']);
    store.set(setOfflineAtom, false);
    expect(pusher.log).toEqual(['disconnect', 'connect']);
  });

  it('starts offline when the browser already is, without a socket', () => {
    const store = createStore();
    store.set(setOfflineAtom, true);
    const pusher = fakePusher();
    superviseLiveUpdates({ store, socket: pusher.socket, catchUp: () => undefined });
    expect(store.get(liveUpdatesNoticeAtom)).toBe('offline');
    expect(pusher.socket.state).toBe('disconnected');
    expect(store.get(isOfflineAtom)).toBe(true);
  });

  it('a server pusher-js cannot reach (unavailable) shows live updates off until it comes back', () => {
    const { pusher, live, notice } = setup();
    pusher.goUnavailable();
    expect(notice()).toBe('off');
    live();
    expect(notice()).toBeNull();
  });

  it('reads close codes from pusher-js errors, and ignores errors without one (a pusher:error frame on an open socket)', async () => {
    expect(closeCodeOf({ type: 'PusherError', data: { code: 4001, message: 'x' } })).toBe(4001);
    expect(closeCodeOf({ type: 'WebSocketError', error: { type: 'PusherError', data: { code: 1006 } } })).toBe(1006);
    expect(closeCodeOf({ type: 'PusherError', data: { code: null, message: 'Client events are not enabled' } })).toBeNull();
    expect(closeCodeOf({ type: 'WebSocketError', error: { isTrusted: true } })).toBeNull();
    expect(closeCodeOf('boom')).toBeNull();
    const { pusher, live, state } = setup();
    live();
    pusher.error({ type: 'PusherError', data: { code: null, message: 'Client events are not enabled' } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state()).toBe('live');
    expect(pusher.log).toEqual([]);
  });

  it('stop clears its timers and listeners and forgets the state', async () => {
    const { pusher, live, supervisor, state, store } = setup(0);
    live();
    pusher.close(4001);
    supervisor.stop();
    expect(state()).toBe('connecting');
    expect(pusher.listeners()).toBe(0);
    store.set(setOfflineAtom, true);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(pusher.log).toEqual(['disconnect']);
  });
});
