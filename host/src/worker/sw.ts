/// <reference lib="webworker" />
/**
 * The service worker, served as `/sw.js` with scope `/` (bundled on its own by service-worker-plugin.ts; Serwist's
 * injectManifest writes the precache list into it). It answers only what cache-rules.ts names:
 *
 * - the shell (index.html, the offline page, the host's first-screen files) is precached with the build's revisions;
 * - hashed files of the host and of every configured theme remote: cache first;
 * - `/config.json`, `/sites.json` and each remote's manifest, signed list and remoteEntry: network first (a remote's
 *   stored copy only while the device is offline);
 * - pages: network (navigation preload), else the brand's offline page;
 * - the host's images (the brands' logos): stored while fetched again.
 *
 * Nothing else passes through it: API calls, channel authorisation, launches, the socket and anything carrying a
 * token reach the network as if there were no worker. A theme release the page refused (older, expired, of another
 * theme, signed by a retired key, tampered) has its stored files dropped on the page's word, so none is answered again. A new worker installs and waits; it takes over only when a page
 * asks it to (the member's "reload" on the update offer), never by itself.
 */
import {
  CacheableResponsePlugin, CacheFirst, ExpirationPlugin, NetworkFirst, NetworkOnly, PrecacheFallbackPlugin, PrecacheRoute, Route,
  Serwist, StaleWhileRevalidate, type PrecacheEntry, type RouteMatchCallbackOptions, type Strategy,
} from 'serwist';
import { cacheContextOf, cacheRuleFor, mayKeep, OFFLINE_PAGE_PATH, storedCopyMayAnswer, type CacheContext, type CacheRule } from './cache-rules';
import { RELEASE_REFUSED_MESSAGE, SESSION_ENDED_MESSAGE, WORKER_CACHES } from './messages';

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

const origin = self.location.origin;

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  // Exact addresses only: `/` and the pages are never answered from the precache (a page is always asked of the network).
  precacheOptions: { cacheName: WORKER_CACHES.precache, cleanupOutdatedCaches: true, directoryIndex: null, cleanURLs: false, ignoreURLParametersMatching: [] },
  // Waits for the member's reload (a SKIP_WAITING message from the page); see update-rule.ts.
  skipWaiting: false,
  // The first worker takes the open page at once, so its next navigation already has the offline page behind it.
  clientsClaim: true,
  navigationPreload: true,
  disableDevLogs: true,
});

let context: CacheContext | null = null;
const learnConfig = (config: unknown) => {
  context = cacheContextOf(config, origin);
};
// After a restart the worker knows the config again from its stored copy; the next fresh one replaces it.
const contextLoaded: Promise<void> = caches
  .open(WORKER_CACHES.runtimeFiles)
  .then((cache) => cache.match(`${origin}/config.json`))
  .then(async (reply) => {
    if (reply && !context) learnConfig(await reply.json());
  })
  .catch(() => undefined);

const okOnly = new CacheableResponsePlugin({ statuses: [200] });
const strategies: Record<Exclude<CacheRule, 'network' | 'unknown'>, Strategy> = {
  immutable: new CacheFirst({
    cacheName: WORKER_CACHES.chunks,
    // Each release adds its chunks; the oldest go, so the store stays a few megabytes.
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true })],
  }),
  fresh: new NetworkFirst({
    cacheName: WORKER_CACHES.runtimeFiles,
    plugins: [
      okOnly,
      {
        fetchDidSucceed: async ({ request, response }) => {
          if (response.ok && new URL(request.url).href === `${origin}/config.json`) {
            response
              .clone()
              .json()
              .then(learnConfig, () => undefined);
          }
          return response;
        },
      },
    ],
  }),
  navigation: new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackUrls: [OFFLINE_PAGE_PATH], serwist })] }),
  image: new StaleWhileRevalidate({
    cacheName: WORKER_CACHES.images,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 40, purgeOnQuotaError: true })],
  }),
};

/**
 * A remote's manifest, signed list or remoteEntry while the device is online: the network's answer (stored for when it
 * is not), or the network's failure as it is (storedCopyMayAnswer).
 */
