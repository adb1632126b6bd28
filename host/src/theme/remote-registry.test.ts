// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTRACT_VERSION } from '@member/shared-core';

const runtime = vi.hoisted(() => ({
  registerRemotes: vi.fn(),
  loadRemote: vi.fn(async (id: string) => ({ id })),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const PRE8 = 'http://localhost:3002/mf-manifest.json';
const manifest = JSON.stringify({
  name: 'remote_pre8',
  metaData: { contractVersion: CONTRACT_VERSION, publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { name: 'pages/login', assets: { js: { sync: ['static/js/login.js'] }, css: { sync: ['static/css/login.css'] } } },
    { name: 'layout', assets: { js: { sync: ['static/js/layout.js'] }, css: { sync: [] } } },
  ],
});

async function load() {
  vi.resetModules();
  const registry = await import('./remote-registry');
  registry.registerThemeRemotes({ remotes: { default: 'http://localhost:3001/mf-manifest.json', PRE8 } } as never);
  return registry;
}

const fetchMock = vi.fn(async (url: string) => (url === PRE8 ? new Response(manifest, { status: 200 }) : new Response('gone', { status: 404 })));
const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => `${l.as} ${l.href}`);

beforeEach(() => {
  document.head.innerHTML = '';
  runtime.registerRemotes.mockClear();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the federation runtime is handed remoteEntries, never manifests', () => {
  it('registers the remoteEntry under the name its manifest states, once for every load', async () => {
    const { loadExposed } = await load();
    await loadExposed('PRE8', 'pages/login');
    await loadExposed('PRE8', 'layout');
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'remote_pre8', entry: 'http://localhost:3002/remoteEntry.js' }]);
    expect(runtime.loadRemote.mock.calls.map(([id]) => id)).toEqual(['remote_pre8/pages/login', 'remote_pre8/layout']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a remote it cannot read is never registered', async () => {
    const { loadExposed } = await load();
    await expect(loadExposed('default', 'pages/login')).rejects.toThrow('404');
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
  });
});

describe('preloading a theme\'s first page', () => {
  it('asks for the remoteEntry and the named exposes\' own files, each once, skipping what is already asked for', async () => {
    document.head.innerHTML = '<link rel="preload" as="script" href="http://localhost:3002/remoteEntry.js">';
    const { preloadExposed } = await load();
    preloadExposed('PRE8', ['pages/login', 'manifest']);
    await vi.waitFor(() => expect(preloads()).toHaveLength(3));
    expect(preloads()).toEqual([
      'script http://localhost:3002/remoteEntry.js',
      'style http://localhost:3002/static/css/login.css',
      'script http://localhost:3002/static/js/login.js',
    ]);
    preloadExposed('PRE8', ['pages/login']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloads()).toHaveLength(3);
  });

  it('preloads nothing of a remote it cannot read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { preloadExposed } = await load();
    preloadExposed('default', ['pages/login']);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(preloads()).toEqual([]);
    warn.mockRestore();
  });
});

describe('a redeployed remote', () => {
  it('is registered again once per new build, however many failed pages ask', async () => {
    const { loadExposed, reloadThemeRemote } = await load();
    await loadExposed('PRE8', 'pages/login');
    const { refetchManifest } = await import('./remote-manifest');
    expect(await refetchManifest('PRE8')).toBe(false);
    await reloadThemeRemote('PRE8');
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);

    const next = JSON.parse(manifest) as { metaData: { remoteEntry: { name: string } } };
    next.metaData.remoteEntry.name = 'remoteEntry.js?build=2';
    fetchMock.mockImplementationOnce(async (url: string) => (url === PRE8 ? new Response(JSON.stringify(next), { status: 200 }) : new Response('gone', { status: 404 })));
    expect(await refetchManifest('PRE8')).toBe(true);
    await Promise.all([reloadThemeRemote('PRE8'), reloadThemeRemote('PRE8')]);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(2);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'remote_pre8', entry: 'http://localhost:3002/remoteEntry.js?build=2' }], { force: true });
  });
});
