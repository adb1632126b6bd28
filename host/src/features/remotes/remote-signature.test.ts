import { describe, expect, it } from 'vitest';
import { checkSignedBytes, integrityOf, listedFiles, sha384Of, SignatureRefused, signedUrls, verifiedRelease } from './remote-signature';
import { releaseRefusal } from './release-freshness';
import { testRelease, testReleaseKey } from '../../core/lib/test-release-signing';

const RELEASE = {
  'mf-manifest.json': '{"name":"remote_pre8"}',
  'remoteEntry.js': 'window.remote_pre8 = {};',
  'static/js/async/pages-login.0123abcd.js': 'console.log("login")',
};
const bytes = (text: string) => new TextEncoder().encode(text);
const AT = 'https://pre8.themes.test/signed-files.json';

describe('a signed list of files', () => {
  for (const kind of ['Ed25519', 'P-256'] as const) {
    it(`${kind}: a good signature yields every file with its SHA-384`, async () => {
      const key = await testReleaseKey(kind);
      const { files, key: signedBy } = await verifiedRelease(JSON.parse(await key.sign(RELEASE)), [key.publicKey], AT);
      expect(signedBy).toBe(key.publicKey);
      expect([...files.keys()]).toEqual(Object.keys(RELEASE));
      expect(files.get('remoteEntry.js')).toBe(await sha384Of(bytes(RELEASE['remoteEntry.js'])));
      expect(files.get('remoteEntry.js')).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    });
  }

  it('is taken when any key of the list signed it (a rotation in progress)', async () => {
    const [old, current] = await Promise.all([testReleaseKey('P-256'), testReleaseKey()]);
    const document = JSON.parse(await current.sign(RELEASE));
    const release = await verifiedRelease(document, [old.publicKey, current.publicKey], AT);
    expect(release.files.size).toBe(3);
    // Which of the two signed it: what an open page judges again once config.json drops the old one.
    expect(release.key).toBe(current.publicKey);
  });

  it('refuses a wrong key, an unknown kind of key, and a list with no keys', async () => {
    const [signer, other] = await Promise.all([testReleaseKey(), testReleaseKey()]);
    const document = JSON.parse(await signer.sign(RELEASE));
    await expect(verifiedRelease(document, [other.publicKey], AT)).rejects.toThrow(
      new SignatureRefused(`${AT} is not signed by any key config.json lists for this theme`),
    );
    await expect(verifiedRelease(document, ['MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'], AT)).rejects.toBeInstanceOf(SignatureRefused);
    await expect(verifiedRelease(document, [], AT)).rejects.toBeInstanceOf(SignatureRefused);
  });

  it('refuses a missing or unreadable signature, and a document that is no signed list', async () => {
    const key = await testReleaseKey();
    const document = JSON.parse(await key.sign(RELEASE)) as Record<string, unknown>;
    const { signature: _, ...unsigned } = document;
    await expect(verifiedRelease(unsigned, [key.publicKey], AT)).rejects.toThrow('is not a signed list of files');
    await expect(verifiedRelease({ ...document, signature: '%%%' }, [key.publicKey], AT)).rejects.toThrow('no readable signature');
    await expect(verifiedRelease({ ...document, signature: btoa('short') }, [key.publicKey], AT)).rejects.toBeInstanceOf(SignatureRefused);
    await expect(verifiedRelease(null, [key.publicKey], AT)).rejects.toBeInstanceOf(SignatureRefused);
    await expect(verifiedRelease('<html>', [key.publicKey], AT)).rejects.toBeInstanceOf(SignatureRefused);
  });

  it('refuses a list changed after signing, by one byte', async () => {
    const key = await testReleaseKey();
    const document = JSON.parse(await key.sign(RELEASE)) as { signed: string };
    const at = document.signed.indexOf('sha384-') + 10;
    const changed = document.signed.slice(0, at) + (document.signed[at] === 'A' ? 'B' : 'A') + document.signed.slice(at + 1);
    await expect(verifiedRelease({ ...document, signed: changed }, [key.publicKey], AT)).rejects.toBeInstanceOf(SignatureRefused);
  });

  it('refuses a signed document of another format, such as the earlier one that named no theme, release or expiry', async () => {
    const key = await testReleaseKey();
    const document = JSON.parse(await key.signList({}, 'member-signed-files/1')) as { signed: string };
    await expect(verifiedRelease(document, [key.publicKey], AT)).rejects.toThrow('not in the format member-signed-files/2');
  });

  it('reads what the release says of itself: its theme, sequence and expiry; refuses a list that does not say', async () => {
    const key = await testReleaseKey();
    const release = await verifiedRelease(
      JSON.parse(await key.sign(RELEASE, { theme: 'OSAKA39', sequence: 42, expires: '2030-01-01T00:00:00.000Z' })),
      [key.publicKey],
      AT,
    );
    expect({ theme: release.theme, sequence: release.sequence, expires: release.expires }).toEqual({
      theme: 'OSAKA39',
      sequence: 42,
      expires: Date.parse('2030-01-01T00:00:00Z'),
    });
    for (const bad of [{ sequence: 'soon' }, { expires: 'never' }, { theme: 7 }]) {
      const document = JSON.parse(await key.signList({}, 'member-signed-files/2', bad as never)) as unknown;
      await expect(verifiedRelease(document, [key.publicKey], AT)).rejects.toThrow('does not say which theme, release and expiry it is');
    }
  });

  it('names the files of any list, trusted or not, for dropping them', async () => {
    const key = await testReleaseKey();
    const files = listedFiles(JSON.parse(await key.sign(RELEASE)), AT);
    expect([...files.keys()]).toEqual(Object.keys(RELEASE).map((file) => new URL(file, AT).href));
    expect(listedFiles('<html>', AT).size).toBe(0);
  });
});

