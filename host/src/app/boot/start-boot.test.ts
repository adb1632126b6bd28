// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import type { RuntimeConfig, Site, SitesFile } from '@member/shared-core';
import { testSite } from '../../core/base/test-member';
import { ApiError } from '../../core/api/api-error';
import { bootStateAtom, prefixAtom, prefixStatusAtom } from '../../core/base/boot-state';
import { sessionAtom } from '../../core/base/session-state';
import { writeSessionCookies } from '../../core/base/session-cookies';
import type { BootConfigResult } from '../../core/config/load-boot-config';
import { clearCookies } from '../../core/base/test-cookies';

const loadBootConfig = vi.hoisted(() => vi.fn<() => Promise<BootConfigResult>>());
const checkPrefix = vi.hoisted(() => vi.fn());
const configureApi = vi.hoisted(() => vi.fn());
const registry = vi.hoisted(() => ({
  registerThemeRemotes: vi.fn(),
  preloadExposed: vi.fn(),
  isConfiguredTheme: vi.fn((theme: string) => ['default', 'PRE8', 'OSAKA39'].includes(theme)),
}));
const themeLoader = vi.hoisted(() => ({ themedComponent: vi.fn(), layoutComponent: vi.fn() }));
const pageHooks = vi.hoisted(() => ({ loadPageHooks: vi.fn(() => null), loadHookChunk: vi.fn(async () => undefined) }));
const reports = vi.hoisted(() => ({ installGlobalErrorReports: vi.fn(), errorReporter: { configure: vi.fn() } }));
const sessionChecks = vi.hoisted(() => [] as string[]);
/** When the member starts to use the page (a guest), or the first page has painted (a stored session): the test says. */
const moments = vi.hoisted(() => {
  let interact: () => void = () => undefined;
  let painted: () => void = () => undefined;
  return {
    afterFirstInteraction: vi.fn(() => new Promise<void>((resolve) => (interact = resolve))),
    afterFirstPage: vi.fn(() => new Promise<void>((resolve) => (painted = resolve))),
    interact: () => interact(),
    paint: () => painted(),
  };
});
vi.mock('../../core/config/load-boot-config', () => ({ loadBootConfig }));
vi.mock('../../core/api/api', async () => ({ ...(await import('../../core/api/test-calls')).fakeApi({ checkPrefix }), configureApi }));
vi.mock('../../features/remotes/remote-registry', () => registry);
vi.mock('../../features/remotes/theme-loader', () => themeLoader);
vi.mock('../bridge/page-hooks', () => pageHooks);
vi.mock('../../core/lib/error-report', () => reports);
vi.mock('../routes/vitals-report', () => ({ startVitalsReport: vi.fn() }));
vi.mock('../../features/remotes/first-page', () => ({
  afterFirstInteraction: moments.afterFirstInteraction,
  afterFirstPage: moments.afterFirstPage,
}));
vi.mock('../../features/session/load-session-actions', () => ({ prefetchSessionActions: vi.fn() }));
vi.mock('../../features/session/start-session-check', async () => {
  const { atom } = await import('jotai');
  return { startSessionCheckAtom: atom(null, (_get, _set, prefix: string) => void sessionChecks.push(prefix)) };
});
vi.mock('../../features/lobby/list-prefetch', () => ({ prefetchLobbyList: vi.fn() }));

const { startBootAtom } = await import('./start-boot');

const CONFIG = {
  apiBase: 'https://api.test',
  rootRedirect: '/login',
  remotes: { default: 'https://r.test/a.json', PRE8: 'https://r.test/b.json' },
} as unknown as RuntimeConfig;
const site = (key: string, divisions: 'true' | 'false' = 'false'): Site =>
  testSite({ key, divisions, layout: 'PRE8', components: [{ title: 'slot', layout: 'default', activeLayout: 'PRE8' }] });
const SITES: SitesFile = { sites: [site('pre8'), site('ufkk', 'true')] };

function visit(url: string) {
  window.history.replaceState(null, '', url);
}

const ready = (sites: SitesFile = SITES) => loadBootConfig.mockResolvedValueOnce({ ok: true, value: { config: CONFIG, sites } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  checkPrefix.mockResolvedValue({ status: true, prefix: 'pre8' });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const mock of [
    loadBootConfig,
    checkPrefix,
    configureApi,
    registry.registerThemeRemotes,
    registry.preloadExposed,
    themeLoader.themedComponent,
    reports.errorReporter.configure,
  ])
    mock.mockReset();
  sessionChecks.length = 0;
  visit('/');
  clearCookies();
});

