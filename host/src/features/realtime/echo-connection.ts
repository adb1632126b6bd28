import type { RuntimeConfig } from '@member/shared-core';
import { BROADCAST_AUTH_PATH } from '@member/shared-core/api/broadcast-auth';
import { MEMBER_EVENTS, type MemberEventName } from '@member/shared-core/realtime/member-events';
import { retryOnce } from '../../core/lib/chunk-guard';
import type { SocketPort } from './live-updates-supervisor';

export interface MemberChannelHandlers {
  onEvent(event: MemberEventName, data: unknown): void;
  /** The member channel is subscribed: the first time, and again after every reconnect (pusher-js resubscribes). */
  onSubscribed(): void;
  /** The subscription was refused: by the broadcasting-auth host (`status` is its HTTP status) or by the socket server. */
  onSubscriptionRefused(status: number | null): void;
}

export interface RealtimeConnection {
  join(memberId: number): void;
  leave(memberId: number): void;
  disconnect(): void;
  /** The socket underneath, for whoever decides when to reconnect. */
  readonly socket: SocketPort;
}

/**
 * laravel-echo over pusher-js, loaded on first use (never on first paint): cluster ap1, ws/wss only,
 * no stats, and channel authorisation that reads the live token each time it is asked.
 */
export async function connectRealtime(
  config: RuntimeConfig,
  readToken: () => string | null,
  handlers: MemberChannelHandlers,
): Promise<RealtimeConnection> {
  // Live events are not what the page waits for: a chunk that fails twice leaves them off, without a reload.
  const [{ default: Echo }, { default: Pusher }] = await retryOnce(() =>
    Promise.all([import(/* webpackChunkName: "realtime" */ 'laravel-echo'), import(/* webpackChunkName: "realtime" */ 'pusher-js')]),
  );
  const authEndpoint = `${config.broadcastAuthBase.replace(/\/$/, '')}${BROADCAST_AUTH_PATH}`;
  const echo = new Echo({
    broadcaster: 'pusher',
    key: config.pusher.key,
    cluster: config.pusher.cluster,
    Pusher,
    forceTLS: config.pusher.forceTLS,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    ...socketOptions(config.pusher),
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        const token = readToken();
        if (!token) {
          callback(new Error('no session'), null);
          return;
        }
        fetch(authEndpoint, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify({ socket_id: socketId, channel_name: channelName }),
          credentials: 'omit',
          referrerPolicy: 'no-referrer',
        })
          .then(async (response) => {
            if (!response.ok) {
              callback(new Error(`channel authorisation refused (${response.status})`), null);
              return;
            }
            callback(null, (await response.json()) as { auth: string });
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null));
      },
    },
  });

  const pusher = echo.connector.pusher;
  const connection = pusher.connection;
  const socket: SocketPort = {
    get state() {
      return connection.state;
    },
    connect: () => pusher.connect(),
    disconnect: () => pusher.disconnect(),
    onStateChange(listener) {
      const bound = ({ current }: { previous: string; current: string }) => listener(current);
      connection.bind('state_change', bound);
      return () => connection.unbind('state_change', bound);
    },
    onError(listener) {
      connection.bind('error', listener);
      return () => connection.unbind('error', listener);
    },
  };

  return {
    socket,
    join(memberId) {
      const channel = echo
        .private(`member.${memberId}`)
        .subscribed(() => handlers.onSubscribed())
        .error((error: unknown) => handlers.onSubscriptionRefused(subscriptionStatusOf(error)));
      // The leading dot: the name as the server broadcasts it, without Echo's `App\Events\` namespace.
      for (const event of MEMBER_EVENTS) channel.listen(`.${event}`, (data: unknown) => handlers.onEvent(event, data));
    },
    leave(memberId) {
      echo.leave(`member.${memberId}`);
    },
    disconnect() {
      echo.disconnect();
    },
  };
}

/**
 * Where pusher-js opens the socket. Without `wsHost` it is Pusher Channels' cluster host and its defaults.
 * A TLS port of its own (`wssPort`) is for a server that listens on two ports or sits behind a TLS proxy
 * on 443; without one, `wsPort` serves both schemes, as earlier configs expect. `wsPath` is the path
 * before `/app/{key}` when the socket shares a host under a path.
 */
export function socketOptions(pusher: RuntimeConfig['pusher']): { wsHost?: string; wsPort?: number; wssPort?: number; wsPath?: string } {
  const wssPort = pusher.wssPort ?? pusher.wsPort;
  return {
    ...(pusher.wsHost ? { wsHost: pusher.wsHost } : {}),
    ...(pusher.wsPort ? { wsPort: pusher.wsPort } : {}),
    ...(wssPort ? { wssPort } : {}),
    ...(pusher.wsPath ? { wsPath: pusher.wsPath } : {}),
  };
}

/** pusher-js's `pusher:subscription_error` carries `{type: 'AuthError', error, status?}`. */
function subscriptionStatusOf(error: unknown): number | null {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : null;
}
