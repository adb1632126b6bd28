import type { createStore } from 'jotai';
import type { RuntimeConfig } from '@member/shared-core';
import { connectRealtime, type RealtimeConnection } from './echo-connection';
import { memberGameStatusAtom, memberTransAtom } from './member-events';
import { superviseLiveUpdates, type LiveUpdatesSupervisor } from './live-updates-supervisor';
import { refreshAllBalancesAtom } from '../accounts/game-actions';

/**
 * The member's channel with its event handling and its supervisor: the events write atoms; only the leading tab
 * refetches.
 */
export async function openMemberChannel(
  store: ReturnType<typeof createStore>,
  config: RuntimeConfig,
  readToken: () => string | null,
  isLeader: () => boolean,
): Promise<RealtimeConnection> {
  let supervisor: LiveUpdatesSupervisor | null = null;
  const connection = await connectRealtime(config, readToken, {
    onEvent: (event, data) => {
      if (event === 'MemberTrans') store.set(memberTransAtom, data, { refetch: isLeader() });
      else store.set(memberGameStatusAtom, data);
    },
    onSubscribed: () => supervisor?.subscribed(),
    onSubscriptionRefused: (status) => {
      console.warn(`[realtime] member channel refused (${status ?? 'by the socket server'}); trying again later`);
      supervisor?.subscriptionRefused();
    },
  });
  supervisor = superviseLiveUpdates({
    store,
    socket: connection.socket,
    // Events are not replayed after a gap: fetch both balances once instead.
    catchUp: () => {
      if (isLeader()) void store.set(refreshAllBalancesAtom);
    },
  });
  const supervised = supervisor;
  return {
    ...connection,
    disconnect() {
      supervised.stop();
      connection.disconnect();
    },
  };
}
