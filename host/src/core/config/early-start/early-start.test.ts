// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyStart } from '.';
import { EARLY_GLOBAL, type EarlyFetches, type EarlyHints } from './hints';
import { testReleaseKey, testSha384Of, type TestRelease, type TestReleaseKey } from '../../lib/test-release-signing';
import { testEarlyHints } from '../test-early-hints';

const HINTS: EarlyHints = testEarlyHints({
  // Far longer than the whole file runs (its signature checks take real time): a visit's bound would otherwise start
  // its app inside a later test's page. The bound's own test runs on fake timers.
  appStartBoundMs: 60_000,
  drawnStartBoundMs: 60_000,
  memberFiles: ['/static/js/async/session.1.js', '/static/js/async/api-core.1.js'],
  pageFiles: {
    login: [],
    profile: ['/static/js/async/hooks-games.1.js'],
    slot: ['/static/js/async/hooks-games.1.js', '/static/js/async/lobby-prefetch.1.js'],
  },
  memberStrings: { th: '/static/js/async/strings-th-member.1.js', en: '/static/js/async/strings-en-member.1.js' },
  strings: { th: '/static/js/async/strings-th-guest.1.js', en: '/static/js/async/strings-en-guest.2.js' },
});

const CONFIG = {
  rootRedirect: '/login',
  apiBase: 'http://api.test/v1',
  remotes: {
    default: 'http://remote-a.test/mf-manifest.json',
    PRE8: 'http://remote-b.test/mf-manifest.json',
    OSAKA39: 'http://remote-c.test/mf-manifest.json',
  },
  /** Filled once the test keys are made. */
  remoteKeys: {} as Record<string, string[]>,
};

const SITES = {
  sites: [
    {
      key: 'pre8',
      web: 'PRE8',
      logo: '/logos/pre8.svg',
      layout: 'PRE8',
      themes: [{ title: 'dark', theme: 'dark' }],
      components: [{ title: 'profile', layout: 'PRE8', activeLayout: 'default' }],
    },
    {
      key: 'bkmc',
      web: 'Bangkok Member Club',
      logo: '/logos/bkmc.svg',
      layout: 'default',
      themes: [
        { title: 'light', theme: 'light' },
        { title: 'dark', theme: 'dark' },
      ],
      components: [],
    },
  ],
};

function manifest(contractVersion: string, minHostContract?: string) {
  const expose = (name: string, js: string[], css: string[] = []) => ({
    name,
    assets: { js: { sync: js, async: ['static/js/async/later.js'] }, css: { sync: css, async: [] } },
  });
  return {
    metaData: { contractVersion, minHostContract, publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      expose('manifest', ['static/js/async/manifest.js']),
      expose('pages/login', ['static/js/async/login.js'], ['static/css/async/login.css']),
      expose('pages/profile', ['static/js/async/profile.js']),
      expose('layout', ['static/js/async/layout.js']),
    ],
  };
}

let replies: Record<string, unknown>;
let fetchMock: ReturnType<typeof vi.fn>;
let key: TestReleaseKey;

beforeAll(async () => {
  key = await testReleaseKey();
  for (const theme of Object.keys(CONFIG.remotes)) CONFIG.remoteKeys[theme] = [key.publicKey];
});

/** Every file a test manifest names: each one's content is its own name. */
const FILES = ['remoteEntry.js', 'manifest.js', 'login.js', 'profile.js', 'layout.js', 'later.js']
  .map((file) => (file === 'remoteEntry.js' ? file : `static/js/async/${file}`))
  .concat('static/css/async/login.css');

/** A remote's release as its build leaves it: the manifest and, beside it, its signed list, a release of the theme there. */
async function publish(manifestUrl: string, body: unknown, signer: TestReleaseKey = key, release: Partial<TestRelease> = {}) {
  replies[manifestUrl] = body;
  const files = Object.fromEntries(FILES.map((file) => [file, file]));
  const theme = Object.entries(CONFIG.remotes).find(([, url]) => url === manifestUrl)![0];
  replies[new URL('signed-files.json', manifestUrl).href] = JSON.parse(
    await signer.sign({ 'mf-manifest.json': JSON.stringify(body), ...files }, { theme, ...release }),
  );
}