async function freshFromNetworkOnly(request: Request, event: ExtendableEvent): Promise<Response> {
  const response = await fetch(request);
  if (response.status === 200) {
    const copy = response.clone();
    event.waitUntil(caches.open(WORKER_CACHES.runtimeFiles).then((cache) => cache.put(request, copy)));
  }
  return response;
}

/**
 * A hashed file asked for past every cache (`cache: 'reload'`: the page found the copy it holds is not the signed one,
 * theme/stored-copies.ts): the network's answer, which replaces the stored copy, so one wrong answer is not kept for the
 * store's two months.
 */
async function refreshStoredCopy(request: Request, event: ExtendableEvent): Promise<Response> {
  const response = await fetch(request);
  if (response.status === 200) {
    const copy = response.clone();
    event.waitUntil(caches.open(WORKER_CACHES.chunks).then((cache) => cache.put(request.url, copy)));
  }
  return response;
}

const ruleOf = (request: Request): CacheRule =>
  cacheRuleFor(
    { url: request.url, method: request.method, mode: request.mode, destination: request.destination, authorization: request.headers.has('authorization') },
    origin,
    context,
  );

const route = new Route(
  ({ request }: RouteMatchCallbackOptions) => {
    const rule = ruleOf(request);
    return rule === 'network' ? false : { rule };
  },
  async ({ request, event, params }) => {
    let rule = (params as { rule: CacheRule }).rule;
    if (rule === 'unknown') {
      await contextLoaded;
      rule = ruleOf(request);
    }
    if (rule === 'network' || rule === 'unknown') return fetch(request);
    if (rule === 'fresh' && !storedCopyMayAnswer(request.url, origin, self.navigator.onLine)) return freshFromNetworkOnly(request, event);
    if (rule === 'immutable' && request.cache === 'reload') return refreshStoredCopy(request, event);
    return strategies[rule].handle({ request, event });
  },
);

// Pages first, so a page's address that happens to be precached (`/index.html`) is still asked of the network.
const precacheRoute = serwist.routes.get('GET')?.find((registered) => registered instanceof PrecacheRoute);
if (precacheRoute) serwist.unregisterRoute(precacheRoute);
serwist.registerRoute(route);
if (precacheRoute) serwist.registerRoute(precacheRoute);

/**
 * The member's session ended (logout, a dead token): the worker is meant to hold nothing of theirs, and makes sure of
 * it by dropping every stored entry the rules would not store now (an API reply, an address with a token) from every
 * cache of its own.
 */
async function dropWhatMayNotStay(): Promise<number> {
  await contextLoaded;
  let dropped = 0;
  const ours = Object.values(WORKER_CACHES) as string[];
  for (const name of await caches.keys()) {
    if (!ours.includes(name)) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (mayKeep(request.url, origin, context)) continue;
      await cache.delete(request);
      dropped += 1;
    }
  }
  return dropped;
}

/**
 * A theme release the page refused: its files (absolute addresses of a configured remote) leave every cache of the
 * worker's own, so a stored copy of a refused release is never answered, online or off.
 */
async function dropReleaseFiles(urls: readonly string[]): Promise<number> {
  await contextLoaded;
  const remote = (url: string) => context?.remoteBases.some((base) => url.startsWith(base.endsWith('/') ? base : `${base}/`)) ?? false;
  const listed = new Set(urls.filter((url) => typeof url === 'string' && remote(url)));
  let dropped = 0;
  for (const name of [WORKER_CACHES.chunks, WORKER_CACHES.runtimeFiles]) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      url.search = '';
      if (!listed.has(url.href)) continue;
      await cache.delete(request);
      dropped += 1;
    }
  }
  return dropped;
}

self.addEventListener('message', (event) => {
  const message = event.data as { type?: unknown; urls?: unknown } | null;
  let done: Promise<number>;
  if (message?.type === SESSION_ENDED_MESSAGE) done = dropWhatMayNotStay();
  else if (message?.type === RELEASE_REFUSED_MESSAGE && Array.isArray(message.urls)) done = dropReleaseFiles(message.urls as string[]);
  else return;
  event.waitUntil(done);
  void done.then((dropped) => event.ports[0]?.postMessage({ dropped }));
});

serwist.addEventListeners();
