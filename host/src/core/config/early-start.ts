/**
 * The few lines index.html runs inline, before any bundle has arrived: they start what the first screen
 * needs as soon as the HTML is read instead of one step after another behind the host's JavaScript.
 *
 * - `/config.json` and `/sites.json` are fetched at once; the host's boot takes these replies (early-fetches.ts).
 * - The strings of the language the member reads are preloaded.
 * - Once both files are read: the brand's logo is preloaded, the origins of the theme remotes the site uses (and the
 *   default theme's) are preconnected,
 *   and the first page's theme manifest and its signed list of files are fetched (the host's boot takes those
 *   replies too). When the list is signed by a key config.json gives for the theme, is a release of that theme no
 *   older than the newest this device ran nor than config.json's floor and not expired (the host's own rule,
 *   features/remotes/release-freshness.ts), the manifest is the one signed
 *   and its contract major is the host's, the remoteEntry and the chunks of the first page (and its frame) are
 *   preloaded with their signed hashes as `integrity`, so they download beside the host's own code rather than
 *   after it. Nothing of a remote is asked for before its signature is checked.
 *
 * - The brand shell is painted (the site's logo and name), and only then is the app's entry run. Its scripts are
 *   preloaded by the HTML, so they download meanwhile; what waits is their evaluation, which on a mid-range phone
 *   holds the main thread for about a second and would otherwise hold the brand's first paint behind it. The wait
 *   is bounded (APP_START_BOUND_MS), and there is none when no brand is known or the page is hidden.
 * - On a member's lobby drawn in the HTML whose list the device does not keep, the list goes first on the wire: the
 *   app's code, which the frame holds back, is asked for once the list is read (or at LIST_FIRST_BOUND_MS).
 *
 * Nothing here runs remote code or decides anything: a wrong guess costs a wasted download, never a wrong page.
 * The function is inlined by its source text (first-screen-plugin.ts), so it must use nothing from outside itself,
 * and only syntax every supported browser parses. The page's CSP allows it by the nonce its server puts in each answer
 * in place of the build's placeholder (scripts/csp.mjs).
 */
export interface EarlyHints {
  /** The host's entry scripts, in order: run once the brand shell has painted. */
  entry: string[];
  /** The longest the entry waits for that paint, from the start of the page (APP_START_BOUND_MS). */
  appStartBoundMs: number;
  /**
   * On a page drawn in the HTML, the script that came with it (drawn-start.ts) runs the entry when the member has begun
   * to use the page; this is the longest it waits for that, from the start of the page (DRAWN_START_BOUND_MS).
   */
  drawnStartBoundMs: number;
  /**
   * The attribute of the `<template>` in which a member's lobby drawn in the HTML holds the app's script preloads back
   * (the list first, below).
   */
  heldCodeAttribute: string;
  /** The attribute on such a lobby's `<html>` naming the API base config.json gave when the page was drawn. */
  drawnApiAttribute: string;
  /** The longest the app's code waits for such a lobby's list, from the start of the page (LIST_FIRST_BOUND_MS). */
  listFirstBoundMs: number;
  /** The cookies (each name followed by the brand's key) that together mean a stored session. */
  sessionCookies: string[];
  /** What any page of a member with a stored session loads as soon as the app runs: the session check, the API client. */
  memberFiles: string[];
  /** What each page loads beside that (its hooks; a lobby's list request), by page key. */
  pageFiles: Record<string, string[]>;
  /** URL of the guest strings chunk per locale. */
  strings: { th: string; en: string };
  /** URL of the member strings chunk per locale (every page but login's). */
  memberStrings: { th: string; en: string };
  /** localStorage key of the member's language ('EN' means English). */
  localeKey: string;
  /** The language cookie ('en' means English), read when local storage holds no choice. */
  localeCookie: string;
  /** localStorage key of the member's scheme choice ('true' means dark). */
  darkKey: string;
  /** localStorage key (followed by the prefix) of the ground the brand's shell was last painted on. */
  groundKey: string;
  /** Pages shown without the theme's frame. */
  frameless: readonly string[];
  /** The source of shared-core's PAGE_PATH_PATTERN: a path's page, and the theme a `/{page}/theme/{THEME}` variant names. */
  pagePath: string;
  /** Key of the contract version in a remote's mf-manifest.json `metaData`, and the host's contract major. */
  contractKey: string;
  contractMajor: string;
  /** Key of the lowest host contract a remote needs, and the host's contract version. */
  minHostKey: string;
  contractVersion: string;
  /** The calls a member's first screen makes at once (core/api/early-calls.ts). */
  apiCalls: Record<'checkPrefix' | 'getProfile' | 'gclubGame', { method: 'get' | 'post'; path: string }>;
  /** How long a reply to one of those calls waits to be taken (core/config/early-fetches.ts EARLY_CALL_MAX_AGE_MS). */
  earlyCallMaxAgeMs: number;
  /** Per lobby page: where its brand choice is stored, its default, each brand's list URL and tag, and the open brands. */
  lobbies: Record<
    string,
    { storageKey: string; fallback: string; urls: Record<string, string>; tags: Record<string, string>; open: string[] }
  >;
  /** The local key (followed by the prefix) of the kept lists' tags and ages, and how old a kept list may be (features/lobby/kept-lists.ts). */
  keptListTagsKey: string;
  keptListMaxAgeMs: number;
  /** The local key of the newest release of each theme this device has run (features/remotes/release-memory.ts). */
  releasesKey: string;
  /** The signed lists' format (features/remotes/remote-signature.ts): the one that names the theme, sequence and expiry. */
  signedFormat: string;
}