function visit(url: string) {
  window.history.replaceState(null, '', url);
  earlyStart(window, HINTS);
}

function preloads(as?: string): string[] {
  return [...document.head.querySelectorAll('link')]
    .filter(
      (l) => (l.rel === 'preload' && (as === undefined || l.getAttribute('as') === as)) || (as === 'preconnect' && l.rel === 'preconnect'),
    )
    .map((l) => l.href.replace(window.location.origin, ''));
}

/** Lets every chained reply settle. */
async function settle() {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Lets a remote's signature check settle too: WebCrypto finishes off the main thread. */
async function settleChecks() {
  for (let i = 0; i < 5; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    await settle();
  }
}

/** The shell painted and the app started (the logo loaded, two frames), and what that asked for settled. */
async function appStarted() {
  await settle();
  document.querySelector('[data-boot-shell] img')?.dispatchEvent(new Event('load'));
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await settle();
}

/** Until the first page's theme code has been asked for: a signature check takes its own time off the main thread. */
async function themeCodeAsked(file = 'http://remote-b.test/remoteEntry.js') {
  await vi.waitFor(() => expect(preloads()).toContain(file), { timeout: 1000, interval: 5 });
}

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"></div>';
  document.documentElement.removeAttribute('style');
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  localStorage.clear();
  replies = { '/config.json': CONFIG, '/sites.json': SITES };
  fetchMock = vi.fn((input: string) => {
    const key =
      input.startsWith('http') && new URL(input).origin !== window.location.origin ? input : new URL(input, window.location.href).pathname;
    const body = replies[key];
    return Promise.resolve(
      body === undefined ? new Response('missing', { status: 404 }) : new Response(JSON.stringify(body), { status: 200 }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  // Each visit leaves its bounded start pending; none may run into the next test's page.
  await (window as unknown as { happyDOM: { abort(): Promise<void> } }).happyDOM.abort();
});

describe('the early start in index.html', () => {
  it('asks for both run-time files at once and leaves the replies for the boot', async () => {
    visit('/login?prefix=pre8');
    const early = (window as unknown as Record<string, EarlyFetches>)[EARLY_GLOBAL]!;
    expect(fetchMock.mock.calls.slice(0, 2).map((c) => [c[0], c[1]])).toEqual([
      ['/config.json', { credentials: 'same-origin' }],
      ['/sites.json', { credentials: 'same-origin' }],
    ]);
    // The boot reads the body after the early start has read its own copy.
    await settle();
    expect(await (await early.config!).json()).toEqual(CONFIG);
  });

  it('preloads the Thai strings, or the English ones when the member chose English', () => {
    visit('/login?prefix=pre8');
    expect(preloads('script')).toEqual([HINTS.strings.th]);
    document.head.innerHTML = '';
    localStorage.setItem('locale', 'EN');
    visit('/login?prefix=pre8');
    expect(preloads('script')).toEqual([HINTS.strings.en]);
  });

  it('with no choice stored, follows the language cookie; a stored choice wins over it', () => {
    document.cookie = 'i18n_redirected=en; path=/';
    visit('/login?prefix=pre8');
    expect(preloads('script')).toEqual([HINTS.strings.en]);
    document.head.innerHTML = '';
    localStorage.setItem('locale', 'TH');
    visit('/login?prefix=pre8');
    expect(preloads('script')).toEqual([HINTS.strings.th]);
  });

  it("preloads the brand's logo, the origins of the remotes its pages use and, with the app's entry, the login page's chunks of its theme", async () => {
    await publish('http://remote-b.test/mf-manifest.json', manifest('1.4.0'));
    visit('/login?prefix=pre8');
    await settle();
    // The theme's code waits for the brand's paint, like the entry.
    expect(preloads('script')).toEqual([HINTS.strings.th]);
    await appStarted();
    await themeCodeAsked('http://remote-b.test/static/css/async/login.css');
    expect(preloads('image')).toEqual(['/logos/pre8.svg']);
    // PRE8's and the default theme's (its profile's frame, and every page's fallback); no page of pre8 uses OSAKA39.
    expect(preloads('preconnect')).toEqual(['http://remote-a.test/', 'http://remote-b.test/']);
    expect(preloads('script').slice(1)).toEqual([
      'http://remote-b.test/remoteEntry.js',
      'http://remote-b.test/static/js/async/manifest.js',
      'http://remote-b.test/static/js/async/login.js',
    ]);
    expect(preloads('style')).toEqual(['http://remote-b.test/static/css/async/login.css']);
    // Each in CORS mode with its signed hash, as the tags that will take them.
    const remoteLinks = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][href^="http://remote-b.test/"]')];
    expect(remoteLinks.map((l) => l.crossOrigin)).toEqual(['anonymous', 'anonymous', 'anonymous', 'anonymous']);
    expect(remoteLinks[0]!.getAttribute('integrity')).toBe(await testSha384Of('remoteEntry.js'));
    // Login stands alone: no frame is fetched, and only the page's theme's manifest and signed list are asked for.
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/config.json',
      '/sites.json',
      'http://remote-b.test/mf-manifest.json',
      'http://remote-b.test/signed-files.json',
    ]);
    const early = (window as unknown as Record<string, EarlyFetches>)[EARLY_GLOBAL]!;
    expect(Object.keys(early.manifests)).toEqual(['http://remote-b.test/mf-manifest.json']);
  });

  it("asks for a theme's chunks at once when its manifest arrives after the app has started", async () => {
    let answer: (reply: Response) => void = () => undefined;
    const late = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    await publish('http://remote-b.test/mf-manifest.json', manifest('1.4.0'));
    const plain = fetchMock.getMockImplementation() as (input: string) => Promise<Response>;
    fetchMock.mockImplementation((input: string) => (input === 'http://remote-b.test/mf-manifest.json' ? late : plain(input)));
    visit('/login?prefix=pre8');
    await appStarted();
    await settleChecks();
    expect(preloads('script')).toEqual([HINTS.strings.th]);
    answer(new Response(JSON.stringify(manifest('1.4.0')), { status: 200 }));
    await themeCodeAsked('http://remote-b.test/static/js/async/login.js');
  });

  it("finds the brand in the login cookie, and a framed page's frame in another theme", async () => {
    await publish('http://remote-b.test/mf-manifest.json', manifest('1.0.0'));
    await publish('http://remote-a.test/mf-manifest.json', manifest('1.0.0'));
    document.cookie = 'member-pre8=pre8; path=/';
    visit('/profile');
    await appStarted();
    await themeCodeAsked('http://remote-b.test/static/js/async/profile.js');
    await themeCodeAsked('http://remote-a.test/static/js/async/layout.js');
    expect(preloads('image')).toEqual(['/logos/pre8.svg']);
    expect(preloads('script')).toContain('http://remote-b.test/static/js/async/profile.js');
    expect(preloads('script')).toContain('http://remote-a.test/static/js/async/layout.js');
    expect(preloads('script')).not.toContain('http://remote-b.test/static/js/async/layout.js');
  });

  it("fetches none of a remote's code when it speaks another contract major", async () => {
    await publish('http://remote-b.test/mf-manifest.json', manifest('2.0.0'));
    visit('/login?prefix=pre8');
    await appStarted();
    await settleChecks();
    expect(preloads('script')).toEqual([HINTS.strings.th]);
    expect(preloads('style')).toEqual([]);
  });

  it("fetches none of a remote's code when it needs a newer host contract than this host's", async () => {
    await publish('http://remote-b.test/mf-manifest.json', manifest('1.0.0', '1.3.0'));
    visit('/login?prefix=pre8');
    await appStarted();
    await settleChecks();
    expect(preloads('script')).toEqual([HINTS.strings.th]);
  });

  it('preloads a remote whose lowest host contract this host meets', async () => {
    await publish('http://remote-b.test/mf-manifest.json', manifest('1.0.0', '1.2.0'));
    visit('/login?prefix=pre8');
    await appStarted();
    await themeCodeAsked('http://remote-b.test/static/js/async/login.js');
  });

  it("fetches none of a remote's code when its release is unsigned", async () => {
    await publish('http://remote-b.test/mf-manifest.json', manifest('1.4.0'));
    delete replies['http://remote-b.test/signed-files.json'];
    visit('/login?prefix=pre8');
    await appStarted();
    await settleChecks();
    expect(preloads('script')).toEqual([HINTS.strings.th]);
  });

  it("fetches none of a remote's code when its release is signed by a key config.json does not list", async () => {
    await publish('http://remote-b.test/mf-manifest.json', manifest('1.4.0'), await testReleaseKey('P-256'));
    visit('/login?prefix=pre8');
    await appStarted();
    await settleChecks();
    expect(preloads('script')).toEqual([HINTS.strings.th]);
  });

  it("fetches none of a remote's code when its manifest is not the one signed", async () => {
    await publish('http://remote-b.test/mf-manifest.json', manifest('1.4.0'));
    replies['http://remote-b.test/mf-manifest.json'] = { ...manifest('1.4.0'), extra: true };
    visit('/login?prefix=pre8');
    await appStarted();
    await settleChecks();
    expect(preloads('script')).toEqual([HINTS.strings.th]);
    expect(preloads('style')).toEqual([]);
  });

  it("fetches none of a release older than this device ran or than config.json's floor, expired, or of another theme", async () => {
    const fresh = () => {
      document.head.innerHTML = '';
      document.body.innerHTML = '<div id="root"></div>';
    };
    const none = async (release: Partial<TestRelease>, config: object = CONFIG) => {
      fresh();
      replies['/config.json'] = config;
      await publish('http://remote-b.test/mf-manifest.json', manifest('1.4.0'), key, release);
      visit('/login?prefix=pre8');
      await appStarted();
      await settleChecks();
      expect(preloads('script'), JSON.stringify(release)).toEqual([HINTS.strings.th]);
    };
    localStorage.setItem('member-theme-releases', JSON.stringify({ PRE8: 500 }));
    await none({ sequence: 499 });
    localStorage.clear();
    await none({ sequence: 499 }, { ...CONFIG, remoteMinRelease: { PRE8: 500 } });
    await none({ expires: new Date(Date.now() - 1000).toISOString() });
    await none({ theme: 'OSAKA39' });
    // The same release as the newest ran, at the floor: fetched.
    fresh();
    localStorage.setItem('member-theme-releases', JSON.stringify({ PRE8: 500 }));
    replies['/config.json'] = { ...CONFIG, remoteMinRelease: { PRE8: 500 } };
    await publish('http://remote-b.test/mf-manifest.json', manifest('1.4.0'), key, { sequence: 500 });
    visit('/login?prefix=pre8');
    await appStarted();
    await themeCodeAsked();
  });

  it('preloads a release signed with an ECDSA P-256 key config.json lists beside another', async () => {
    const p256 = await testReleaseKey('P-256');
    replies['/config.json'] = { ...CONFIG, remoteKeys: { ...CONFIG.remoteKeys, PRE8: [key.publicKey, p256.publicKey] } };
    await publish('http://remote-b.test/mf-manifest.json', manifest('1.4.0'), p256);
    visit('/login?prefix=pre8');
    await appStarted();
    await themeCodeAsked();
  });

  it('guesses nothing for an unknown brand or a broken sites.json', async () => {
    visit('/login?prefix=nope');
    await settle();
    expect(preloads('image')).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    document.head.innerHTML = '';
    replies['/sites.json'] = 'not a sites file';
    visit('/login?prefix=pre8');
    await settle();
    expect(preloads('image')).toEqual([]);
  });
});

