// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import type { RawSiteEntry, RuntimeConfig } from '@member/shared-core';
import { testSite } from '../../core/base/test-member';
import { FRAMELESS_PAGES, PAGES } from '@member/shared-core/routes';
import { bootStateAtom } from '../../core/base/boot-state';
import type * as RemoteRegistry from '../../features/remotes/remote-registry';
import { testReleaseKey, type TestReleaseKey } from '../../core/lib/test-release-signing';
import { earlyStart } from '../../core/config/early-start';
import type { EarlyHints } from '../../core/config/early-start/hints';
import { clearCookies } from '../../core/base/test-cookies';
import { testEarlyHints } from '../../core/config/test-early-hints';

/**
 * index.html's early start (core/config/early-start/) imports only its own modules, to stay small, not the host's rules: it
 * carries its own copies of the brand rule (core/config/resolve-prefix.ts) and the page-theme rule (features/remotes/resolve-page-themes.ts). Here
 * both run on the same visits, the host's through its real boot, and must agree; a change to either copy alone fails.
 */

const loadBootConfig = vi.hoisted(() => vi.fn());
const hostThemes = vi.hoisted(() => ({ page: [] as string[], frame: [] as string[] }));
vi.mock('../../core/config/load-boot-config', () => ({ loadBootConfig }));
vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('../../features/remotes/remote-registry', async (importOriginal) => ({
  ...(await importOriginal<typeof RemoteRegistry>()),
  preloadExposed: vi.fn(),
}));
vi.mock('../../features/remotes/theme-loader', () => ({
  themedComponent: vi.fn((theme: string) => void hostThemes.page.push(theme)),
  layoutComponent: vi.fn((theme: string) => void hostThemes.frame.push(theme)),
}));
vi.mock('../bridge/page-hooks', () => ({ loadPageHooks: vi.fn(() => null), loadHookChunk: vi.fn(async () => undefined) }));
vi.mock('../../core/api/api', () => ({ configureApi: vi.fn(), callApi: vi.fn(() => new Promise(() => undefined)) }));
vi.mock('../../core/lib/error-report', () => ({ installGlobalErrorReports: vi.fn(), errorReporter: { configure: vi.fn() } }));
vi.mock('../routes/vitals-report', () => ({ startVitalsReport: vi.fn() }));
vi.mock('../../features/remotes/first-page', () => ({
  afterFirstInteraction: () => new Promise(() => undefined),
  afterFirstPage: () => new Promise(() => undefined),
}));

const { startBootAtom } = await import('./start-boot');

/** Each theme on an origin of its own, so the early start's preloads tell which theme it picked for what. */
const ORIGIN_OF = { default: 'http://remote-a.test', PRE8: 'http://remote-b.test', OSAKA39: 'http://remote-c.test' } as const;
type Theme = keyof typeof ORIGIN_OF;
const THEME_AT: Record<string, Theme> = Object.fromEntries(Object.entries(ORIGIN_OF).map(([theme, origin]) => [origin, theme as Theme]));

const CONFIG = {
  rootRedirect: '/profile',
  remotes: Object.fromEntries(Object.entries(ORIGIN_OF).map(([theme, origin]) => [theme, `${origin}/mf-manifest.json`])),
  remoteKeys: {} as Record<string, string[]>,
};

const SITES = {
  sites: [
    {
      key: 'pre8',
      web: 'PRE8',
      logo: '',
      layout: 'PRE8',
      divisions: 'false',
      themes: [{ title: 'dark', theme: 'dark' }],
      components: [
        { title: 'slot', layout: 'default', activeLayout: 'OSAKA39' },
        { title: 'fish', layout: 'OSAKA39' },
        { title: 'login', layout: 'default' },
      ],
    },
    {
      key: 'bkmc',
      web: 'BKMC',
      logo: '',
      layout: 'default',
      divisions: 'false',
      themes: [{ title: 'light', theme: 'light' }],
      components: [{ title: 'profile', layout: 'PRE8', activeLayout: 'default' }],
    },
    {
      key: 'os39',
      web: 'OS39',
      logo: '',
      layout: 'OSAKA39',
      divisions: 'true',
      themes: [{ title: 'light', theme: 'light' }],
      components: [],
    },
  ],
};

/** The pages whose code a theme's manifest lists, as its build would. */
const EXPOSED_PAGES = Object.keys(PAGES);

