import { createServer as createHttpServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '../log';

function listenOne(server: Server, port: number, host: string): Promise<void> {
  return new Promise((done, fail) => {
    const onError = (error: Error) => fail(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      done();
    });
  });
}

const closeOne = (server: Server) =>
  new Promise<void>((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });

export interface Listening {
  port: number;
  /** The addresses actually bound, e.g. `['127.0.0.1', '::1']`. */
  addresses: string[];
  close(): Promise<void>;
}

/**
 * Listens on the first host (where the port is decided, 0 meaning any free one), then on the same port on the
 * other hosts; an extra host that cannot be bound (no IPv6, say) is skipped with a warning. `onUpgrade` takes the
 * HTTP upgrades (WebSocket) of every server.
 */
export async function listen(
  handler: RequestListener,
  port: number,
  hosts: readonly string[],
  logger: Logger,
  onUpgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void,
): Promise<Listening> {
  const servers: Server[] = [];
  const close = async () => {
    await Promise.all(servers.map(closeOne));
  };
  const [first, ...rest] = hosts;
  const createServer = (listener: RequestListener) => {
    const server = createHttpServer(listener);
    if (onUpgrade) server.on('upgrade', onUpgrade);
    return server;
  };
  const primary = createServer(handler);
  await listenOne(primary, port, first ?? '127.0.0.1');
  servers.push(primary);
  const actual = (primary.address() as AddressInfo).port;
  for (const host of rest) {
    const server = createServer(handler);
    try {
      await listenOne(server, actual, host);
      servers.push(server);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
      if (code !== 'EADDRNOTAVAIL' && code !== 'EAFNOSUPPORT') logger.event('warn', 'extra address not bound', { host, port: actual, code });
    }
  }
  const addresses = servers.map((server) => (server.address() as AddressInfo).address);
  return { port: actual, addresses, close };
}
