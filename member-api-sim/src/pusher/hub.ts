import { randomInt } from 'node:crypto';
import type { SimSocketState } from '../control-types';
import { WebSocket } from 'ws';
import { verifyChannelAuth, type PusherCredentials } from './signatures';

/**
 * The Pusher-protocol socket server (protocol 7, https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/)
 * as far as a members' site uses it: connection, ping/pong both ways, public and private channels, events pushed
 * by the simulator or the REST trigger. Presence channels and client events are not offered.
 *
 * Frames: `pusher:connection_established` (data: JSON string `{socket_id, activity_timeout}`), `pusher:error` (data:
 * `{code, message}`), `pusher:pong` / `pusher:ping` (data `{}`), `pusher_internal:subscription_succeeded` (data `"{}"`),
 * `pusher:subscription_error` (data: JSON string `{type, error, status}`), and channel events `{event, channel, data}`
 * where data is a JSON string.
 */

export const DEFAULT_ACTIVITY_TIMEOUT_S = 120;
/** Silence after activity_timeout before the server pings (Pusher's own margin). */
export const IDLE_MARGIN_MS = 30_000;
export const DEFAULT_PONG_TIMEOUT_MS = 30_000;
export const SUPPORTED_PROTOCOLS = [5, 6, 7] as const;
export const MAX_MESSAGE_BYTES = 10 * 1024;

/** Close codes of the protocol (4000-4099: do not reconnect; 4100-4199: back off; 4200-4299: reconnect now). */
export const CLOSE = {
  unknownAppKey: 4001,
  unsupportedProtocol: 4007,
  reconnect: 4200,
  pongTimeout: 4201,
} as const;

/** 1006 is never sent on the wire: it is what a client sees when the connection is cut without a close frame. */
export const ABNORMAL_CLOSE = 1006;

/** Codes a close frame may carry (RFC 6455 §7.4: 1000-1014 minus the reserved 1004-1006, and 3000-4999). */
export function isSendableCloseCode(code: number): boolean {
  return (
    Number.isInteger(code) &&
    ((code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999))
  );
}

/** The reason a close frame carries when the caller gives none, by the protocol's ranges. */
export function defaultCloseReason(code: number): string {
  if (code >= 4000 && code < 4100) return 'Connection refused';
  if (code >= 4100 && code < 4200) return 'Over capacity, back off';
  if (code >= 4200 && code < 4300) return 'Please reconnect';
  return 'Closed by the simulator';
}

/** New sockets refused with this code until cleared or `until` (ms since the epoch) passes. */
export interface SocketRefusal {
  code: number;
  reason: string;
  until: number | null;
}

const CHANNEL_NAME = /^[-a-zA-Z0-9_=@,.;]{1,164}$/;

export const memberChannel = (cid: number | string) => `private-member.${cid}`;

export interface HubOptions {
  credentials: PusherCredentials;
  /** Sent in connection_established, seconds (default 120). */
  activityTimeoutS: number;
  /** Silence after which the server sends `pusher:ping` (default activity_timeout + 30 s). */
  idleMs: number;
  /** Time the client has to answer a server ping before the socket is closed with 4201 (default 30 s). */
  pongTimeoutMs: number;
  now: () => number;
}

interface Connection {
  socketId: string;
  ws: WebSocket;
  channels: Set<string>;
  connectedAt: number;
  lastMessageAt: number | null;
  timer: NodeJS.Timeout | null;
}

type Frame = { event: string; channel?: string; data?: unknown };

function parseFrame(raw: string): Frame | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || typeof (value as Frame).event !== 'string') return null;
    return value as Frame;
  } catch {
    return null;
  }
}

/** Client frames carry `data` as an object (pusher-js) or as a JSON string (other clients). */
function frameData(frame: Frame): Record<string, unknown> {
  let data = frame.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return {};
    }
  }
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

export class RealtimeHub {
  private readonly connections = new Map<string, Connection>();
  private refusal: SocketRefusal | null = null;

  constructor(private readonly options: HubOptions) {}

  get credentials(): PusherCredentials {
    return this.options.credentials;
  }

  private send(connection: Connection, frame: Frame): void {
    if (connection.ws.readyState === WebSocket.OPEN) connection.ws.send(JSON.stringify(frame));
  }

  private error(connection: Connection, code: number | null, message: string): void {
    this.send(connection, { event: 'pusher:error', data: { code, message } });
  }

  private newSocketId(): string {
    for (;;) {
      const id = `${randomInt(1, 2 ** 31 - 1)}.${randomInt(1, 2 ** 31 - 1)}`;
      if (!this.connections.has(id)) return id;
    }
  }

  /** Arms the idle timer: after `idleMs` of silence a ping, then `pongTimeoutMs` for any answer, then close 4201. */
  private armIdle(connection: Connection): void {
    if (connection.timer) clearTimeout(connection.timer);
    connection.timer = setTimeout(() => {
      this.send(connection, { event: 'pusher:ping', data: {} });
      connection.timer = setTimeout(() => connection.ws.close(CLOSE.pongTimeout, 'Pong reply not received'), this.options.pongTimeoutMs);
      connection.timer.unref();
    }, this.options.idleMs);
    connection.timer.unref();
  }

