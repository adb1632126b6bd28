import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTRACT_VERSION, PAGE_KEYS, type PageKey } from '@member/shared-core';

/** Per theme: whether its remote answers, and which pages its `./manifest` lists. */
let remotes: Record<string, { up: boolean; pages: readonly PageKey[] }>;
const reportError = vi.fn();
/** Which theme each load asked, in order. */
let asked: string[] = [];

vi.mock('../lib/error-report', () => ({ reportError: (...args: unknown[]) => reportError(...args) }));
vi.mock('./remote-manifest', () => {
  class ContractRefused extends Error {}
  return {
    ContractRefused,
    checkedManifest: (theme: string) => (remotes[theme]?.up ? Promise.resolve({ text: theme, name: `remote_${theme}` }) : Promise.reject(new Error(`${theme} is down`))),
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
    if (exposed === 'manifest') return Promise.resolve({ default: { contractVersion: CONTRACT_VERSION, minHostContract: CONTRACT_VERSION, theme, pages: remote.pages } });
    return Promise.resolve({ default: function Page() { return null; } });
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
    await expect(loader.loadThemed('PRE8', { kind: 'page', page: 'login' })).resolves.toMatchObject({ theme: 'default', fallbackFrom: 'PRE8' });
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

  it('rejects only when every configured theme is down (the host then shows its own page)', async () => {
    for (const remote of Object.values(remotes)) remote.up = false;
    await expect(loadThemed('OSAKA39', 'login')).rejects.toThrow('is down');
  });
});