/** A call to the operator's API the inline script sent (core/api/early-calls.ts); times are `Date.now()`. */
export interface EarlyCall {
  reply: Promise<Response>;
  sentAt: number;
  /** Set when the reply's headers arrived. */
  answeredAt?: number;
}

export interface EarlyFetches {
  config?: Promise<Response>;
  sites?: Promise<Response>;
  /** Manifest replies by absolute URL. */
  manifests: Record<string, Promise<Response>>;
  /** The replies for each manifest's signed list (signed-files.json beside it), by the manifest's absolute URL. */
  signedLists?: Record<string, Promise<Response>>;
  /**
   * Settles once the script has asked for every manifest it is going to ask for (or has given up), so the boot,
   * reading the same run-time files at the same moment, takes those replies rather than asking a second time.
   */
  manifestsAsked?: Promise<void>;
  /** The member's first API calls, by their key (core/api/early-calls.ts `earlyCallKey`). */
  calls?: Record<string, EarlyCall>;
  /** Runs the app's entry (once): what a page drawn in the HTML calls when the member has begun to use it. */
  startApp?: () => void;
}

export const EARLY_GLOBAL = '__memberEarly';

/** Local key (followed by the prefix) of the ground a brand's shell was last painted on: the brand's, not a member's. */
export const GROUND_KEY = 'brandGround_';

/**
 * The longest the app's entry waits for the brand shell's first paint, counted from the start of the page. On a
 * fast connection the shell paints in a few milliseconds; the bound only matters when sites.json or the logo is
 * slow, and then the member's form is worth more than the logo.
 */
export const APP_START_BOUND_MS = 1200;

/** The longest the entry waits on a page drawn in the HTML, whose member can read and type without it. */
export const DRAWN_START_BOUND_MS = 10_000;

/**
 * The longest a member's lobby drawn in the HTML holds the app's code back for its list. On the phone profile the list
 * of a brand of 500 games is in about 0.7 s after it was sent; a slower operator costs the app no more than this.
 */
export const LIST_FIRST_BOUND_MS = 2000;