describe('the brand shell', () => {
  const shell = () => document.querySelector<HTMLElement>('[data-boot-shell]');
  const root = () => document.getElementById('root')!;

  it("paints the brand's logo and name over its scheme's ground as soon as sites.json names it", async () => {
    visit('/login?prefix=pre8');
    expect(shell()).toBeNull();
    await settle();
    expect(shell()?.getAttribute('aria-hidden')).toBe('true');
    expect(shell()?.querySelector('img')?.getAttribute('src')).toBe('/logos/pre8.svg');
    expect(shell()?.textContent).toBe('PRE8');
    expect(shell()?.style.background).toBe('#0d0f14');
    expect(root().contains(shell())).toBe(false);
  });

  it("follows the member's stored scheme on a site that offers two", async () => {
    localStorage.setItem('isDark', 'true');
    visit('/login?prefix=bkmc');
    await settle();
    expect(shell()?.textContent).toBe('Bangkok Member Club');
    expect(shell()?.style.background).toBe('#0d0f14');
    shell()?.remove();
    localStorage.setItem('isDark', 'false');
    visit('/login?prefix=bkmc');
    await settle();
    expect(shell()?.style.background).toBe('#f5f6fa');
  });

  it('stays while the app shows only its loading spinner and goes when anything else shows', async () => {
    visit('/login?prefix=pre8');
    await settle();
    root().innerHTML = '<div data-testid="boot-loading"></div>';
    await settle();
    expect(shell()).not.toBeNull();
    root().innerHTML = '<main><h1>Login</h1></main>';
    await settle();
    expect(shell()).toBeNull();
  });

  it('lays the ground the brand was last painted on before anything is fetched, so a dark brand never shows white', () => {
    localStorage.setItem('brandGround_pre8', '#0d0f14');
    replies = {};
    visit('/login?prefix=pre8');
    // Synchronously, with no reply in yet.
    expect(document.documentElement.style.backgroundColor).toBe('#0d0f14');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    document.documentElement.removeAttribute('style');
    localStorage.setItem('brandGround_pre8', 'url(x)');
    visit('/login?prefix=pre8');
    expect(document.documentElement.style.backgroundColor).toBe('');
  });

  it("lays a first visit's ground as soon as sites.json names the brand, without waiting for config.json, and keeps it for next time", async () => {
    const held = new Promise<Response>(() => undefined);
    fetchMock.mockImplementation((input: string) =>
      new URL(input, window.location.href).pathname === '/config.json'
        ? held
        : Promise.resolve(new Response(JSON.stringify(SITES), { status: 200 })),
    );
    visit('/login?prefix=pre8');
    await settle();
    expect(shell()).toBeNull();
    expect(document.documentElement.style.backgroundColor).toBe('#0d0f14');
    expect(localStorage.getItem('brandGround_pre8')).toBe('#0d0f14');
  });

  it('takes the ground away with the shell, when the app shows itself', async () => {
    visit('/login?prefix=bkmc');
    await settle();
    expect(document.documentElement.style.backgroundColor).toBe('#f5f6fa');
    root().innerHTML = '<main><h1>Login</h1></main>';
    await settle();
    expect(document.documentElement.style.backgroundColor).toBe('');
  });

  it('paints nothing for an unknown brand, or over an app that already shows something', async () => {
    visit('/login?prefix=nope');
    await settle();
    expect(shell()).toBeNull();
    root().innerHTML = '<main>already here</main>';
    visit('/login?prefix=pre8');
    await settle();
    expect(shell()).toBeNull();
  });
});

