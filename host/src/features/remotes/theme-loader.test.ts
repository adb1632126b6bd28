import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTRACT_VERSION, PAGE_KEYS, type PageKey } from '@member/shared-core';
import { LOAD_STALL_MS, LOAD_WATCH_TICK_MS } from './load-watch';

/**
 * Per theme: whether its remote answers, which pages its `./manifest` lists, and how each load of a page's code goes
 * (in turn; after the last, as it should).
 */
let remotes: Record<string, { up: boolean; pages: readonly PageKey[]; pageLoads?: Array<'fails' | 'hangs'> }>;
const reportError = vi.fn();
/** Which theme each load asked, in order. */
let asked: string[] = [];

vi.mock('../../core/lib/error-report', () => ({ reportError: (...args: unknown[]) => reportError(...args) }));
vi.mock('./remote-manifest', () => {
  class ContractRefused extends Error {}
  return {
    ContractRefused,
    checkedManifest: (theme: string) =>
      remotes[theme]?.up
        ? Promise.resolve({ text: theme, name: `remote_${theme}`, entry: '', exposes: {}, integrity: new Map() })
        : Promise.reject(new Error(`${theme} is down`)),
    refetchManifest: () => Promise.resolve(false),
    manifestUrlOf: (theme: string) => `http://${theme.toLowerCase()}.remote/mf-manifest.json`,
  };
});
vi.mock('./remote-registry', () => ({
  configuredThemes: () => Object.keys(remotes),
  reloadThemeRemote: () => Promise.resolve(),
  resetThemeRemote: () => undefined,
  loadExposed: (theme: string, exposed: string) => {
    asked.push(theme);
    const remote = remotes[theme];
    if (!remote?.up) return Promise.reject(new Error(`${theme} is down`));
    if (exposed === 'manifest')
      return Promise.resolve({
        default: { contractVersion: CONTRACT_VERSION, minHostContract: CONTRACT_VERSION, theme, pages: remote.pages },
      });
    const next = remote.pageLoads?.shift();
    if (next === 'fails') return Promise.reject(Object.assign(new Error(`Loading chunk ${exposed} failed.`), { name: 'ChunkLoadError' }));
    if (next === 'hangs') return new Promise(() => undefined);
    return Promise.resolve({
      default: function Page() {
        return null;
      },
    });
  },
}));

async function loadThemed(theme: string, page: PageKey) {
  vi.resetModules();
  const loader = await import('./theme-loader');
  return loader.loadThemed(theme, { kind: 'page', page });
}

beforeEach(() => {
  asked = [];
  reportError.mockClear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  remotes = {
    default: { up: true, pages: PAGE_KEYS },
    PRE8: { up: true, pages: PAGE_KEYS },
    OSAKA39: { up: true, pages: PAGE_KEYS },
  };
});

describe('loadThemed: which theme renders a page', () => {
  it('a theme that failed is not asked again on the next pages: its stand-in comes at once, with one report', async () => {
    vi.resetModules();
    const loader = await import('./theme-loader');
    remotes.PRE8!.up = false;
    await expect(loader.loadThemed('PRE8', { kind: 'page', page: 'login' })).resolves.toMatchObject({
      theme: 'default',
      fallbackFrom: 'PRE8',
    });
    // Up again, but within the cool-down: a probe in the background decides, not a member's page.
    remotes.PRE8!.up = true;
    asked = [];
    for (const page of ['profile', 'history'] as const) {
      await expect(loader.loadThemed('PRE8', { kind: 'page', page })).resolves.toMatchObject({ theme: 'default', fallbackFrom: 'PRE8' });
    }
    expect(asked).not.toContain('PRE8');
    expect(reportError).toHaveBeenCalledTimes(1);
  });

  it('renders the theme asked for when it is up', async () => {
    await expect(loadThemed('OSAKA39', 'login')).resolves.toMatchObject({ theme: 'OSAKA39', fallbackFrom: null });
  });

  it('a page the theme does not provide comes from the default theme, with no notice and no report', async () => {
    remotes.PRE8!.pages = PAGE_KEYS.filter((key) => key !== 'history');
    await expect(loadThemed('PRE8', 'history')).resolves.toMatchObject({ theme: 'default', fallbackFrom: null });
    expect(reportError).not.toHaveBeenCalled();
  });

  it('a theme that is down falls back to the default theme, with the notice and a report', async () => {
    remotes.PRE8!.up = false;
    await expect(loadThemed('PRE8', 'login')).resolves.toMatchObject({ theme: 'default', fallbackFrom: 'PRE8' });
    expect(reportError).toHaveBeenCalledWith('theme-fallback', expect.stringContaining('PRE8 is down'), 'PRE8');
  });

  it('with the default remote down too, any other configured theme that is up stands in', async () => {
    remotes.default!.up = false;
    await expect(loadThemed('default', 'login')).resolves.toMatchObject({ theme: 'PRE8', fallbackFrom: 'default' });
    remotes.PRE8!.up = false;
    await expect(loadThemed('PRE8', 'login')).resolves.toMatchObject({ theme: 'OSAKA39', fallbackFrom: 'PRE8' });
  });

  it('rejects only when every configured theme is down, naming each (the host then draws its plain page), reported once a visit', async () => {
    for (const remote of Object.values(remotes)) remote.up = false;
    vi.resetModules();
    const loader = await import('./theme-loader');
    const failed = loader.loadThemed('OSAKA39', { kind: 'page', page: 'login' });
    await expect(failed).rejects.toBeInstanceOf(loader.NoThemeUsable);
    await expect(failed).rejects.toThrow(
      'no theme could draw the page (OSAKA39: OSAKA39 is down; default: default is down; PRE8: PRE8 is down)',
    );
    await expect(loader.loadThemed('PRE8', { kind: 'page', page: 'profile' })).rejects.toBeInstanceOf(loader.NoThemeUsable);
    expect(reportError.mock.calls.filter(([kind]) => kind === 'look-unavailable')).toHaveLength(1);
  });

  it('a page whose code failed, then whose second try stalled, falls back without passing its theme over', async () => {
    vi.useFakeTimers();
    try {
      vi.resetModules();
      const loader = await import('./theme-loader');
      remotes.PRE8!.pageLoads = ['fails', 'hangs'];
      const first = loader.loadThemed('PRE8', { kind: 'page', page: 'profile' });
      await vi.advanceTimersByTimeAsync(LOAD_STALL_MS + LOAD_WATCH_TICK_MS);
      await expect(first).resolves.toMatchObject({ theme: 'default', fallbackFrom: 'PRE8' });
      // Its remote answered all along: the next page asks it again, and it renders.
      asked = [];
      await expect(loader.loadThemed('PRE8', { kind: 'page', page: 'history' })).resolves.toMatchObject({
        theme: 'PRE8',
        fallbackFrom: null,
      });
      expect(asked).toContain('PRE8');
    } finally {
      vi.useRealTimers();
    }
  });
});
