// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTRACT_VERSION } from '@member/shared-core';
import { testReleaseKey, type TestReleaseKey } from '../../core/lib/test-release-signing';

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

const PRE8_LIST = 'http://localhost:3002/signed-files.json';
const next = JSON.parse(manifest) as { metaData: { remoteEntry: { name: string } } };
next.metaData.remoteEntry.name = 'remoteEntry.js?build=2';
let key: TestReleaseKey;
/** The release's signed list: both builds' manifests and every file they name. */
let signedList = '';
/** What the PRE8 remote serves now: the first build, until a test redeploys it. */
let served = { manifest, list: '' };
const FILES = ['remoteEntry.js', 'remoteEntry.js?build=2', 'static/js/login.js', 'static/css/login.css', 'static/js/layout.js'];

async function load() {
  vi.resetModules();
  const registry = await import('./remote-registry');
  const remotes = { default: 'http://localhost:3001/mf-manifest.json', PRE8 };
  registry.registerThemeRemotes({ remotes, remoteKeys: { default: [key.publicKey], PRE8: [key.publicKey] } } as never);
  return registry;
}

const fetchMock = vi.fn(async (url: string) => {
  if (url === PRE8) return new Response(served.manifest, { status: 200 });
  if (url === PRE8_LIST) return new Response(served.list, { status: 200 });
  return new Response('gone', { status: 404 });
});
const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => `${l.as} ${l.href}`);

beforeEach(async () => {
  if (!key) {
    key = await testReleaseKey();
    signedList = await key.sign({ 'mf-manifest.json': manifest, ...Object.fromEntries(FILES.map((file) => [file, file])) });
  }
  served = { manifest, list: signedList };
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
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a remote it cannot read is never registered', async () => {
    const { loadExposed } = await load();
    await expect(loadExposed('default', 'pages/login')).rejects.toThrow('404');
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
  });
});

describe("preloading a theme's first page", () => {
  it("asks for the remoteEntry and the named exposes' own files, each once, skipping what is already asked for", async () => {
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

  it("asks in CORS mode with each file's signed hash, as the script and stylesheet tags that take them", async () => {
    const { preloadExposed } = await load();
    preloadExposed('PRE8', ['pages/login']);
    await vi.waitFor(() => expect(preloads()).toHaveLength(3));
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(links.map((link) => link.crossOrigin)).toEqual(['anonymous', 'anonymous', 'anonymous']);
    const { sha384Of } = await import('./remote-signature');
    expect(links.map((link) => link.integrity)).toEqual(
      await Promise.all(
        ['remoteEntry.js', 'static/css/login.css', 'static/js/login.js'].map((file) => sha384Of(new TextEncoder().encode(file))),
      ),
    );
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

    const nextText = JSON.stringify(next);
    served = {
      manifest: nextText,
      list: await key.sign({ 'mf-manifest.json': nextText, ...Object.fromEntries(FILES.map((file) => [file, file])) }),
    };
    expect(await refetchManifest('PRE8')).toBe(true);
    await Promise.all([reloadThemeRemote('PRE8'), reloadThemeRemote('PRE8')]);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(2);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'remote_pre8', entry: 'http://localhost:3002/remoteEntry.js?build=2' }],
      { force: true },
    );
  });
});
