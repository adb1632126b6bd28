import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import type { Logger } from '../log';

function listenOne(server: Server, port: number, host: string): Promise<void> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
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
 * Serves `app` on the first host (where the port is decided, 0 meaning any free one), then on the same port on the
 * other hosts; an extra host that cannot be bound (no IPv6, say) is skipped with a warning. One Node server per
 * address, each running the app through Hono's Node adapter; `onUpgrade` takes their HTTP upgrades (WebSocket).
 */
export async function listen(
  app: { fetch: Parameters<typeof getRequestListener>[0] },
  port: number,
  hosts: readonly string[],
  logger: Logger,
  onUpgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => void,
): Promise<Listening> {
  const listener = getRequestListener(app.fetch);
  const servers: Server[] = [];
  const serverFor = () => {
    // Idle connections are kept as long as nginx keeps them (75 s): with Node's 5 s, a client that reuses an idle
    // connection just as the server closes it gets a reset instead of an answer.
    const server = createServer({ keepAliveTimeout: 75_000, headersTimeout: 80_000 }, listener);
    if (onUpgrade) server.on('upgrade', onUpgrade);
    return server;
  };
  const [first, ...rest] = hosts;
  const primary = serverFor();
  await listenOne(primary, port, first ?? '127.0.0.1');
  servers.push(primary);
  const actual = (primary.address() as AddressInfo).port;
  for (const host of rest) {
    const server = serverFor();
    try {
      await listenOne(server, actual, host);
      servers.push(server);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
      if (code !== 'EADDRNOTAVAIL' && code !== 'EAFNOSUPPORT')
        logger.event('warn', 'extra address not bound', { host, port: actual, code });
    }
  }
  const addresses = servers.map((server) => (server.address() as AddressInfo).address);
  return { port: actual, addresses, close: async () => void (await Promise.all(servers.map(closeOne))) };
}