describe('the app, started once the brand has painted', () => {
  const entryScripts = () => [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src'));
  const logo = () => document.querySelector<HTMLImageElement>('[data-boot-shell] img')!;
  /** Two frames and the task after them. */
  async function nextPaint() {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
    await settle();
  }

  it("runs the entry only after the shell's logo has loaded and a frame has been painted", async () => {
    visit('/login?prefix=pre8');
    await settle();
    expect(logo()).toBeTruthy();
    expect(entryScripts()).toEqual([]);
    logo().dispatchEvent(new Event('load'));
    expect(entryScripts()).toEqual([]);
    await nextPaint();
    expect(entryScripts()).toEqual(['/static/js/index.1.js']);
    const script = document.head.querySelector('script')!;
    expect(script.async).toBe(false);
  });

  it("runs the entry when the browser reports the logo's paint, where it reports element paints", async () => {
    const observers: { callback: PerformanceObserverCallback; observed: unknown[]; disconnected: boolean }[] = [];
    class ElementTimingObserver {
      static supportedEntryTypes = ['element', 'largest-contentful-paint', 'paint'];
      private record: (typeof observers)[number];
      constructor(callback: PerformanceObserverCallback) {
        this.record = { callback, observed: [], disconnected: false };
        observers.push(this.record);
      }
      observe(options: unknown) {
        this.record.observed.push(options);
      }
      disconnect() {
        this.record.disconnected = true;
      }
    }
    vi.stubGlobal('PerformanceObserver', ElementTimingObserver);
    visit('/login?prefix=pre8');
    await settle();
    expect(logo().getAttribute('elementtiming')).toBe('brand-shell-logo');
    expect(observers.map((o) => o.observed)).toEqual([[{ type: 'element', buffered: true }]]);
    const report = (element: Element) =>
      observers[0]!.callback(
        { getEntries: () => [{ entryType: 'element', element }] } as unknown as PerformanceObserverEntryList,
        {} as PerformanceObserver,
      );
    // Loaded is not painted, and another element's paint is not the logo's.
    logo().dispatchEvent(new Event('load'));
    await nextPaint();
    report(document.createElement('p'));
    expect(entryScripts()).toEqual([]);
    report(logo());
    expect(entryScripts()).toEqual(['/static/js/index.1.js']);
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('runs the entry at once when the logo fails, and only once', async () => {
    visit('/login?prefix=pre8');
    await settle();
    logo().dispatchEvent(new Event('error'));
    expect(entryScripts()).toEqual(['/static/js/index.1.js']);
    logo().dispatchEvent(new Event('load'));
    await nextPaint();
    expect(entryScripts()).toEqual(['/static/js/index.1.js']);
  });

  it('runs every entry script, in order', async () => {
    window.history.replaceState(null, '', '/login');
    earlyStart(window, { ...HINTS, entry: ['/static/js/lib.1.js', '/static/js/index.1.js'] });
    expect(entryScripts()).toEqual(['/static/js/lib.1.js', '/static/js/index.1.js']);
  });

  it('runs the entry at once when no brand is named, and without waiting for anything', () => {
    visit('/login');
    expect(entryScripts()).toEqual(['/static/js/index.1.js']);
  });

  it('runs the entry as soon as sites.json is read when it names no such brand, or cannot be read', async () => {
    visit('/login?prefix=nope');
    expect(entryScripts()).toEqual([]);
    await settle();
    expect(entryScripts()).toEqual(['/static/js/index.1.js']);
    document.head.innerHTML = '';
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('offline')));
    visit('/login?prefix=pre8');
    await settle();
    expect(entryScripts()).toEqual(['/static/js/index.1.js']);
  });

  it('runs the entry at the bound when the logo never arrives', async () => {
    vi.useFakeTimers();
    try {
      visit('/login?prefix=pre8');
      await vi.advanceTimersByTimeAsync(50);
      expect(logo()).toBeTruthy();
      await vi.advanceTimersByTimeAsync(HINTS.appStartBoundMs - 100);
      expect(entryScripts()).toEqual([]);
      await vi.advanceTimersByTimeAsync(100);
      expect(entryScripts()).toEqual(['/static/js/index.1.js']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs the entry at once in a hidden tab, which paints nothing', () => {
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      visit('/login?prefix=pre8');
      expect(entryScripts()).toEqual(['/static/js/index.1.js']);
    } finally {
      hidden.mockRestore();
    }
  });

  it('runs the entry at once when the app already shows something, as no shell is painted', async () => {
    document.getElementById('root')!.innerHTML = '<main>already here</main>';
    visit('/login?prefix=pre8');
    await settle();
    expect(entryScripts()).toEqual(['/static/js/index.1.js']);
  });
});

describe("a member's own code, when cookies say there is a stored session", () => {
  const lowPreloads = () =>
    [...document.head.querySelectorAll('link[rel="preload"][fetchpriority="low"]')].map((l) =>
      (l as HTMLLinkElement).href.replace(window.location.origin, ''),
    );

  it("asks for the session check, the API client, the page's hooks and the member strings with the entry, after the brand", async () => {
    document.cookie = 'token-pre8=abc; path=/';
    document.cookie = 'type-login-pre8=phone; path=/';
    visit('/slot?prefix=pre8&brand=RSG');
    await settle();
    // The brand goes first.
    expect(lowPreloads()).toEqual([]);
    await appStarted();
    expect(lowPreloads()).toEqual([
      '/static/js/async/session.1.js',
      '/static/js/async/api-core.1.js',
      '/static/js/async/hooks-games.1.js',
      '/static/js/async/lobby-prefetch.1.js',
      '/static/js/async/strings-th-member.1.js',
    ]);
    // Asked for before the entry goes in, so they download beside the app's own code.
    const order = [...document.head.children].map((el) => el.getAttribute('href') ?? el.getAttribute('src'));
    expect(order.indexOf('/static/js/async/session.1.js')).toBeLessThan(order.indexOf('/static/js/index.1.js'));
  });

  it("follows the member's language and the page, and finds the brand in the member cookie", async () => {
    localStorage.setItem('locale', 'EN');
    document.cookie = 'member-pre8=pre8; path=/';
    document.cookie = 'token-pre8=abc; path=/';
    document.cookie = 'type-login-pre8=line; path=/';
    visit('/profile');
    await appStarted();
    expect(lowPreloads()).toEqual([
      '/static/js/async/session.1.js',
      '/static/js/async/api-core.1.js',
      '/static/js/async/hooks-games.1.js',
      '/static/js/async/strings-en-member.1.js',
    ]);
    // And the API's connection, in the API client's mode (CORS, no credentials).
    const api = document.head.querySelector<HTMLLinkElement>('link[rel="preconnect"][href^="http://api.test"]');
    expect(api?.crossOrigin).toBe('anonymous');
  });

  it('opens no connection to the API for a guest, who calls it only once they act', async () => {
    visit('/login?prefix=pre8');
    await settle();
    expect(preloads('preconnect')).toEqual(['http://remote-a.test/', 'http://remote-b.test/']);
  });

  it("asks for none of it for a guest, half a session or another brand's session, and nothing of a page name that is no page", async () => {
    visit('/login?prefix=pre8');
    await appStarted();
    document.cookie = 'token-pre8=abc; path=/';
    document.head.innerHTML = '';
    document.body.innerHTML = '<div id="root"></div>';
    visit('/login?prefix=pre8');
    await appStarted();
    document.cookie = 'type-login-bkmc=phone; path=/';
    document.cookie = 'token-bkmc=abc; path=/';
    document.head.innerHTML = '';
    document.body.innerHTML = '<div id="root"></div>';
    visit('/profile?prefix=pre8');
    await appStarted();
    expect(lowPreloads()).toEqual([]);
    document.cookie = 'type-login-pre8=phone; path=/';
    document.head.innerHTML = '';
    document.body.innerHTML = '<div id="root"></div>';
    visit('/constructor?prefix=pre8');
    await appStarted();
    expect(lowPreloads()).toEqual([
      '/static/js/async/session.1.js',
      '/static/js/async/api-core.1.js',
      '/static/js/async/strings-th-member.1.js',
    ]);
  });
});
