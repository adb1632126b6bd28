import { describe, expect, it } from 'vitest';
import { checkSignedBytes, integrityOf, sha384Of, SignatureRefused, signedUrls, verifiedFiles } from './remote-signature';
import { testReleaseKey } from '../lib/test-release-signing';

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
      const files = await verifiedFiles(JSON.parse(await key.sign(RELEASE)), [key.publicKey], AT);
      expect([...files.keys()]).toEqual(Object.keys(RELEASE));
      expect(files.get('remoteEntry.js')).toBe(await sha384Of(bytes(RELEASE['remoteEntry.js'])));
      expect(files.get('remoteEntry.js')).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    });
  }

  it('is taken when any key of the list signed it (a rotation in progress)', async () => {
    const [old, current] = await Promise.all([testReleaseKey('P-256'), testReleaseKey()]);
    const document = JSON.parse(await current.sign(RELEASE));
    await expect(verifiedFiles(document, [old.publicKey, current.publicKey], AT)).resolves.toHaveProperty('size', 3);
  });

  it('refuses a wrong key, an unknown kind of key, and a list with no keys', async () => {
    const [signer, other] = await Promise.all([testReleaseKey(), testReleaseKey()]);
    const document = JSON.parse(await signer.sign(RELEASE));
    await expect(verifiedFiles(document, [other.publicKey], AT)).rejects.toThrow(new SignatureRefused(`${AT} is not signed by any key config.json lists for this theme`));
    await expect(verifiedFiles(document, ['MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'], AT)).rejects.toBeInstanceOf(SignatureRefused);
    await expect(verifiedFiles(document, [], AT)).rejects.toBeInstanceOf(SignatureRefused);
  });

  it('refuses a missing or unreadable signature, and a document that is no signed list', async () => {
    const key = await testReleaseKey();
    const document = JSON.parse(await key.sign(RELEASE)) as Record<string, unknown>;
    const { signature: _, ...unsigned } = document;
    await expect(verifiedFiles(unsigned, [key.publicKey], AT)).rejects.toThrow('is not a signed list of files');
    await expect(verifiedFiles({ ...document, signature: '%%%' }, [key.publicKey], AT)).rejects.toThrow('no readable signature');
    await expect(verifiedFiles({ ...document, signature: btoa('short') }, [key.publicKey], AT)).rejects.toBeInstanceOf(SignatureRefused);
    await expect(verifiedFiles(null, [key.publicKey], AT)).rejects.toBeInstanceOf(SignatureRefused);
    await expect(verifiedFiles('<html>', [key.publicKey], AT)).rejects.toBeInstanceOf(SignatureRefused);
  });

  it('refuses a list changed after signing, by one byte', async () => {
    const key = await testReleaseKey();
    const document = JSON.parse(await key.sign(RELEASE)) as { signed: string };
    const at = document.signed.indexOf('sha384-') + 10;
    const changed = document.signed.slice(0, at) + (document.signed[at] === 'A' ? 'B' : 'A') + document.signed.slice(at + 1);
    await expect(verifiedFiles({ ...document, signed: changed }, [key.publicKey], AT)).rejects.toBeInstanceOf(SignatureRefused);
  });

  it('refuses a signed document of another format', async () => {
    const key = await testReleaseKey();
    const document = JSON.parse(await key.signList({}, 'member-signed-files/2')) as { signed: string };
    await expect(verifiedFiles(document, [key.publicKey], AT)).rejects.toThrow('not in the format member-signed-files/1');
  });
});

describe('files checked against the list', () => {
  async function signed() {
    const key = await testReleaseKey();
    return signedUrls(await verifiedFiles(JSON.parse(await key.sign(RELEASE)), [key.publicKey], AT), AT);
  }

  it('resolves each listed file beside the signed list, and hands out its hash', async () => {
    const urls = await signed();
    expect(integrityOf(urls, 'https://pre8.themes.test/static/js/async/pages-login.0123abcd.js')).toBe(await sha384Of(bytes(RELEASE['static/js/async/pages-login.0123abcd.js'])));
  });

  it('refuses a file the list does not name', async () => {
    const urls = await signed();
    expect(() => integrityOf(urls, 'https://pre8.themes.test/static/js/extra.js')).toThrow(new SignatureRefused('https://pre8.themes.test/static/js/extra.js is not in the remote\'s signed list of files'));
    expect(() => integrityOf(urls, 'https://elsewhere.test/remoteEntry.js')).toThrow(SignatureRefused);
  });

  it('takes the signed bytes and refuses one changed byte', async () => {
    const urls = await signed();
    const url = 'https://pre8.themes.test/mf-manifest.json';
    await expect(checkSignedBytes(urls, url, bytes(RELEASE['mf-manifest.json']))).resolves.toBeUndefined();
    await expect(checkSignedBytes(urls, url, bytes(RELEASE['mf-manifest.json'].replace('pre8', 'pre9')))).rejects.toThrow(`${url} is not the file that was signed`);
  });
});
