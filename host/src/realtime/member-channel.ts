import type { RuntimeConfig } from '@member/shared-core';
import { connectRealtime, type RealtimeConnection } from './echo-connection';
import { handleMemberGameStatus, handleMemberTrans } from './member-events';
import { refreshAllBalances } from '../games/game-actions';

/**
 * The member's channel with its event handling: the events write atoms; only the leading tab refetches.
 */
export function openMemberChannel(config: RuntimeConfig, readToken: () => string | null, isLeader: () => boolean): Promise<RealtimeConnection> {
  return connectRealtime(config, readToken, {
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
}
