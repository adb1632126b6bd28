import type { Setter } from 'jotai';
import { storageOf } from '../../core/lib/safe-storage';
import { DRAWN_ATTRIBUTES } from '@member/shared-core/drawing';
import { KEEP_FRAME_MESSAGE, SKIP_WAITING_MESSAGE } from './messages';
import { RUNTIME_FILES, WORKER_PATH } from './cache-rules';
import { mayApplyUpdate, shouldCheckForUpdate, UPDATE_CHECK_INTERVAL_MS } from './update-rule';
import { setUpdateApplyAtom, setUpdateApplyingAtom, setUpdateHeldAtom, setUpdateWaitingAtom } from './update-state';
import { BRAND_COLOURS_KEY, COLOUR_TOKENS, type BrandColours } from './offline-look';

/** What holds a new version back: an unresolved withdrawal (the app wires the wallet's answer, app/routes/worker-updates.ts). */
export interface UpdateHold {
  unresolved(): boolean;
  watch(onChange: () => void): () => void;
}

export interface WorkerBrand {
  prefix: string | null;
  /** The brand's logo as sites.json names it: a path on the host's origin is kept for the offline page. */
  logo: string | null;
}

/** The parts of the browser this needs, so a test can hand in its own. */
export interface WorkerEnvironment {
  container: ServiceWorkerContainer;
  document: Document;
  window: Window;
  now: () => number;
}

/** How long the member's press waits for the new worker to take over before the page reloads anyway. */
export const UPDATE_TAKEOVER_WAIT_MS = 3000;

/** A message Serwist's worker answers by fetching each address through its own rules (sw.ts stores what they allow). */
const CACHE_URLS_MESSAGE = 'CACHE_URLS';

/**
 * The brand's colours as the page shows them (the theme's tokens lent to the document), kept per scheme for the offline
 * page. Nothing of the member: the same for everyone who opens the brand.
 */
export function keepBrandColours(prefix: string, doc: Document, storage: Storage | null): void {
  const scheme = doc.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
  const style = doc.defaultView?.getComputedStyle(doc.documentElement);
  if (!style || !storage) return;
  const colours = {} as BrandColours;
  for (const [name, token] of Object.entries(COLOUR_TOKENS) as [keyof BrandColours, string][]) {
    const value = style.getPropertyValue(token).trim();
    if (!value) return;
    colours[name] = value;
  }
  try {
    const key = `${BRAND_COLOURS_KEY}${prefix}`;
    const kept = JSON.parse(storage.getItem(key) ?? '{}') as Record<string, unknown>;
    storage.setItem(key, JSON.stringify({ ...kept, [scheme]: colours }));
  } catch {
    // Storage refused or full: the offline page paints in neutral colours.
  }
}

function navigationOf(win: Window): PerformanceNavigationTiming | undefined {
  return win.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
}

/** The address the page was loaded from. */
function loadedAddress(win: Window): string {
  return navigationOf(win)?.name || win.location.href;
}

/**
 * Whether a worker answered this document's own request (its navigation entry's `workerStart`). A page that came
 * before the worker was active may be in its control by now (the first worker claims the open pages), so control now
 * does not say it; without the entry, control when the app began is the best word there is.
 */
function answeredByWorker(win: Window, controlledAtStart: boolean): boolean {
  const navigation = navigationOf(win);
  return navigation ? navigation.workerStart > 0 : controlledAtStart;
}

/**
 * Registers `/sw.js` (scope `/`) and follows its updates:
 * - a new worker that has installed while an older one controls the page waits; the offer shows unless a withdrawal is
 *   unresolved, and the member's reload tells it to take over, then reloads this tab once it has (other tabs keep
 *   their page and are not reloaded);
 * - the browser checks `/sw.js` on each navigation; an open page also checks hourly while in view and when shown again,
 *   never twice within 15 minutes (update-rule.ts);
 * - when no worker answered the page's own request (none was active yet), the worker is asked to store the run-time
 *   files and the brand's logo, so the offline page has them even when the member never navigates again before going
 *   offline; and on a member's frame drawn in the HTML, to keep that frame for the next visit to its address.
 */