describe('the boot', () => {
  it('a config that cannot be loaded stops the boot with its failure, and nothing is configured or asked', async () => {
    const store = createStore();
    const failure = { kind: 'unreachable' as const, file: 'config.json' as const, detail: 'HTTP 503' };
    loadBootConfig.mockResolvedValueOnce({ ok: false, failure });
    visit('/login?prefix=pre8');
    await store.set(startBootAtom);
    expect(store.get(bootStateAtom)).toEqual({ phase: 'failed', failure });
    expect(configureApi).not.toHaveBeenCalled();
    expect(checkPrefix).not.toHaveBeenCalled();
  });

  it("a guest's visit: the brand from ?prefix=, the API and themes configured, and the server's word on the brand asked only once the guest acts", async () => {
    const store = createStore();
    ready();
    visit('/login?prefix=pre8&agent=A7');
    await store.set(startBootAtom);
    expect(store.get(bootStateAtom)).toMatchObject({ phase: 'ready', prefix: 'pre8' });
    expect(store.get(prefixAtom)).toBe('pre8');
    expect(configureApi).toHaveBeenCalledWith(CONFIG);
    expect(registry.registerThemeRemotes).toHaveBeenCalledWith(CONFIG);
    expect(store.get(sessionAtom).status).toBe('guest');
    expect(sessionChecks).toEqual([]);
    // The affiliate values of the entry URL are kept for registration.
    expect(document.cookie).toContain('pre8-agent=A7');

    await settle();
    expect(checkPrefix).not.toHaveBeenCalled();
    expect(store.get(prefixStatusAtom)).toBe('checking');
    moments.interact();
    await vi.waitFor(() => expect(store.get(prefixStatusAtom)).toBe('valid'));
    expect(checkPrefix).toHaveBeenCalledWith({ prefix: 'pre8', divisions: 'false' });
  });

  it('a stored session: shown as being checked before the guards look, checked at once, and the brand asked about at once with its divisions', async () => {
    const store = createStore();
    ready();
    checkPrefix.mockResolvedValueOnce({ status: true, prefix: 'ufkk' });
    writeSessionCookies('ufkk', 'member-token', 'phone');
    visit('/profile');
    await store.set(startBootAtom);
    // The brand came from the member cookie a login left.
    expect(store.get(prefixAtom)).toBe('ufkk');
    expect(store.get(sessionAtom).status).toBe('checking');
    expect(sessionChecks).toEqual(['ufkk']);
    expect(checkPrefix).toHaveBeenCalledWith({ prefix: 'ufkk', divisions: 'true' });
    await vi.waitFor(() => expect(store.get(prefixStatusAtom)).toBe('valid'));
  });

  it.each([
    ['a refusal', { status: false, prefix: 'pre8' }],
    ['another brand in the reply', { status: true, prefix: 'ufkk' }],
  ])("the server's %s makes the brand invalid (the page not found)", async (_name, reply) => {
    const store = createStore();
    ready();
    checkPrefix.mockResolvedValueOnce(reply);
    writeSessionCookies('pre8', 'member-token', 'phone');
    visit('/profile?prefix=pre8');
    await store.set(startBootAtom);
    await vi.waitFor(() => expect(store.get(prefixStatusAtom)).toBe('invalid'));
  });

  it('a brand check that cannot reach the server does not lock members out', async () => {
    const store = createStore();
    ready();
    checkPrefix.mockRejectedValueOnce(new ApiError('timeout', 'checkPrefix'));
    writeSessionCookies('pre8', 'member-token', 'phone');
    visit('/profile?prefix=pre8');
    await store.set(startBootAtom);
    await vi.waitFor(() => expect(store.get(prefixStatusAtom)).toBe('valid'));
  });

  it('no known brand: ready without a prefix, invalid at once, nothing asked', async () => {
    const store = createStore();
    ready();
    visit('/login?prefix=zzzz');
    await store.set(startBootAtom);
    expect(store.get(bootStateAtom)).toMatchObject({ phase: 'ready', prefix: null });
    expect(store.get(prefixStatusAtom)).toBe('invalid');
    moments.interact();
    await settle();
    expect(checkPrefix).not.toHaveBeenCalled();
    expect(sessionChecks).toEqual([]);
  });

  it("a brand whose own sites.json entry is broken gets the boot's error page; its problems are named", async () => {
    const store = createStore();
    const problems = [{ field: 'sites[2].layout', problem: 'is not a configured theme' }];
    ready({ ...SITES, invalid: [{ key: 'os39', problems }] } as unknown as SitesFile);
    visit('/login?prefix=os39');
    await store.set(startBootAtom);
    expect(store.get(bootStateAtom)).toEqual({ phase: 'failed', failure: { kind: 'invalid', file: 'sites.json', problems } });
    expect(configureApi).not.toHaveBeenCalled();
  });

  it("starts loading the first page's theme as the route will pick it: the site's component layout for the page, its activeLayout for the frame", async () => {
    const store = createStore();
    ready();
    visit('/slot?prefix=pre8');
    await store.set(startBootAtom);
    expect(themeLoader.themedComponent).toHaveBeenCalledWith('default', { kind: 'page', page: 'slot' });
    expect(themeLoader.layoutComponent).toHaveBeenCalledWith('PRE8');
    expect(registry.preloadExposed).toHaveBeenCalledWith('default', ['manifest', 'pages/slot']);
    expect(registry.preloadExposed).toHaveBeenCalledWith('PRE8', ['manifest', 'layout']);
  });
});
