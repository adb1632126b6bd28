import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Logger } from '../log';
import { MAX_MESSAGE_BYTES, type RealtimeHub } from './hub';

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

const APP_PATH = /^\/app\/(?<key>[^/]+)$/;

/**
 * The HTTP upgrade of the API port: `/app/{key}` becomes a Pusher-protocol socket (any key: an unknown one is told so
 * over the socket, with 4001, as Pusher does); any other path is answered 404 and closed.
 */
export function pusherUpgrade(hub: RealtimeHub, logger: Logger): UpgradeHandler {
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false });
  return (req, socket, head) => {
    const started = performance.now();
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://sim.invalid');
    } catch {
      url = new URL('http://sim.invalid/');
    }
    const match = APP_PATH.exec(url.pathname);
    if (!match?.groups?.key) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      logger.request({ method: 'GET', route: '(unmatched)', status: 404, ms: 0 });
      return;
    }
    let key: string;
    try {
      key = decodeURIComponent(match.groups.key);
    } catch {
      key = match.groups.key;
    }
    server.handleUpgrade(req, socket, head, (ws) => {
      logger.request({ method: 'GET', route: '/app/:key', status: 101, ms: Math.round((performance.now() - started) * 10) / 10 });
      hub.accept(ws, key, url.searchParams);
    });
  };
}