  /** A socket that has just been upgraded at `/app/{appKey}?protocol=7&client=js&version=…`. */
  accept(ws: WebSocket, appKey: string, query: URLSearchParams): void {
    const connection: Connection = {
      socketId: this.newSocketId(),
      ws,
      channels: new Set(),
      connectedAt: this.options.now(),
      lastMessageAt: null,
      timer: null,
    };
    ws.on('error', () => ws.terminate());
    const refusal = this.currentRefusal();
    if (refusal) {
      // As Pusher refuses a disabled or over-quota app: an error frame with the code, then the close with it.
      this.error(connection, refusal.code, refusal.reason);
      ws.close(refusal.code, refusal.reason);
      return;
    }
    if (appKey !== this.options.credentials.key) {
      this.error(connection, CLOSE.unknownAppKey, `App key ${appKey} not in this cluster. Did you forget to specify the cluster?`);
      ws.close(CLOSE.unknownAppKey, 'Unknown app key');
      return;
    }
    const protocol = Number(query.get('protocol'));
    if (!SUPPORTED_PROTOCOLS.includes(protocol as (typeof SUPPORTED_PROTOCOLS)[number])) {
      this.error(connection, CLOSE.unsupportedProtocol, 'Unsupported protocol version');
      ws.close(CLOSE.unsupportedProtocol, 'Unsupported protocol version');
      return;
    }

    this.connections.set(connection.socketId, connection);
    ws.on('close', () => {
      if (connection.timer) clearTimeout(connection.timer);
      this.connections.delete(connection.socketId);
    });
    ws.on('message', (raw, isBinary) => {
      connection.lastMessageAt = this.options.now();
      this.armIdle(connection);
      if (isBinary) return;
      this.receive(connection, raw.toString());
    });
    this.send(connection, {
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: connection.socketId, activity_timeout: this.options.activityTimeoutS }),
    });
    this.armIdle(connection);
  }

  private receive(connection: Connection, raw: string): void {
    const frame = parseFrame(raw);
    if (!frame) {
      this.error(connection, null, 'Invalid message: not a JSON object with an event');
      return;
    }
    switch (frame.event) {
      case 'pusher:ping':
        this.send(connection, { event: 'pusher:pong', data: {} });
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        this.subscribe(connection, frameData(frame));
        return;
      case 'pusher:unsubscribe': {
        const channel = frameData(frame).channel;
        if (typeof channel === 'string') connection.channels.delete(channel);
        return;
      }
      default:
        if (frame.event.startsWith('client-')) this.error(connection, null, 'Client events are not enabled for this app');
    }
  }

  private subscribe(connection: Connection, data: Record<string, unknown>): void {
    const channel = data.channel;
    if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) {
      this.error(connection, null, 'Invalid channel name');
      return;
    }
    const refuse = (error: string, status: number) =>
      this.send(connection, { event: 'pusher:subscription_error', channel, data: JSON.stringify({ type: 'AuthError', error, status }) });
    if (channel.startsWith('presence-')) {
      refuse('Presence channels are not offered by this app', 403);
      return;
    }
    if (channel.startsWith('private-') && !verifyChannelAuth(this.options.credentials, connection.socketId, channel, data.auth)) {
      refuse(`Invalid signature: the auth value does not match socket_id ${connection.socketId} and channel ${channel}`, 401);
      return;
    }
    connection.channels.add(channel);
    this.send(connection, { event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
  }

  /** Pushes an event to every socket subscribed to one of the channels (once per socket); returns how many got it. */
  trigger(channels: readonly string[], event: string, data: string, exceptSocketId?: string): number {
    let delivered = 0;
    for (const connection of this.connections.values()) {
      if (connection.socketId === exceptSocketId) continue;
      const channel = channels.find((c) => connection.channels.has(c));
      if (channel === undefined) continue;
      this.send(connection, { event, channel, data });
      delivered += 1;
    }
    return delivered;
  }

  list(): SimSocketState[] {
    return [...this.connections.values()].map((c) => ({
      socket_id: c.socketId,
      channels: [...c.channels].sort(),
      connectedAt: new Date(c.connectedAt).toISOString(),
      lastMessageAt: c.lastMessageAt === null ? null : new Date(c.lastMessageAt).toISOString(),
    }));
  }

  /**
   * Closes the sockets subscribed to `channel` (every socket without one) and returns how many: 1006 cuts the
   * connection without a close frame, as a network failure does; any other code is sent in a close frame with `reason`.
   */
  drop(channel: string | null, code: number, reason = defaultCloseReason(code)): number {
    const matching = [...this.connections.values()].filter((c) => channel === null || c.channels.has(channel));
    for (const connection of matching) {
      if (connection.timer) clearTimeout(connection.timer);
      this.connections.delete(connection.socketId);
      if (code === ABNORMAL_CLOSE) connection.ws.terminate();
      else connection.ws.close(code, reason);
    }
    return matching.length;
  }

  /** From now on every new socket is refused with `code` (until `forMs` has passed, or `refuse(null)`). */
  refuse(refusal: { code: number; reason?: string; forMs?: number } | null): SocketRefusal | null {
    this.refusal =
      refusal === null
        ? null
        : {
            code: refusal.code,
            reason: refusal.reason ?? defaultCloseReason(refusal.code),
            until: refusal.forMs === undefined ? null : this.options.now() + refusal.forMs,
          };
    return this.refusal;
  }

  /** The refusal in force, if any (one whose time is up is forgotten). */
  currentRefusal(): SocketRefusal | null {
    if (this.refusal?.until != null && this.options.now() >= this.refusal.until) this.refusal = null;
    return this.refusal;
  }

  /** Every socket stays connected but leaves every channel, and new sockets are welcome again (`/__sim/reset`). */
  clearSubscriptions(): void {
    for (const connection of this.connections.values()) connection.channels.clear();
    this.refusal = null;
  }

  /** Cuts every socket (the simulator is closing). */
  close(): void {
    for (const connection of this.connections.values()) {
      if (connection.timer) clearTimeout(connection.timer);
      connection.ws.terminate();
    }
    this.connections.clear();
  }
}