export async function registerWorker(set: Setter, hold: UpdateHold, brand: WorkerBrand, env: WorkerEnvironment): Promise<() => void> {
  const { container, document: doc, window: win } = env;
  const cameThroughWorker = answeredByWorker(win, container.controller !== null);
  const registration = await container.register(WORKER_PATH, { scope: '/', updateViaCache: 'none' });
  const stops: (() => void)[] = [];
  let waiting: ServiceWorker | null = null;
  /**
   * The member's press, until the tab reloads under the new worker: 'asked' once the waiting worker was told to take
   * over; 'reloaded early' once the wait ran out and the tab reloaded before any takeover.
   */
  let press: 'none' | 'asked' | 'reloaded early' = 'none';

  const readHold = () => set(setUpdateHeldAtom, hold.unresolved());
  const markWaiting = (worker: ServiceWorker | null) => {
    waiting = worker;
    if (worker) readHold();
    set(setUpdateWaitingAtom, worker !== null);
  };
  const follow = (worker: ServiceWorker) => {
    worker.addEventListener('statechange', () => {
      // Installed beside a worker that controls this page: it waits for the member. (The first worker activates at once.)
      if (worker.state === 'installed' && container.controller) markWaiting(worker);
      if (worker.state === 'redundant' && waiting === worker) markWaiting(null);
    });
  };
  if (registration.waiting && container.controller) markWaiting(registration.waiting);
  if (registration.installing) follow(registration.installing);
  const onUpdateFound = () => {
    if (registration.installing) follow(registration.installing);
  };
  registration.addEventListener('updatefound', onUpdateFound);
  stops.push(() => registration.removeEventListener('updatefound', onUpdateFound));
  stops.push(hold.watch(readHold));

  // The new version opens at the top of the page (the browser would otherwise put the member back mid-page).
  const reloadAtTop = () => {
    win.scrollTo(0, 0);
    win.location.reload();
  };
  const onControllerChange = () => {
    // The tab whose member pressed reload loads the new version; any other tab keeps its page and loses the offer.
    // A tab that reloaded before the takeover reloads again when it comes: Chromium can leave that first load waiting
    // for good on the worker being replaced (a request the old worker answered as it stopped holds the takeover back
    // until the load starts, and the load then stays on the old worker).
    if (press !== 'none') {
      press = 'none';
      reloadAtTop();
    } else markWaiting(registration.waiting);
  };
  container.addEventListener('controllerchange', onControllerChange);
  stops.push(() => container.removeEventListener('controllerchange', onControllerChange));

  set(setUpdateApplyAtom, () => {
    // One press is enough, and a press again while the new version comes does nothing more.
    if (press !== 'none') return;
    const withdrawalUnresolved = hold.unresolved();
    set(setUpdateHeldAtom, withdrawalUnresolved);
    // The worker waiting now, which may be newer than the one the offer was first made for.
    const worker = registration.waiting ?? waiting;
    if (!worker || !mayApplyUpdate({ waiting: true, withdrawalUnresolved })) return;
    press = 'asked';
    // The offer says the new version is loading: the takeover can take seconds (below), and the page shows it.
    set(setUpdateApplyingAtom, true);
    worker.postMessage({ type: SKIP_WAITING_MESSAGE });
    // One press is enough: a worker that never takes over (replaced meanwhile by a newer one) still leaves the page
    // reloaded, and that load's own check finds the newest version.
    win.setTimeout(() => {
      if (press !== 'asked') return;
      press = 'reloaded early';
      reloadAtTop();
    }, UPDATE_TAKEOVER_WAIT_MS);
  });

  let lastCheck = env.now();
  const check = (reason: 'interval' | 'visible') => {
    const now = env.now();
    if (!shouldCheckForUpdate({ reason, now, lastCheck, visible: doc.visibilityState === 'visible', online: win.navigator.onLine })) return;
    lastCheck = now;
    registration.update().catch(() => undefined);
  };
  const timer = win.setInterval(() => check('interval'), UPDATE_CHECK_INTERVAL_MS);
  stops.push(() => win.clearInterval(timer));
  const onVisibility = () => check('visible');
  doc.addEventListener('visibilitychange', onVisibility);
  stops.push(() => doc.removeEventListener('visibilitychange', onVisibility));

  if (brand.prefix) keepBrandColours(brand.prefix, doc, storageOf('localStorage', win));
  if (!cameThroughWorker) {
    const logo = brand.logo?.startsWith('/') && !brand.logo.startsWith('//') ? [brand.logo] : [];
    // A member's frame drawn in the HTML is kept by the address it came from (the app may have changed the address since).
    const frame = doc.documentElement.getAttribute(DRAWN_ATTRIBUTES.kind) === 'member' ? loadedAddress(win) : null;
    void container.ready
      .then((ready) => {
        ready.active?.postMessage({ type: CACHE_URLS_MESSAGE, payload: { urlsToCache: [...RUNTIME_FILES, ...logo] } });
        if (frame) ready.active?.postMessage({ type: KEEP_FRAME_MESSAGE, url: frame });
      })
      .catch(() => undefined);
  }
  return () => {
    for (const stop of stops) stop();
  };
}