describe('files checked against the list', () => {
  async function signed() {
    const key = await testReleaseKey();
    return signedUrls((await verifiedRelease(JSON.parse(await key.sign(RELEASE)), [key.publicKey], AT)).files, AT);
  }

  it('resolves each listed file beside the signed list, and hands out its hash', async () => {
    const urls = await signed();
    expect(integrityOf(urls, 'https://pre8.themes.test/static/js/async/pages-login.0123abcd.js')).toBe(
      await sha384Of(bytes(RELEASE['static/js/async/pages-login.0123abcd.js'])),
    );
  });

  it('refuses a file the list does not name', async () => {
    const urls = await signed();
    expect(() => integrityOf(urls, 'https://pre8.themes.test/static/js/extra.js')).toThrow(
      new SignatureRefused("https://pre8.themes.test/static/js/extra.js is not in the remote's signed list of files"),
    );
    expect(() => integrityOf(urls, 'https://elsewhere.test/remoteEntry.js')).toThrow(SignatureRefused);
  });

  it('takes the signed bytes and refuses one changed byte', async () => {
    const urls = await signed();
    const url = 'https://pre8.themes.test/mf-manifest.json';
    await expect(checkSignedBytes(urls, url, bytes(RELEASE['mf-manifest.json']))).resolves.toBeUndefined();
    await expect(checkSignedBytes(urls, url, bytes(RELEASE['mf-manifest.json'].replace('pre8', 'pre9')))).rejects.toThrow(
      `${url} is not the file that was signed`,
    );
  });
});

describe('a release that is signed but not to be run', () => {
  const NOW = Date.parse('2026-06-01T00:00:00Z');
  const release = (change: Partial<{ theme: string; sequence: number; expires: number }> = {}) => ({
    theme: 'PRE8',
    sequence: 100,
    expires: NOW + 1000,
    ...change,
  });
  const rules = { themes: ['PRE8'], newestSeen: null, now: NOW };

  it('runs a release of its theme, not older than any seen or pinned, not expired', () => {
    expect(releaseRefusal(release(), rules)).toBeNull();
    expect(releaseRefusal(release(), { ...rules, newestSeen: 100, minimum: 100 })).toBeNull();
    expect(releaseRefusal(release({ theme: 'Acme' }), { ...rules, themes: ['PRE8', 'Acme'] })).toBeNull();
  });

  it("refuses another theme's release, a rollback below what this device ran or the operator pinned, and an expired one", () => {
    expect(releaseRefusal(release({ theme: 'OSAKA39' }), rules)).toBe('it is a release of theme OSAKA39, not of PRE8');
    expect(releaseRefusal(release({ sequence: 99 }), { ...rules, newestSeen: 100 })).toBe(
      'release 99 of theme PRE8 is older than release 100, which this device has run',
    );
    expect(releaseRefusal(release(), { ...rules, minimum: 101 })).toBe(
      'release 100 of theme PRE8 is older than the oldest config.json allows (101)',
    );
    expect(releaseRefusal(release({ expires: NOW }), rules)).toBe('release 100 of theme PRE8 expired at 2026-06-01T00:00:00.000Z');
  });

  it('a default test release is one of PRE8 that has not expired', () => {
    expect(releaseRefusal({ ...testRelease(), expires: Date.parse(testRelease().expires) }, { ...rules, now: Date.now() })).toBeNull();
  });
});
