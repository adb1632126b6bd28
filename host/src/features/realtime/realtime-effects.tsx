import { useEffect, useRef } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useLocation } from 'react-router-dom';
import { prefixAtom, runtimeConfigAtom } from '../../core/base/boot-state';
import { isLoggedInAtom, memberIdAtom } from '../../core/base/session-state';
import { leaderLock } from '../../core/lib/leader-lock';
import type { RealtimeConnection } from './echo-connection';
import { openMemberChannel } from './member-channel';
import { createSubscriptionScheduler } from './subscription-scheduler';
import { readToken } from '../../core/base/session-cookies';
import { loadMemberStrings } from '../../core/i18n/init-i18n';
import { appMountedAtAtom } from './app-mount';
import { watchNetwork } from './network-status';

/**
 * The member's private channel: joined and left by the scheduler's rules, events written into atoms; and whether
 * the browser is online, which the notice and the channel's supervisor read.
 */
export function RealtimeEffects() {
  const store = useStore();
  const config = useAtomValue(runtimeConfigAtom);
  const prefix = useAtomValue(prefixAtom);
  const logged = useAtomValue(isLoggedInAtom);
  const memberId = useAtomValue(memberIdAtom);
  const { pathname } = useLocation();
  const connection = useRef<Promise<RealtimeConnection> | null>(null);
  const scheduler = useRef<ReturnType<typeof createSubscriptionScheduler> | null>(null);

  useEffect(() => {
    if (!config || !prefix) return;
    // One tab per member refetches: the one leading the credit loop.
    const isLeader = () => leaderLock(`member-credit-${prefix}`).isLeader;
    const connect = () => {
      // The toasts speak with the member strings.
      connection.current ??= loadMemberStrings().then(() => openMemberChannel(store, config, () => readToken(prefix), isLeader));
      return connection.current;
    };
    const created = createSubscriptionScheduler({
      subscribe: (id) => void connect().then((c) => c.join(id)),
      leave: (id) => void connection.current?.then((c) => c.leave(id)),
    });
    created.mount(store.get(appMountedAtAtom) ?? Date.now());
    scheduler.current = created;
    return () => {
      created.stop();
      scheduler.current = null;
      void connection.current?.then((c) => c.disconnect());
      connection.current = null;
    };
  }, [config, prefix, store]);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    const watch = () => {
      if (!cancelled) stop = watchNetwork(store);
    };
    // The offline notice speaks with the member strings; without them (they failed to load) the channel still needs to know.
    loadMemberStrings().then(watch, watch);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [store]);

  useEffect(() => {
    scheduler.current?.update({ memberId, logged, onLogoutPage: pathname.startsWith('/logout') });
  }, [memberId, logged, pathname]);

  return null;
}
