import type { RuntimeConfig } from '@member/shared-core';
import { connectRealtime, type RealtimeConnection } from './echo-connection';
import { handleMemberGameStatus, handleMemberTrans } from './member-events';
import { superviseLiveUpdates, type LiveUpdatesSupervisor } from './live-updates-supervisor';
import { refreshAllBalances } from '../accounts/game-actions';
import { store } from '../app/store';

/**
 * The member's channel with its event handling and its supervisor: the events write atoms; only the leading tab
 * refetches.
 */
export async function openMemberChannel(config: RuntimeConfig, readToken: () => string | null, isLeader: () => boolean): Promise<RealtimeConnection> {
  let supervisor: LiveUpdatesSupervisor | null = null;
  const connection = await connectRealtime(config, readToken, {
    onEvent: (event, data) => {
      if (event === 'MemberTrans') handleMemberTrans(data, { refetch: isLeader() });
      else handleMemberGameStatus(data);
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
      if (isLeader()) void refreshAllBalances();
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
