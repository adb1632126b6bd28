import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { prefixAtom, runtimeConfigAtom } from '../state/boot';
import { isLoggedInAtom, memberIdAtom } from '../state/session';
import { leaderLock } from '../effects/leader-lock';
import { connectRealtime, type RealtimeConnection } from '../realtime/echo-connection';
import { handleMemberGameStatus, handleMemberTrans } from '../realtime/member-events';
import { createSubscriptionScheduler } from '../realtime/subscription-scheduler';
import { refreshAllBalances } from '../games/game-actions';
import { readToken } from '../session/session-cookies';

/** The member's private channel: joined and left by the scheduler's rules, events written into atoms. */
export function RealtimeEffects() {
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
      connection.current ??= connectRealtime(config, () => readToken(prefix), {
        onEvent: (event, data) => {
          if (event === 'MemberTrans') handleMemberTrans(data, { refetch: isLeader() });
          else handleMemberGameStatus(data);
        },
        // Events are not replayed after a reconnect: fetch both balances once instead.
        onReconnected: () => {
          if (isLeader()) void refreshAllBalances();
        },
        onAuthRefused: (status) => console.warn(`[realtime] channel authorisation refused (${status}); not retrying`),
      });
      return connection.current;
    };
    const created = createSubscriptionScheduler({
      subscribe: (id) => void connect().then((c) => c.join(id)),
      leave: (id) => void connection.current?.then((c) => c.leave(id)),
    });
    created.mount();
    scheduler.current = created;
    return () => {
      created.stop();
      scheduler.current = null;
      void connection.current?.then((c) => c.disconnect());
      connection.current = null;
    };
  }, [config, prefix]);

  useEffect(() => {
    scheduler.current?.update({ memberId, logged, onLogoutPage: pathname.startsWith('/logout') });
  }, [memberId, logged, pathname]);

  return null;
}
