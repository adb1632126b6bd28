/// <reference lib="webworker" />
/**
 * The service worker, served as `/sw.js` with scope `/` (bundled on its own by service-worker-plugin.ts; Serwist's
 * injectManifest writes the precache list into it). It answers only what cache-rules.ts names:
 *
 * - the shell (index.html, the offline page, the host's first-screen files) is precached with the build's revisions;
 * - hashed files of the host and of every configured theme remote: cache first;
 * - `/config.json`, `/sites.json` and each remote's manifest, signed list and remoteEntry: network first (a remote's
 *   stored copy only while the device is offline);
 * - pages: network (navigation preload), else the brand's offline page; a member's frame drawn in the HTML (drawn for
 *   nobody) kept by its address answers the next visit there at once, replaced by the network's answer;
 * - the host's images (the brands' logos): stored while fetched again.
 *
 * Nothing else passes through it: API calls, channel authorisation, launches, the socket and anything carrying a
 * token reach the network as if there were no worker. A theme release the page refused (older, expired, of another
 * theme, signed by a retired key, tampered) has its stored files dropped on the page's word, so none is answered again. A new worker installs and waits; it takes over only when a page
 * asks it to (the member's "reload" on the update offer), never by itself.
 */
import {
  CacheableResponsePlugin,
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  PrecacheFallbackPlugin,
  PrecacheRoute,
  Route,
  Serwist,
  StaleWhileRevalidate,
  type PrecacheEntry,
  type RouteMatchCallbackOptions,
  type Strategy,
} from 'serwist';
import {
  cacheContextOf,
  cacheRuleFor,
  isDrawnMemberFrame,
  keptFrameAnswers,
  mayKeep,
  OFFLINE_PAGE_PATH,
  storedCopyMayAnswer,
  type CacheContext,
  type CacheRule,
} from '../features/worker/cache-rules';
import {
  KEEP_FRAME_MESSAGE,
  KEPT_FRAME_HEADER,
  RELEASE_REFUSED_MESSAGE,
  SESSION_ENDED_MESSAGE,
  WORKER_CACHES,
} from '../features/worker/messages';

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

const origin = self.location.origin;

// The build writes the precache list here (injectManifest looks for this one mention).
const precacheEntries = self.__SW_MANIFEST;

const serwist = new Serwist({
  precacheEntries,
  // Exact addresses only: `/` and the pages are never answered from the precache (a page is always asked of the network).
  precacheOptions: {
    cacheName: WORKER_CACHES.precache,
    cleanupOutdatedCaches: true,
    directoryIndex: null,
    cleanURLs: false,
    ignoreURLParametersMatching: [],
  },
  // Waits for the member's reload (a SKIP_WAITING message from the page); see update-rule.ts.
  skipWaiting: false,
  // The first worker takes the open page at once, so its next navigation already has the offline page behind it.
  clientsClaim: true,
  navigationPreload: true,
  disableDevLogs: true,
});

// Not in the store: the service worker has no app store; it learns the config from the files it fetches.
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

/** Every file the worker precaches, by path: a kept frame answers only when its scripts are among them. */
const precachedPaths: ReadonlySet<string> = new Set(
  (precacheEntries ?? []).map((entry) => new URL(typeof entry === 'string' ? entry : entry.url, origin).pathname),
);

/**
 * What the network answered for a page, kept when it is a member's frame drawn in the HTML (nothing of a member is in
 * it), by its address; any other answer there (a guest's page, once the session is gone) takes a kept frame's place
 * away. The offline page, which stands for no answer, changes nothing.
 */
async function keepFrame(frames: Cache, url: string, response: Response): Promise<void> {
  if (new URL(response.url || url).pathname === OFFLINE_PAGE_PATH) return;
  const text = response.ok && /^text\/html/.test(response.headers.get('content-type') ?? '') ? await response.clone().text() : '';
  if (!isDrawnMemberFrame(text)) {
    await frames.delete(url);
    return;
  }
  const headers = new Headers(response.headers);
  // The kept copy is the text as read: no longer encoded, of its own length.
  headers.delete('content-encoding');
  headers.delete('content-length');
  headers.set(KEPT_FRAME_HEADER, 'kept');
  await frames.put(url, new Response(text, { status: response.status, statusText: response.statusText, headers }));
}

/**
 * A page. A member's frame kept from the last visit to this address answers at once (while online, and only if it is
 * of this worker's build), and the network's answer (the navigation preload, asked for anyway) replaces what is kept
 * for the next visit; else the network's answer, or the offline page.
 */
async function answerPage(request: Request, event: ExtendableEvent): Promise<Response> {
  const frames = await caches.open(WORKER_CACHES.frames);
  const kept = self.navigator.onLine ? await frames.match(request.url) : undefined;
  const fromNetwork = strategies.navigation.handle({ request, event }).then(async (response) => {
    await keepFrame(frames, request.url, response).catch(() => undefined);
    return response;
  });
  if (kept && keptFrameAnswers(await kept.clone().text(), precachedPaths, origin)) {
    event.waitUntil(fromNetwork.catch(() => undefined));
    return kept;
  }
  return fromNetwork;
}

/**
 * A hashed file asked for past every cache (`cache: 'reload'`: the page found the copy it holds is not the signed one,
 * features/remotes/stored-copies.ts): the network's answer, which replaces the stored copy, so one wrong answer is not kept for the
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
    {
      url: request.url,
      method: request.method,
      mode: request.mode,
      destination: request.destination,
      authorization: request.headers.has('authorization'),
    },
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
    if (rule === 'navigation') return answerPage(request, event);
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

/** The frame of a page this worker did not answer (it came before the worker), asked for once and kept. */
async function keepFrameOf(url: string): Promise<void> {
  if (new URL(url).origin !== origin) return;
  const frames = await caches.open(WORKER_CACHES.frames);
  if (await frames.match(url)) return;
  await keepFrame(frames, url, await fetch(url, { credentials: 'same-origin', headers: { accept: 'text/html' } }));
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
  const message = event.data as { type?: unknown; urls?: unknown; url?: unknown } | null;
  if (message?.type === KEEP_FRAME_MESSAGE && typeof message.url === 'string') {
    event.waitUntil(keepFrameOf(message.url).catch(() => undefined));
    return;
  }
  let done: Promise<number>;
  if (message?.type === SESSION_ENDED_MESSAGE) done = dropWhatMayNotStay();
  else if (message?.type === RELEASE_REFUSED_MESSAGE && Array.isArray(message.urls)) done = dropReleaseFiles(message.urls as string[]);
  else return;
  event.waitUntil(done);
  void done.then((dropped) => event.ports[0]?.postMessage({ dropped }));
});

serwist.addEventListeners();
