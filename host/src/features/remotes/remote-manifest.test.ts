// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTRACT_VERSION, type RuntimeConfig } from '@member/shared-core';
import { testReleaseKey, type TestRelease, type TestReleaseKey } from '../../core/lib/test-release-signing';

const MAJOR = Number(CONTRACT_VERSION.split('.')[0]);

const REMOTES = {
  default: 'http://localhost:3001/mf-manifest.json',
  PRE8: 'http://localhost:3002/mf-manifest.json',
  OSAKA39: 'http://localhost:3003/mf-manifest.json',
} satisfies RuntimeConfig['remotes'];

function manifest(contractVersion: unknown, remoteEntry = 'remoteEntry.js', minHostContract?: string): string {
  return JSON.stringify({
    id: 'remote_pre8',
    name: 'remote_pre8',
    metaData: { remoteEntry: { name: remoteEntry }, contractVersion, minHostContract },
    shared: [],
    exposes: [],
  });
}

let key: TestReleaseKey;
const keysOf = (remotes: Record<string, string>) => Object.fromEntries(Object.keys(remotes).map((theme) => [theme, [key.publicKey]]));

/** A fresh module per test: the checked manifests are kept per page load. */
async function load() {
  vi.resetModules();
  const module = await import('./remote-manifest');
  module.setManifestUrls({ remotes: REMOTES, remoteKeys: keysOf(REMOTES) });
  return module;
}

let served: Record<string, string>;

const themeAt = (url: string) => Object.entries(REMOTES).find(([, at]) => at === url)![0];

/**
 * A release as its build leaves it: the manifest, and beside it the signed list naming it and its remoteEntry, as a
 * release of the theme served there (unless `release` says otherwise).
 */
async function publish(url: string, text: string, signer: TestReleaseKey = key, release: Partial<TestRelease> = {}) {
  served[url] = text;
  served[new URL('signed-files.json', url).href] = await signer.sign(
    { 'mf-manifest.json': text, 'remoteEntry.js': 'entry', 'remoteEntry.js?v=2': 'entry' },
    { theme: themeAt(url), ...release },
  );
}
const fetchMock = vi.fn((url: string, _init?: RequestInit) => {
  const body = served[url];
  return Promise.resolve(body === undefined ? new Response('gone', { status: 404 }) : new Response(body, { status: 200 }));
});

beforeEach(async () => {
  key ??= await testReleaseKey();
  localStorage.clear();
  served = {};
  await publish(REMOTES.PRE8, manifest(CONTRACT_VERSION));
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the contract is read from the manifest, before any code', () => {
  it('takes a manifest of the same major, fetched once, and finds its remoteEntry beside it', async () => {
    const { checkedManifest } = await load();
    const first = await checkedManifest('PRE8');
    const second = await checkedManifest('PRE8');
    expect(JSON.parse(first.text)).toMatchObject({ metaData: { contractVersion: CONTRACT_VERSION } });
    expect(first.entry).toBe('http://localhost:3002/remoteEntry.js');
    expect(second).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refuses another major, and a manifest that does not say, and keeps the refusal', async () => {
    const { checkedManifest, ContractRefused } = await load();
    await publish(REMOTES.PRE8, manifest(`${MAJOR + 1}.0.0`));
    await expect(checkedManifest('PRE8')).rejects.toBeInstanceOf(ContractRefused);
    await expect(checkedManifest('PRE8')).rejects.toBeInstanceOf(ContractRefused);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await publish(REMOTES.OSAKA39, manifest(undefined));
    await expect(checkedManifest('OSAKA39')).rejects.toThrow('contract undefined');
  });

  it('refuses a remote that needs a newer host minor, and takes one that needs this host or older', async () => {
    const { checkedManifest, ContractRefused } = await load();
    await publish(REMOTES.PRE8, manifest(CONTRACT_VERSION, 'remoteEntry.js', `${MAJOR}.99.0`));
    await expect(checkedManifest('PRE8')).rejects.toBeInstanceOf(ContractRefused);
    await publish(REMOTES.OSAKA39, manifest(CONTRACT_VERSION, 'remoteEntry.js', CONTRACT_VERSION));
    await expect(checkedManifest('OSAKA39')).resolves.toMatchObject({ name: 'remote_pre8' });
  });

  it('reads the remote name from the manifest and registers any theme name config.json uses', async () => {
    vi.resetModules();
    const module = await import('./remote-manifest');
    module.setManifestUrls({ remotes: { ...REMOTES, Acme: REMOTES.PRE8 }, remoteKeys: keysOf({ ...REMOTES, Acme: REMOTES.PRE8 }) });
    await expect(module.checkedManifest('Acme')).resolves.toMatchObject({ name: 'remote_pre8' });
    await publish(REMOTES.OSAKA39, JSON.stringify({ name: 'not a name', metaData: { contractVersion: CONTRACT_VERSION } }));
    await expect(module.checkedManifest('OSAKA39')).rejects.toThrow('names no usable remote');
  });

  it('refuses a manifest that names no remoteEntry, since the runtime would have nothing to load', async () => {
    const { checkedManifest } = await load();
    await publish(REMOTES.PRE8, JSON.stringify({ name: 'remote_pre8', metaData: { contractVersion: CONTRACT_VERSION } }));
    await expect(checkedManifest('PRE8')).rejects.toThrow('names no remoteEntry');
  });
});

