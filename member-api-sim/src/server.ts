import { resolveOptions, type SimulatorOptions } from './config';
import { controlRoutes } from './control';
import { healthRoute } from './control/health';
import { apiRouteName } from './faults';
import { createApp } from './http/app';
import { listen, type Listening } from './http/listen';
import type { Route } from './http/route';
import { createLogger, type Logger } from './log';
import { assetRoutes } from './pages/assets';
import { gameImageRoutes } from './pages/game-images';
import { gameLaunchRoutes } from './pages/game-launch';
import { lineAuthorizeRoutes } from './pages/line-authorize';
import { ufaLaunchRoutes } from './pages/ufa-launch';
import { broadcastingAuthRoute } from './pusher/broadcasting-auth';
import { pusherTriggerRoute } from './pusher/rest-trigger';
import { pusherUpgrade } from './pusher/upgrade';
import { apiRoutes } from './routes';
import { createSim } from './sim';
import { loadSites } from './state/sites';
import { publicUrls } from './views/member';
import { createWireCipher } from './wire/crypto';

export type { SimulatorOptions } from './config';

export interface RunningSimulator {
  ports: { api: number; auth: number };
  /** Where to reach the API port, e.g. `http://127.0.0.1:3100`. */
  baseUrl: string;
  /** Where to reach the broadcasting-auth stand-in. */
  authBaseUrl: string;
  /** The base of the links the simulator hands out. */
  publicBase: string;
  /** The addresses each port is bound to (both loopback addresses unless `host` says otherwise). */
  addresses: { api: string[]; auth: string[] };
  close(): Promise<void>;
}

const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host);
const WILDCARD = new Set(['0.0.0.0', '::']);

/**
 * Starts the simulator: the operator API, LINE pages, control API, Pusher REST trigger and the Pusher-protocol socket
 * (`/app/{key}`, by HTTP upgrade) on `port`, the broadcasting-auth stand-in on `authPort`. Both may be 0 (tests), and
 * the real ports are returned.
 */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const config = resolveOptions(options);
  const logger: Logger = typeof config.log === 'string' ? createLogger(config.log) : config.log;
  const cipher = createWireCipher(config.aesKey, config.aesIv);
  const sites = loadSites(config.sitesFile);
  const sim = createSim({
    sites,
    cipher,
    allowedOrigins: config.allowedOrigins,
    now: config.now,
    rotateEvery: config.rotateEvery,
    providerSessionMs: config.providerSessionMs,
    withdrawPendingMs: config.withdrawPendingMs,
    pusher: config.pusher,
  });

  const calls = apiRoutes(sim);
  const apiRouteNames = () => calls.map((route) => apiRouteName(route.name));
  const api: Route[] = [
    ...calls,
    ...lineAuthorizeRoutes(sim),
    ...ufaLaunchRoutes(sim),
    ...gameLaunchRoutes(sim),
    ...gameImageRoutes(),
    ...assetRoutes(sim),
    ...controlRoutes(sim, apiRouteNames),
    pusherTriggerRoute(sim),
  ];
  const auth: Route[] = [healthRoute(), broadcastingAuthRoute(sim)];

  const shared = { cipher, logger, allowedOrigins: config.allowedOrigins, faults: sim.faults, requests: sim.requests, now: config.now };
  const opened: Listening[] = [];
  try {
    const upgrade = pusherUpgrade(sim.realtime, logger);
    opened.push(await listen(createApp({ ...shared, routes: api, apiPrefix: '/api/' }), config.port, config.hosts, logger, upgrade));
    opened.push(await listen(createApp({ ...shared, routes: auth }), config.authPort, config.hosts, logger));
  } catch (error) {
    sim.stop();
    await Promise.all(opened.map((l) => l.close()));
    throw error;
  }
  const [apiListening, authListening] = opened as [Listening, Listening];

  const primaryHost = config.hosts[0] ?? '127.0.0.1';
  const reachHost = WILDCARD.has(primaryHost) ? 'localhost' : urlHost(primaryHost);
  const defaultPublicHost = options.host && !WILDCARD.has(options.host) ? urlHost(options.host) : 'localhost';
  const publicBase = config.publicBase ?? `http://${defaultPublicHost}:${apiListening.port}`;
  sim.urls = publicUrls(publicBase);

  logger.event('info', 'member-api-sim listening', {
    port: apiListening.port,
    authPort: authListening.port,
    hosts: apiListening.addresses.join(','),
    publicBase,
    sites: sites.keys().join(','),
  });

  let closed = false;
  return {
    ports: { api: apiListening.port, auth: authListening.port },
    baseUrl: `http://${reachHost}:${apiListening.port}`,
    authBaseUrl: `http://${reachHost}:${authListening.port}`,
    publicBase,
    addresses: { api: apiListening.addresses, auth: authListening.addresses },
    async close() {
      if (closed) return;
      closed = true;
      sim.stop();
      await Promise.all([apiListening.close(), authListening.close()]);
    },
  };
}
