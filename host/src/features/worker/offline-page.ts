/**
 * The brand's offline page (offline.html, precached): what a navigation shows when there is no network, instead of
 * the browser's error page. It reads the brand from the address or the login cookie, and its name, logo and schemes
 * from the stored `/sites.json` (the worker keeps the last one), the colours its pages last showed (kept by
 * register-worker.ts), the member's language and scheme from local storage, and reloads as soon as the network is back.
 * A script of its own, bundled apart from the app: it loads neither React nor i18next.
 */
import { offlinePageText } from '@member/shared-core/offline-page';
import { DARK_KEY, LOCALE_KEY } from '../../core/lib/locale-key';
import { BRAND_COLOURS_KEY, offlineLook, type BrandColours } from './offline-look';
import { WORKER_CACHES } from './messages';

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The stored sites.json: through the worker (network first, its copy offline), else straight from its cache. */
async function storedSites(): Promise<unknown> {
  try {
    const reply = await fetch('/sites.json', { credentials: 'same-origin' });
    if (reply.ok) return await reply.json();
  } catch {
    // Offline and not under the worker: its cache may still hold the file.
  }
  try {
    const cached = await (await caches.open(WORKER_CACHES.runtimeFiles)).match('/sites.json');
    return cached ? await cached.json() : null;
  } catch {
    return null;
  }
}

function paint(colours: BrandColours): void {
  const style = document.documentElement.style;
  style.setProperty('--offline-bg', colours.bg);
  style.setProperty('--offline-text', colours.text);
  style.setProperty('--offline-muted', colours.muted);
  style.setProperty('--offline-primary', colours.primary);
  style.setProperty('--offline-on-primary', colours.onPrimary);
}

function element<T extends HTMLElement>(selector: string): T | null {
  return document.querySelector<T>(selector);
}

async function show(): Promise<void> {
  const look = offlineLook({
    search: window.location.search,
    cookie: document.cookie,
    storedLocale: stored(LOCALE_KEY),
    storedDark: stored(DARK_KEY),
    keptColours: (prefix) => stored(`${BRAND_COLOURS_KEY}${prefix}`),
    sites: await storedSites(),
  });
  const text = offlinePageText[look.lang];
  const root = document.documentElement;
  root.lang = look.lang;
  root.dataset.scheme = look.scheme;
  root.style.colorScheme = look.scheme;
  paint(look.colours);
  document.title = look.name ? `${text.title} · ${look.name}` : text.title;
  const logo = element<HTMLImageElement>('.offline__logo');
  if (logo && look.logo) {
    logo.addEventListener('error', () => logo.remove(), { once: true });
    logo.src = look.logo;
    logo.hidden = false;
  }
  const name = element('.offline__name');
  if (name) name.textContent = look.name;
  const title = element('.offline__title');
  if (title) title.textContent = text.title;
  const help = element('.offline__help');
  if (help) help.textContent = text.help;
  const retry = element<HTMLButtonElement>('.offline__retry');
  const status = element('.offline__status');
  if (retry) {
    retry.textContent = text.retry;
    retry.addEventListener('click', () => {
      if (navigator.onLine) window.location.reload();
      else if (status) status.textContent = text.stillOffline;
    });
  }
  element('.offline')?.setAttribute('data-brand', look.prefix ?? '');
}

window.addEventListener('online', () => window.location.reload());
void show();