describe("where a remote's files are, from its manifest", () => {
  const exposes = [
    {
      name: 'pages/login',
      assets: {
        js: { sync: ['static/js/login.js', 'static/js/blocks.js'], async: ['static/js/later.js'] },
        css: { sync: ['static/css/login.css'], async: [] },
      },
    },
    { name: 'layout', assets: { js: { sync: ['static/js/layout.js'] } } },
    { assets: {} },
  ];

  it("resolves the remoteEntry and each expose's own chunks against the manifest's folder when built with auto", async () => {
    const { manifestFiles } = await load();
    const files = manifestFiles(
      { metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes },
      'https://cdn.test/pre8/mf-manifest.json',
    );
    expect(files.entry).toBe('https://cdn.test/pre8/remoteEntry.js');
    expect(files.exposes['pages/login']).toEqual({
      js: ['https://cdn.test/pre8/static/js/login.js', 'https://cdn.test/pre8/static/js/blocks.js'],
      css: ['https://cdn.test/pre8/static/css/login.css'],
    });
    expect(files.exposes.layout).toEqual({ js: ['https://cdn.test/pre8/static/js/layout.js'], css: [] });
    expect(Object.keys(files.exposes)).toEqual(['pages/login', 'layout']);
  });

  it("uses an explicit publicPath and the remoteEntry's own folder", async () => {
    const { manifestFiles } = await load();
    const files = manifestFiles(
      { metaData: { publicPath: 'https://static.test/v7/', remoteEntry: { name: 'entry.js', path: 'federation' } }, exposes: [] },
      'https://cdn.test/pre8/mf-manifest.json',
    );
    expect(files.entry).toBe('https://static.test/v7/federation/entry.js');
  });

  it('fetches again past the cache for a retry, and tells a redeploy from the same build', async () => {
    const { checkedManifest, refetchManifest } = await load();
    await checkedManifest('PRE8');
    expect(await refetchManifest('PRE8')).toBe(false);
    await publish(REMOTES.PRE8, manifest(CONTRACT_VERSION, 'remoteEntry.js?v=2'));
    expect(await refetchManifest('PRE8')).toBe(true);
    expect(fetchMock.mock.calls.slice(2).map(([, init]) => init?.cache)).toEqual(['reload', 'reload', 'reload', 'reload']);
  });

  it('forgets a manifest that could not be fetched, so the next load asks again', async () => {
    const { checkedManifest } = await load();
    delete served[REMOTES.PRE8];
    await expect(checkedManifest('PRE8')).rejects.toThrow('404');
    await publish(REMOTES.PRE8, manifest(CONTRACT_VERSION));
    await expect(checkedManifest('PRE8')).resolves.toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});

describe('no code of a remote is taken before its signed list is checked', () => {
  it("takes a release signed by a key config.json lists, and hands out each file's hash", async () => {
    const { checkedManifest } = await load();
    const checked = await checkedManifest('PRE8');
    expect(checked.integrity.get('http://localhost:3002/remoteEntry.js')).toMatch(/^sha384-/);
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([REMOTES.PRE8, 'http://localhost:3002/signed-files.json']);
  });

  it('refuses an unsigned release, one signed by another key, and keeps asking (a deploy may be half-way)', async () => {
    const { checkedManifest } = await load();
    const { SignatureRefused } = await import('./remote-signature');
    delete served['http://localhost:3002/signed-files.json'];
    await expect(checkedManifest('PRE8')).rejects.toThrow(
      new SignatureRefused('http://localhost:3002/signed-files.json answered 404: the release of theme PRE8 is not signed'),
    );
    await publish(REMOTES.PRE8, manifest(CONTRACT_VERSION), await testReleaseKey());
    await expect(checkedManifest('PRE8')).rejects.toThrow('is not signed by any key config.json lists for this theme');
    await publish(REMOTES.PRE8, manifest(CONTRACT_VERSION));
    await expect(checkedManifest('PRE8')).resolves.toMatchObject({ name: 'remote_pre8' });
  });

  it('refuses a manifest changed after signing', async () => {
    const { checkedManifest } = await load();
    served[REMOTES.PRE8] = served[REMOTES.PRE8]!.replace('"exposes":[]', '"exposes":[] ');
    await expect(checkedManifest('PRE8')).rejects.toThrow(`${REMOTES.PRE8} is not the file that was signed`);
  });

  it('refuses a manifest that names a file the signed list does not', async () => {
    const { checkedManifest } = await load();
    await publish(REMOTES.PRE8, manifest(CONTRACT_VERSION, 'other-entry.js'));
    await expect(checkedManifest('PRE8')).rejects.toThrow(
      "http://localhost:3002/other-entry.js is not in the remote's signed list of files",
    );
  });
});

describe('a release moves forward only, and goes stale', () => {
  /** The module and the refusals it announces (the files the service worker is told to drop), fresh for a page load. */
  async function page() {
    const module = await load();
    const { answerRefusedRelease } = await import('../../core/base/refused-release');
    const dropped: string[][] = [];
    answerRefusedRelease((urls) => dropped.push([...urls]));
    const { ReleaseRefused } = await import('./remote-signature');
    return { ...module, dropped, ReleaseRefused };
  }

  it('refuses a release older than one this device ran, in a later page load; the same or a newer one runs', async () => {
    await publish(REMOTES.PRE8, manifest(CONTRACT_VERSION), key, { sequence: 200 });
    await expect((await page()).checkedManifest('PRE8')).resolves.toMatchObject({
      release: { theme: 'PRE8', sequence: 200, key: key.publicKey },
    });
    await publish(REMOTES.PRE8, manifest(CONTRACT_VERSION), key, { sequence: 100 });
    const later = await page();
    await expect(later.checkedManifest('PRE8')).rejects.toThrow(
      new later.ReleaseRefused(
        'http://localhost:3002/signed-files.json: release 100 of theme PRE8 is older than release 200, which this device has run; it is not run',
      ),
    );
    // Nothing of the refused release may be kept: its files, its list and its manifest.
    expect(later.dropped).toEqual([
      expect.arrayContaining(['http://localhost:3002/remoteEntry.js', 'http://localhost:3002/signed-files.json', REMOTES.PRE8]),
    ]);
    await publish(REMOTES.PRE8, manifest(CONTRACT_VERSION), key, { sequence: 200 });
    await expect((await page()).checkedManifest('PRE8')).resolves.toBeTruthy();
    await publish(REMOTES.PRE8, manifest(CONTRACT_VERSION), key, { sequence: 300 });
    await expect((await page()).checkedManifest('PRE8')).resolves.toMatchObject({ release: { sequence: 300 } });
  });

  it("refuses a release below the operator's floor, an expired one, and one of another theme; takes a second name's", async () => {
    const first = await page();
    first.setManifestUrls({
      remotes: { ...REMOTES, Acme: REMOTES.PRE8 },
      remoteKeys: keysOf({ ...REMOTES, Acme: REMOTES.PRE8 }),
      remoteMinRelease: { PRE8: 1_767_225_600_001 },
    });
    await expect(first.checkedManifest('PRE8')).rejects.toThrow('is older than the oldest config.json allows (1767225600001)');
    await publish(REMOTES.PRE8, manifest(CONTRACT_VERSION), key, { expires: new Date(Date.now() - 1000).toISOString() });
    await expect((await page()).checkedManifest('PRE8')).rejects.toThrow(/release 1767225600000 of theme PRE8 expired at/);
    await publish(REMOTES.PRE8, manifest(CONTRACT_VERSION), key, { theme: 'OSAKA39' });
    await expect((await page()).checkedManifest('PRE8')).rejects.toThrow('it is a release of theme OSAKA39, not of PRE8');
    // Acme is config.json's second name for PRE8's remote: PRE8's release is Acme's too.
    await publish(REMOTES.PRE8, manifest(CONTRACT_VERSION), key, { theme: 'PRE8' });
    const aliased = await page();
    aliased.setManifestUrls({ remotes: { ...REMOTES, Acme: REMOTES.PRE8 }, remoteKeys: keysOf({ ...REMOTES, Acme: REMOTES.PRE8 }) });
    await expect(aliased.checkedManifest('Acme')).resolves.toMatchObject({ release: { theme: 'PRE8' } });
  });

  it('judges the release in use again when config.json changes: a retired key or a raised floor drops it, and it is refused afresh', async () => {
    const { checkedManifest, applyReleaseRules, dropped } = await page();
    const inUse = await checkedManifest('PRE8');
    const { trustedIntegrity } = await import('./remote-integrity');
    expect(trustedIntegrity('http://localhost:3002/remoteEntry.js')).toBe(inUse.integrity.get('http://localhost:3002/remoteEntry.js'));
    // Nothing changed: nothing dropped, and the same release answers without a fetch.
    expect(await applyReleaseRules({ remoteKeys: keysOf(REMOTES) })).toEqual([]);
    expect(await checkedManifest('PRE8')).toBe(inUse);
    const other = await testReleaseKey();
    expect(await applyReleaseRules({ remoteKeys: { ...keysOf(REMOTES), PRE8: [other.publicKey] } })).toEqual(['PRE8']);
    expect(trustedIntegrity('http://localhost:3002/remoteEntry.js')).toBeUndefined();
    await expect(checkedManifest('PRE8')).rejects.toThrow('is not signed by any key config.json lists for this theme');
    expect(dropped.at(-1)).toEqual(expect.arrayContaining(['http://localhost:3002/remoteEntry.js']));
    // The brand team's new release, signed with the key config.json lists now, runs.
    await publish(REMOTES.PRE8, manifest(CONTRACT_VERSION), other, { sequence: 1_767_225_600_500 });
    await expect(checkedManifest('PRE8')).resolves.toMatchObject({ release: { key: other.publicKey } });
    expect(
      await applyReleaseRules({
        remoteKeys: { ...keysOf(REMOTES), PRE8: [other.publicKey] },
        remoteMinRelease: { PRE8: 1_767_225_600_501 },
      }),
    ).toEqual(['PRE8']);
  });

  it("does not wait for a retry's check still in flight (a remote that stopped answering): the rules judge it when its files arrive", async () => {
    const { checkedManifest, refetchManifest, applyReleaseRules } = await page();
    await checkedManifest('PRE8');
    // The retry's manifest hangs, as from a remote that stopped answering.
    let answer: () => void = () => undefined;
    fetchMock.mockImplementationOnce(
      (url: string) => new Promise<Response>((resolve) => (answer = () => resolve(new Response(served[url], { status: 200 })))),
    );
    const retry = refetchManifest('PRE8').catch((error: unknown) => error);
    const other = await testReleaseKey();
    // The next page's judgement settles at once: nothing is dropped now, nothing waits for PRE8.
    const judged = await Promise.race([
      applyReleaseRules({ remoteKeys: { ...keysOf(REMOTES), PRE8: [other.publicKey] } }),
      new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 500)),
    ]);
    expect(judged).toEqual([]);
    // When the remote answers at last, its release is judged by the rules of now: its key is no longer listed.
    answer();
    expect(String(await retry)).toContain('is not signed by any key config.json lists for this theme');
  });
});