const HINTS: EarlyHints = testEarlyHints({
  // At once: what the early start asks for with the app is asked for as soon as it knows it.
  appStartBoundMs: 0,
  drawnStartBoundMs: 0,
  // The host's pages and frameless pages, as the build hands them over (first-screen-plugin.ts).
  pageFiles: Object.fromEntries(Object.keys(PAGES).map((page) => [page, []])),
  strings: { th: '/s/th.js', en: '/s/en.js' },
  memberStrings: { th: '/s/th-m.js', en: '/s/en-m.js' },
  frameless: FRAMELESS_PAGES,
  contractVersion: '1.0.0',
});

const fileOf = (exposed: string) => `static/js/async/${exposed.replace('/', '-')}.js`;
const MANIFEST = {
  metaData: { contractVersion: '1.0.0', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: ['manifest', 'layout', ...EXPOSED_PAGES.map((page) => `pages/${page}`)].map((name) => ({
    name,
    assets: { js: { sync: [fileOf(name)], async: [] }, css: { sync: [], async: [] } },
  })),
};

let replies: Record<string, unknown>;
let key: TestReleaseKey;

beforeAll(async () => {
  key = await testReleaseKey();
  for (const theme of Object.keys(ORIGIN_OF)) CONFIG.remoteKeys[theme] = [key.publicKey];
  replies = {};
  for (const origin of Object.values(ORIGIN_OF)) {
    const manifestUrl = `${origin}/mf-manifest.json`;
    replies[manifestUrl] = MANIFEST;
    const files = Object.fromEntries(['remoteEntry.js', ...MANIFEST.exposes.map((e) => fileOf(e.name))].map((file) => [file, file]));
    replies[`${origin}/signed-files.json`] = JSON.parse(
      await key.sign({ 'mf-manifest.json': JSON.stringify(MANIFEST), ...files }, { theme: THEME_AT[origin] }),
    );
  }
  replies['/config.json'] = CONFIG;
  replies['/sites.json'] = SITES;
});

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"></div>';
  hostThemes.page.length = 0;
  hostThemes.frame.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = input.startsWith('http') ? input : new URL(input, window.location.href).pathname;
      const body = replies[url];
      return Promise.resolve(
        body === undefined ? new Response('missing', { status: 404 }) : new Response(JSON.stringify(body), { status: 200 }),
      );
    }),
  );
  loadBootConfig.mockResolvedValue({
    ok: true,
    value: {
      config: CONFIG as unknown as RuntimeConfig,
      sites: { sites: SITES.sites.map((entry) => testSite(entry as Partial<RawSiteEntry> & { key: string })) },
    },
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  clearCookies();
  await (window as unknown as { happyDOM: { abort(): Promise<void> } }).happyDOM.abort();
});

interface Visit {
  url: string;
  cookies?: string[];
}

function open({ url, cookies = [] }: Visit) {
  window.history.replaceState(null, '', url);
  for (const cookie of cookies) document.cookie = `${cookie}; path=/`;
}

/** The host's answer: the brand its boot resolved, and the themes it started loading for the first page and frame. */
async function hostAnswer(visit: Visit) {
  open(visit);
  const store = createStore();
  await store.set(startBootAtom);
  const boot = store.get(bootStateAtom);
  return { brand: boot.phase === 'ready' ? boot.prefix : null, page: hostThemes.page[0] ?? null, frame: hostThemes.frame[0] ?? null };
}

function preloaded(): string[] {
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => l.href);
}

/** The theme whose origin the early start preloaded `file` from, or null. */
function themeOfPreload(file: string): Theme | null {
  const href = preloaded().find((h) => h.endsWith(`/${file}`));
  return href ? (THEME_AT[new URL(href).origin] ?? null) : null;
}

/** The early start's answer: the brand whose shell it painted, and the themes whose page and frame code it preloaded. */
async function earlyAnswer(visit: Visit, expected: { page: string | null; frame: string | null }, page: string | undefined) {
  open(visit);
  earlyStart(window, HINTS);
  const shell = () => document.querySelector('[data-boot-shell]')?.getAttribute('data-boot-shell') ?? null;
  const pageFile = page ? fileOf(`pages/${page}`) : '';
  // Signature checks take real time off the main thread: wait for the code the host would preload (bounded), then a
  // little longer so that anything the early start asks for beyond it shows too.
  await vi
    .waitFor(
      () => {
        if (expected.page && !themeOfPreload(pageFile)) throw new Error('page code not preloaded yet');
        if (expected.frame && !themeOfPreload(fileOf('layout'))) throw new Error('frame code not preloaded yet');
      },
      { timeout: 1500, interval: 10 },
    )
    .catch(() => undefined);
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  return { brand: shell(), page: page ? themeOfPreload(pageFile) : null, frame: themeOfPreload(fileOf('layout')) };
}