export function earlyStart(win: Window, hints: EarlyHints): void {
  const doc = win.document;
  const early: EarlyFetches = { manifests: {}, signedLists: {} };
  (win as unknown as Record<string, unknown>)['__memberEarly'] = early;

  const link = (rel: string, href: string, as?: string, cors?: boolean, priority?: string, integrity?: string) => {
    const el = doc.createElement('link');
    el.rel = rel;
    el.href = href;
    if (as) el.setAttribute('as', as);
    if (cors) el.crossOrigin = 'anonymous';
    if (priority) el.setAttribute('fetchpriority', priority);
    if (integrity) el.setAttribute('integrity', integrity);
    doc.head.appendChild(el);
  };

  // The app's entry, run once: after the shell's first paint, when no shell is coming, or at the bound.
  let appStarted = false;
  // What the app loads the moment it runs (the first page's theme chunks, a member's own code, below) is asked for with
  // the entry, once the brand has painted: the brand goes first, and these still download beside the app's own code.
  const withApp: (() => void)[] = [];
  const whenAppStarts = (ask: () => void) => (appStarted ? ask() : withApp.push(ask));
  let memberCode: string[] = [];
  // The list first: on a member's lobby drawn in the HTML whose list this device does not keep, the list is what the
  // page is for, and on a phone's network the app's code would share the line with it. The frame holds the app's
  // script preloads in a template (drawn-document.ts); they go with the entry when the app starts, which waits for the
  // list call to be answered or to fail, for the list not to be sent after all, or for the bound, whichever comes first.
  let holding = false;
  let startAsked = false;
  const heldCode = () => doc.querySelector<HTMLTemplateElement>('template[' + hints.heldCodeAttribute + ']');
  const openHeldCode = () => {
    const held = heldCode();
    if (!held) return;
    held.remove();
    doc.head.appendChild(doc.importNode(held.content, true));
  };
  const release = () => {
    if (!holding) return;
    holding = false;
    if (startAsked) startApp();
  };
  const startApp = () => {
    if (appStarted) return;
    if (holding) {
      startAsked = true;
      return;
    }
    appStarted = true;
    openHeldCode();
    for (const ask of withApp) ask();
    for (const file of memberCode) link('preload', file, 'script', false, 'low');
    for (const src of hints.entry) {
      const script = doc.createElement('script');
      script.src = src;
      // Inserted scripts run as they arrive unless told otherwise; the entry's run in order.
      script.async = false;
      doc.head.appendChild(script);
    }
  };
  early.startApp = startApp;
  // A page drawn in the HTML is usable without the app: its own script runs the entry once the member has begun (drawn-start.ts).
  const drawn = doc.documentElement.hasAttribute('data-drawn-page');
  win.setTimeout(startApp, drawn ? hints.drawnStartBoundMs : hints.appStartBoundMs);
  // A hidden tab paints nothing, so there is nothing to wait for.
  if (doc.visibilityState === 'hidden') startApp();
  const json = (reply: Promise<Response> | undefined): Promise<unknown> =>
    reply ? reply.then((r) => (r.ok ? r.clone().json() : null)) : Promise.resolve(null);
  // The default cache mode, so the HTML's own preloads of both files (first-screen-plugin.ts), which the browser sends
  // before this script has even been compiled, are the replies; the files' no-cache header still has them revalidated.
  const read = (file: string) => win.fetch(file, { credentials: 'same-origin' });
  const record = (value: unknown): Record<string, unknown> =>
    value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');

  let english: boolean;
  let stored: string | null = null;
  try {
    stored = win.localStorage.getItem(hints.localeKey);
  } catch {
    // Storage refused: the cookie decides, like the host.
  }
  if (stored === 'EN' || stored === 'TH') english = stored === 'EN';
  else {
    const cookie = new RegExp(`(?:^|;\\s*)${hints.localeCookie}=([^;]*)`).exec(doc.cookie);
    english = cookie?.[1]?.trim().toLowerCase() === 'en';
  }
  link('preload', english ? hints.strings.en : hints.strings.th, 'script');

  try {
    early.config = read('/config.json');
    early.sites = read('/sites.json');
  } catch {
    startApp();
    return;
  }

  // The brand, as the host resolves it: ?prefix=, else the first four characters of LINE's state, else the login cookie.
  const params = new URLSearchParams(win.location.search);
  let prefix = params.get('prefix');
  const state = params.get('state');
  if (prefix === null && state !== null) prefix = state.slice(0, 4);
  const cookies: Record<string, string> = {};
  // The brands the login cookies name, in order: the host takes the first one sites.json has.
  const cookieBrands: string[] = [];
  for (const pair of doc.cookie.split(';')) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (at <= 0) continue;
    cookies[name] = value;
    if (name === 'member-' + value) cookieBrands.push(value);
  }
  // Until sites.json is read, the first login cookie's brand is the guess.
  const fromCookie = prefix === null;
  if (fromCookie) prefix = cookieBrands[0] ?? null;

  // The page's ground, before anything paints: the brand's, so a dark brand never flashes white. The ground this brand
  // was last painted on is laid at once; a first visit gets it the moment sites.json names the brand (config.json is
  // not waited for). The shell, and then the app, paint over it; it goes with the shell.
  const groundOf = (dark: boolean) => (dark ? '#0d0f14' : '#f5f6fa');
  const layGround = (colour: string) => {
    const style = doc.documentElement.style;
    style.backgroundColor = colour;
    style.colorScheme = colour === groundOf(true) ? 'dark' : 'light';
  };
  const storage = (): Storage | null => {
    try {
      return win.localStorage;
    } catch {
      return null;
    }
  };
  try {
    const kept = prefix === null ? null : (storage()?.getItem(hints.groundKey + prefix) ?? null);
    if (kept === groundOf(true) || kept === groundOf(false)) layGround(kept);
  } catch {
    // Storage refused: the ground comes with sites.json.
  }
  // The scheme as the host resolves it: the site's first, or the member's stored choice among the site's two.
  const darkSite = (site: Record<string, unknown>) => {
    const themes = Array.isArray(site.themes) ? site.themes.map(record) : [];
    let stored: string | null = null;
    try {
      stored = storage()?.getItem(hints.darkKey) ?? null;
    } catch {
      // Storage refused: the site's first scheme.
    }
    const has = (scheme: string) => themes.some((t) => t.theme === scheme);
    let scheme = text(themes[0]?.theme) || 'light';
    if (themes.length > 1 && stored === 'true' && has('dark')) scheme = 'dark';
    if (themes.length > 1 && stored === 'false' && has('light')) scheme = 'light';
    return scheme === 'dark';
  };
  const groundFor = (site: Record<string, unknown>) => {
    const colour = groundOf(darkSite(site));
    layGround(colour);
    try {
      storage()?.setItem(hints.groundKey + text(site.key), colour);
    } catch {
      // Storage refused or full: the next visit lays it when sites.json comes.
    }
  };
  const guessed = prefix;
  json(early.sites)
    .then((sitesJson) => {
      const sites = record(sitesJson).sites;
      const site = record(Array.isArray(sites) ? sites.find((s) => record(s).key === guessed) : undefined);
      if (guessed !== null && site.key && !doc.getElementById('root')?.firstElementChild) groundFor(site);
    })
    .catch(() => undefined);
  // No brand named: no shell to wait for.
  if (prefix === null) startApp();

  // A member with a stored session: what the app will load the moment it runs (the session check, the API client,
  // the page's hooks, the member strings) is asked for with the entry, beside the rest of the app's code, instead of
  // one round trip after the app has run. Not before the brand has painted: the brand goes first.
  let member = false;
  const memberOf = (brand: string | null) => {
    member = brand !== null && hints.sessionCookies.every((name) => !!cookies[name + brand]);
    const page = win.location.pathname.split('/')[1] || '';
    const pageFiles = Object.prototype.hasOwnProperty.call(hints.pageFiles, page) ? hints.pageFiles[page]! : [];
    memberCode = member ? hints.memberFiles.concat(pageFiles, english ? hints.memberStrings.en : hints.memberStrings.th) : [];
  };
  memberOf(prefix);

  /** An API base as the calls are sent to it: absolute, without a trailing slash. */
  const baseOf = (api: string) => new URL(api, win.location.href).href.replace(/\/$/, '');
  /**
   * Sends one of a member's first calls (sendFirstCalls, below) to the API at `api` and keeps it by the key the API
   * client looks it up by. Returns the key and the reply.
   */
  const calls: Record<string, EarlyCall> = {};
  early.calls = calls;
  const send = (api: string, call: { method: string; path: string }, body: Record<string, string>) => {
    const base = baseOf(api);
    const get = call.method === 'get';
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (!get) headers['Content-Type'] = 'application/json';
    const fields = Object.keys(body)
      .sort()
      .map((name) => [name, String(body[name])]);
    const key = call.method + ' ' + call.path + ' ' + JSON.stringify(fields);
    const stop = new AbortController();
    const entry: EarlyCall = {
      sentAt: Date.now(),
      reply: win.fetch(base + call.path + (get ? '?' + new URLSearchParams(body).toString() : ''), {
        method: get ? 'GET' : 'POST',
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        headers,
        body: get ? undefined : JSON.stringify(body),
        signal: stop.signal,
      }),
    };
    // A reply nobody took while it was fresh is dropped, so it holds no connection open.
    win.setTimeout(() => {
      if (calls[key] === entry) {
        delete calls[key];
        stop.abort();
      }
    }, hints.earlyCallMaxAgeMs);
    entry.reply.then(
      () => {
        entry.answeredAt = Date.now();
      },
      () => undefined,
    );
    calls[key] = entry;
    return { key, reply: entry.reply };
  };

  /**
   * The address of the lobby list a member's first calls ask for on this page, or null: no lobby, no such brand, or its
   * list kept from the last visit and fresh. The lobby's brand as the host picks it: the address's, else the member's
   * last choice of an open brand, else the default.
   */
  const listToAsk = (brandKey: string | null): string | null => {
    const lobby = record(hints.lobbies[win.location.pathname.split('/')[1] || '']);
    const urls = record(lobby.urls);
    if (!lobby.storageKey || brandKey === null) return null;
    let brand = params.get('brand');
    if (!brand || !urls[brand]) {
      try {
        brand = win.localStorage.getItem(text(lobby.storageKey));
      } catch {
        brand = null;
      }
      const open: unknown[] = Array.isArray(lobby.open) ? lobby.open : [];
      if (open.indexOf(brand) < 0) brand = null;
    }
    if (!brand || !urls[brand]) brand = text(lobby.fallback);
    let keptAt: unknown;
    try {
      keptAt = record(JSON.parse(win.localStorage.getItem(hints.keptListTagsKey + brandKey) || '{}'))[text(record(lobby.tags)[brand])];
    } catch {
      keptAt = undefined;
    }
    const kept = typeof keptAt === 'number' && Date.now() - keptAt <= hints.keptListMaxAgeMs;
    return urls[brand] && !kept ? text(urls[brand]) : null;
  };
  /** Releases the held code once a list call has been read to its end (its headers come a whole list before its last byte). */
  const releaseWhenRead = (reply: Promise<Response>) => reply.then((answer) => answer.clone().arrayBuffer()).then(release, release);
  // A member's lobby drawn with its code held (the list first, above): held while the list is on its way, else asked
  // for when the app starts (the frame's own script starts it once the frame is parsed). Asked for in the head, the
  // code's requests held a repeat visit's kept lobby back from its first paint (0.94 s against 0.63 s on the phone
  // profile). The list goes now, to the API the frame was drawn with, rather than once config.json has been read, a
  // round trip and the frame's first layout later on a phone; config.json's own API decides once it is read
  // (sendFirstCalls).
  let listSent: { api: string; key: string } | null = null;
  if (heldCode()) {
    const list = member ? listToAsk(prefix) : null;
    holding = list !== null;
    const drawnApi = doc.documentElement.getAttribute(hints.drawnApiAttribute);
    if (list !== null && drawnApi) {
      const sent = send(drawnApi, hints.apiCalls.gclubGame, { url: list });
      releaseWhenRead(sent.reply);
      listSent = { api: baseOf(drawnApi), key: sent.key };
    }
    if (holding) win.setTimeout(release, hints.listFirstBoundMs);
  }

  /**
   * The brand, painted the moment sites.json names it: the site's logo and name over the site's ground, until
   * the app shows anything other than its loading spinner. Outside the app's root, so React never owns it, and
   * styled through the CSSOM, which the page's style policy allows. Decorative (aria-hidden): the app's own
   * loading status, underneath, is what assistive technology reads.
   */
  const paintBrandShell = (site: Record<string, unknown>, logo: string) => {
    const root = doc.getElementById('root');
    if (!root || root.firstElementChild) {
      if (!drawn) startApp();
      return;
    }
    const dark = darkSite(site);
    groundFor(site);
    const shell = doc.createElement('div');
    shell.setAttribute('aria-hidden', 'true');
    shell.setAttribute('data-boot-shell', text(site.key));
    const css = shell.style;
    css.position = 'fixed';
    css.inset = '0';
    css.zIndex = '2147483000';
    css.display = 'flex';
    css.flexDirection = 'column';
    css.alignItems = 'center';
    css.justifyContent = 'center';
    css.gap = '20px';
    css.background = groundOf(dark);
    css.color = dark ? '#eef0f5' : '#161a24';
    css.font = "600 22px/1.3 'Noto Sans Thai', system-ui, sans-serif";
    css.textAlign = 'center';
    // Two frames after the shell went in: as close as a page can tell that it was painted.
    const afterFrames = () => win.requestAnimationFrame(() => win.requestAnimationFrame(() => win.setTimeout(startApp, 0)));
    if (logo) {
      const image = doc.createElement('img');
      image.alt = '';
      image.width = 120;
      image.height = 120;
      image.style.borderRadius = '24px';
      // Where the browser reports an element's paint (Element Timing), the logo's own report starts the app;
      // elsewhere, frames after its load do. A logo that fails starts it at once.
      const Observer = (win as Window & typeof globalThis).PerformanceObserver;
      const reported = Observer && (Observer.supportedEntryTypes || []).indexOf('element') >= 0;
      if (reported) {
        image.setAttribute('elementtiming', 'brand-shell-logo');
        const observer = new Observer((list) => {
          if (!list.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element === image)) return;
          observer.disconnect();
          startApp();
        });
        observer.observe({ type: 'element', buffered: true });
      } else {
        image.addEventListener('load', afterFrames);
      }
      image.addEventListener('error', startApp);
      image.src = logo;
      shell.appendChild(image);
    }
    const name = doc.createElement('p');
    name.textContent = text(site.web);
    name.style.margin = '0';
    shell.appendChild(name);
    // A turning ring under the name, like the app's own spinner, so a slow network does not look like a hang.
    const ring = doc.createElement('span');
    ring.style.width = ring.style.height = '28px';
    ring.style.border = '3px solid currentColor';
    ring.style.borderRightColor = 'transparent';
    ring.style.borderRadius = '50%';
    ring.style.opacity = '0.7';
    shell.appendChild(ring);
    const reduced = win.matchMedia ? win.matchMedia('(prefers-reduced-motion: reduce)').matches : false;
    if (ring.animate)
      ring.animate([{ transform: 'rotate(0deg)' }, { transform: 'rotate(360deg)' }], {
        duration: reduced ? 2400 : 800,
        iterations: Infinity,
      });
    doc.body.appendChild(shell);
    if (!logo) afterFrames();
    // Gone as soon as the root holds anything but the app's loading spinner (a page, a frame, a notice).
    const loadingOnly = () => {
      const children = root.children;
      return children.length === 0 || (children.length === 1 && children[0]!.getAttribute('data-testid') === 'boot-loading');
    };
    const observer = new MutationObserver(() => {
      if (loadingOnly()) return;
      observer.disconnect();
      shell.remove();
      doc.documentElement.style.removeProperty('background-color');
      doc.documentElement.style.removeProperty('color-scheme');
    });
    observer.observe(root, { childList: true, subtree: true });
  };

  /**
   * A member's first calls, sent the moment config.json names the API rather than once the app's code has arrived
   * and run: the brand check and the profile on every page, and on a lobby the shown brand's game list. Reads only;
   * the app's API client takes each reply when it makes the same call (same method, path and body, by the key of
   * core/api/early-calls.ts) and handles it like one of its own; any call it does not find here, it sends itself.
   */
  const sendFirstCalls = (config: Record<string, unknown>, site: Record<string, unknown>, api: string, prefix: string) => {
    send(api, hints.apiCalls.checkPrefix, { prefix, divisions: site.divisions === 'true' ? 'true' : 'false' });
    const list = listToAsk(prefix);
    // A list already sent to the API config.json names stands; one sent to another (the frame was drawn before the
    // API moved) is no reply the app may take, and the list goes again, to this one.
    const stands = listSent !== null && listSent.api === baseOf(api) && list !== null;
    if (listSent && !stands) delete calls[listSent.key];
    if (list && !stands) releaseWhenRead(send(api, hints.apiCalls.gclubGame, { url: list }).reply);
    if (!list) release();
    // The token travels encrypted (AES-256-CBC, the configured key and IV as UTF-8, Base64), as the API client sends it.
    const crypt = record(config.crypto);
    const subtle = win.crypto && win.crypto.subtle;
    let token = '';
    try {
      token = decodeURIComponent(cookies[hints.sessionCookies[0] + prefix] || '');
    } catch {
      // An unreadable cookie: the app's own check decides.
    }
    const type = cookies[hints.sessionCookies[1] + prefix];
    if (!subtle || !token || (type !== 'phone' && type !== 'line')) return;
    const utf8 = (value: string) => new TextEncoder().encode(value);
    subtle
      .importKey('raw', utf8(text(crypt.key)), { name: 'AES-CBC' }, false, ['encrypt'])
      .then((key) => subtle.encrypt({ name: 'AES-CBC', iv: utf8(text(crypt.iv)) }, key, utf8(token)))
      .then((sealed) =>
        send(api, hints.apiCalls.getProfile, {
          prefix,
          type,
          token: win.btoa(String.fromCharCode.apply(null, Array.from(new Uint8Array(sealed)))),
        }),
      )
      .catch(() => undefined);
  };

  let asked: () => void = () => undefined;
  early.manifestsAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  Promise.all([json(early.config), json(early.sites)])
    .then(([configJson, sitesJson]) => {
      const config = record(configJson);
      const remotes = record(config.remotes);
      const remoteKeys = record(config.remoteKeys);
      const sites = record(sitesJson).sites;
      const siteOf = (brand: string | null) => record(Array.isArray(sites) ? sites.find((s) => record(s).key === brand) : undefined);
      // A login cookie of a brand sites.json does not have (any more) is passed over, as the host passes it over.
      if (fromCookie && prefix !== null && !siteOf(prefix).key) {
        prefix = cookieBrands.find((brand) => !!siteOf(brand).key) ?? null;
        memberOf(prefix);
      }
      const site = siteOf(prefix);
      if (!site.key) {
        release();
        startApp();
        return;
      }
      const logo = text(site.logo);
      if (logo) link('preload', logo, 'image');
      paintBrandShell(site, logo);
      const origins: string[] = [];
      // Only the themes this site's pages use, and the default theme they fall back to: a deployment of many themes
      // costs a visit no connection it will not use.
      const siteThemes = ['default', text(site.layout)];
      for (const component of Array.isArray(site.components) ? site.components.map(record) : [])
        siteThemes.push(text(component.layout), text(component.activeLayout));
      for (const theme of Object.keys(remotes)) {
        if (siteThemes.indexOf(theme) < 0) continue;
        const origin = new URL(text(remotes[theme]), win.location.href).origin;
        if (origin !== win.location.origin && origins.indexOf(origin) < 0) {
          origins.push(origin);
          // Everything of a remote is fetched in CORS mode (integrity is checked only on a response the page may read).
          link('preconnect', origin, undefined, true);
        }
      }
      // A member's page calls the API as soon as the app runs: its connection (CORS, no credentials, as the API
      // client asks) is opened now. A guest calls it only once they act, so nothing is opened for them.
      const api = text(config.apiBase);
      if (member && api) link('preconnect', new URL(api, win.location.href).origin, undefined, true);
      if (member && api && prefix) sendFirstCalls(config, site, api, prefix);
      else release();
      // The first page and its theme, as the host's boot picks them.
      let path = win.location.pathname;
      if (path === '/') path = text(config.rootRedirect);
      const pagePath = new RegExp(hints.pagePath).exec(path);
      const page = (pagePath && pagePath[1]) || '';
      const variant = (pagePath && pagePath[2]) || '';
      // No page of the product's (a 404): no theme code is going to be used, so none is asked for.
      if (!page || !Object.prototype.hasOwnProperty.call(hints.pageFiles, page)) return;
      const components = Array.isArray(site.components) ? site.components.map(record) : [];
      const component = record(components.find((c) => c.title === page));
      // Only a theme config.json names: not a name every object answers to (`constructor`), as the host's registry checks.
      const chosen = variant && Object.prototype.hasOwnProperty.call(remotes, variant) ? variant : '';
      const pageTheme = chosen || text(component.layout) || text(site.layout);
      const frameTheme = hints.frameless.indexOf(page) >= 0 ? '' : chosen || text(component.activeLayout) || text(site.layout);
      const wanted: Record<string, string[]> = {};
      wanted[pageTheme] = ['manifest', 'pages/' + page];
      if (frameTheme) wanted[frameTheme] = (wanted[frameTheme] || ['manifest']).concat('layout');
      for (const theme of Object.keys(wanted)) {
        if (!remotes[theme]) continue;
        const manifestUrl = new URL(text(remotes[theme]), win.location.href).href;
        const listUrl = new URL('signed-files.json', manifestUrl).href;
        const reply = win.fetch(manifestUrl);
        const listReply = win.fetch(listUrl);
        early.manifests[manifestUrl] = reply;
        early.signedLists![manifestUrl] = listReply;
        const keys: unknown[] = Array.isArray(remoteKeys[theme]) ? (remoteKeys[theme] as unknown[]) : [];
        const subtle = win.crypto && win.crypto.subtle;
        // core/lib/base64-bytes.ts's loop (it says why), written out: this script can import nothing.
        const bytesOf = (base64: string) => {
          const binary = win.atob(base64);
          const out = new Uint8Array(binary.length);
          for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
          return out;
        };
        let bytes: ArrayBuffer;
        // Each file's signed hash, by its absolute URL (the list names them relative to its own folder).
        const hashes: Record<string, string> = {};
        Promise.all([reply.then((r) => (r.ok ? r.clone().arrayBuffer() : null)), json(listReply)])
          .then(([body, listJson]) => {
            if (!body || !subtle) return false;
            bytes = body;
            const list = record(listJson);
            const signed = text(list.signed);
            const payload = new TextEncoder().encode(signed);
            // Signed by one of the theme's keys (Ed25519 or ECDSA P-256, told apart by the key's fixed start)?
            return Promise.all(
              keys.map((key) => {
                const ed25519 = text(key).indexOf('MCowBQYDK2VwAyEA') === 0;
                return subtle
                  .importKey('spki', bytesOf(text(key)), ed25519 ? { name: 'Ed25519' } : { name: 'ECDSA', namedCurve: 'P-256' }, false, [
                    'verify',
                  ])
                  .then((publicKey) =>
                    subtle.verify(
                      ed25519 ? { name: 'Ed25519' } : { name: 'ECDSA', hash: 'SHA-256' },
                      publicKey,
                      bytesOf(text(list.signature)),
                      payload,
                    ),
                  )
                  .catch(() => false);
              }),
            ).then((results) => {
              if (results.indexOf(true) < 0) return false;
              const release = record(JSON.parse(signed));
              // A release of another theme (one config.json does not give this address), one older than this device
              // ran or than config.json's floor, or an expired one: refused by the host, so nothing of it is fetched.
              const at = text(remotes[theme]);
              const themesHere = Object.keys(remotes).filter((name) => name === theme || text(remotes[name]) === at);
              let seen: unknown;
              try {
                seen = record(JSON.parse(win.localStorage.getItem(hints.releasesKey) || '{}'))[text(release.theme)];
              } catch {
                seen = undefined;
              }
              const sequence = release.sequence;
              const floor = record(config.remoteMinRelease)[theme];
              if (release.format !== hints.signedFormat || themesHere.indexOf(text(release.theme)) < 0 || typeof sequence !== 'number')
                return false;
              if (
                (typeof seen === 'number' && sequence < seen) ||
                (typeof floor === 'number' && sequence < floor) ||
                !(Date.parse(text(release.expires)) > Date.now())
              )
                return false;
              const files = record(release.files);
              for (const file of Object.keys(files)) hashes[new URL(file, listUrl).href] = text(files[file]);
              return subtle.digest('SHA-384', bytes).then((digest) => {
                const hash = 'sha384-' + win.btoa(String.fromCharCode.apply(null, Array.from(new Uint8Array(digest))));
                return !!hashes[manifestUrl] && hashes[manifestUrl] === hash;
              });
            });
          })
          .then((verified) => {
            // Unsigned, signed by another key, or not the manifest that was signed: none of its code is fetched.
            if (!verified) return;
            const manifest = record(JSON.parse(new TextDecoder().decode(bytes)));
            const meta = record(manifest.metaData);
            // A remote of another contract major: none of its code is fetched (the host refuses it).
            if (text(meta[hints.contractKey]).split('.')[0] !== hints.contractMajor) return;
            // Nor of one that needs a newer host contract than this one (compared as major.minor.patch).
            const needed = meta[hints.minHostKey];
            if (needed !== undefined) {
              const want = text(needed).split('.').map(Number);
              const have = hints.contractVersion.split('.').map(Number);
              if (want.length !== 3 || want.some((n) => !(n >= 0)) || want[0] !== have[0]) return;
              if (want[1]! > have[1]! || (want[1] === have[1] && want[2]! > have[2]!)) return;
            }
            const publicPath = text(meta.publicPath);
            const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : './', manifestUrl).href;
            const entry = record(meta.remoteEntry);
            const code: [string, string][] = [
              ['script', new URL(text(entry.path) ? text(entry.path) + '/' + text(entry.name) : text(entry.name), base).href],
            ];
            const exposes = Array.isArray(manifest.exposes) ? manifest.exposes.map(record) : [];
            for (const expose of exposes) {
              if ((wanted[theme] || []).indexOf(text(expose.name)) < 0) continue;
              const assets = record(expose.assets);
              const assetsOf = (kind: string): unknown[] => {
                const sync = record(assets[kind]).sync;
                return Array.isArray(sync) ? sync : [];
              };
              for (const file of assetsOf('css')) code.push(['style', new URL(text(file), base).href]);
              for (const file of assetsOf('js')) code.push(['script', new URL(text(file), base).href]);
            }
            // A file the signed list does not name is not asked for.
            whenAppStarts(() => {
              for (const [as, href] of code) if (hashes[href]) link('preload', href, as, true, undefined, hashes[href]);
            });
          })
          .catch(() => undefined);
      }
    })
    .catch(() => {
      release();
      startApp();
    })
    .then(asked);
}