const pageOf = (url: string) => {
  const path = new URL(url, 'http://x').pathname;
  return (path === '/' ? CONFIG.rootRedirect : path).split('/')[1];
};

const VISITS: Array<[string, Visit]> = [
  // The brand.
  ['the prefix query', { url: '/login?prefix=pre8' }],
  [
    'the prefix query over state and cookie',
    { url: '/login?prefix=bkmc&state=os39.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', cookies: ['member-pre8=pre8'] },
  ],
  ['an unknown prefix, not falling through to the cookie', { url: '/login?prefix=zzzz', cookies: ['member-pre8=pre8'] }],
  ['an empty prefix', { url: '/login?prefix=', cookies: ['member-pre8=pre8'] }],
  ["LINE's state", { url: '/check/line?code=c&state=os39.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
  ['a state of an unknown brand, not falling through to the cookie', { url: '/check/line?state=zzzz.A', cookies: ['member-bkmc=bkmc'] }],
  ['a state shorter than a prefix', { url: '/check/line?state=os', cookies: ['member-bkmc=bkmc'] }],
  ['the login cookie', { url: '/profile', cookies: ['member-bkmc=bkmc'] }],
  ['a login cookie whose value is not its name', { url: '/profile', cookies: ['member-bkmc=pre8'] }],
  [
    'a stale login cookie of a brand no longer configured, before a current one',
    { url: '/profile', cookies: ['member-gone=gone', 'member-bkmc=bkmc'] },
  ],
  ['two current login cookies', { url: '/profile', cookies: ['member-os39=os39', 'member-bkmc=bkmc'] }],
  ['nothing to go on', { url: '/profile', cookies: ['other=1'] }],
  // The page's themes.
  ['a page with its own layout and activeLayout', { url: '/slot?prefix=pre8' }],
  ['a page with its own layout and no activeLayout', { url: '/fish?prefix=pre8' }],
  ["a page the site's components do not list", { url: '/cards?prefix=pre8' }],
  ['a page that stands alone', { url: '/login?prefix=bkmc' }],
  ['a page that stands alone, with its own layout', { url: '/login?prefix=pre8' }],
  ['a theme variant', { url: '/slot/theme/PRE8?prefix=pre8' }],
  ['a theme variant of a page that stands alone', { url: '/login/theme/OSAKA39?prefix=bkmc' }],
  ["a theme variant's sub-route", { url: '/slot/theme/default/slotGame?prefix=os39' }],
  ['a theme the config does not have', { url: '/slot/theme/NOPE?prefix=pre8' }],
  ['a variant named like a property every object has', { url: '/slot/theme/constructor?prefix=pre8' }],
  ['"theme" with no variant', { url: '/profile/theme?prefix=bkmc' }],
  ['the root, through the configured redirect', { url: '/?prefix=bkmc' }],
  ['no page of the product', { url: '/Slot?prefix=pre8' }],
  ['a path named like a property every object has', { url: '/constructor?prefix=pre8' }],
];

describe("the early start's copies of the host's rules", () => {
  it.each(VISITS)('agree on %s', async (_name, visit) => {
    const host = await hostAnswer(visit);
    // The host's own boot left its traces (the affiliate cookies, the history): the early start gets the same visit.
    document.head.innerHTML = '';
    const early = await earlyAnswer(visit, host, host.page ? pageOf(visit.url) : undefined);
    expect(early).toEqual(host);
  });

  it('the table exercises what it claims: brands found and not, framed and frameless pages, variants', async () => {
    const answers = [];
    for (const [, visit] of VISITS) {
      hostThemes.page.length = 0;
      hostThemes.frame.length = 0;
      answers.push(await hostAnswer(visit));
    }
    expect(new Set(answers.map((a) => a.brand))).toEqual(new Set(['pre8', 'bkmc', 'os39', null]));
    expect(answers.some((a) => a.page !== null && a.frame === null)).toBe(true);
    expect(answers.some((a) => a.page !== null && a.frame !== null && a.page !== a.frame)).toBe(true);
    expect(answers.some((a) => a.brand !== null && a.page === null)).toBe(true);
  });
});
