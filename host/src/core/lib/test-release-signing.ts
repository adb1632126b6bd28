/**
 * For the host's tests only: a brand team's signing, done with WebCrypto as scripts/release-signing.mjs does it with
 * node:crypto (the same document: the signed text, kept as it was signed, and its signature).
 */

const base64 = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)));

/** `sha384-<base64>` of a text, as the signed list and an `integrity` attribute write it. */
export async function testSha384Of(content: string): Promise<string> {
  return `sha384-${base64(await crypto.subtle.digest('SHA-384', new TextEncoder().encode(content)))}`;
}

/** What a release says of itself beside its files (scripts/release-signing.mjs `releaseFields`). */
export interface TestRelease {
  theme: string;
  sequence: number;
  /** ISO time. */
  expires: string;
}

/** A release of PRE8 signed now, good for 90 days: what a build signs unless a test says otherwise. */
export const testRelease = (change: Partial<TestRelease> = {}): TestRelease => ({
  theme: 'PRE8',
  sequence: 1_767_225_600_000,
  expires: new Date(Date.now() + 90 * 24 * 3600 * 1000).toISOString(),
  ...change,
});

export interface TestReleaseKey {
  /** As config.json lists it: base64 SubjectPublicKeyInfo. */
  publicKey: string;
  /** The signed-files.json of a release made of these files (path → content), as its text. */
  sign(files: Record<string, string>, release?: Partial<TestRelease>): Promise<string>;
  /** A signed-files.json whose list is given as is (hashes included), in the given format (the release's fields left out for another). */
  signList(list: Record<string, string>, format?: string, release?: Partial<TestRelease>): Promise<string>;
}

export async function testReleaseKey(kind: 'Ed25519' | 'P-256' = 'Ed25519'): Promise<TestReleaseKey> {
  const params = kind === 'Ed25519' ? { name: 'Ed25519' } : { name: 'ECDSA', namedCurve: 'P-256' };
  const signParams = kind === 'Ed25519' ? { name: 'Ed25519' } : { name: 'ECDSA', hash: 'SHA-256' };
  const pair = (await crypto.subtle.generateKey(params, true, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = base64(await crypto.subtle.exportKey('spki', pair.publicKey));
  const signList = async (files: Record<string, string>, format = 'member-signed-files/2', release: Partial<TestRelease> = {}) => {
    const signed = JSON.stringify(format === 'member-signed-files/2' ? { format, ...testRelease(release), files } : { format, files });
    const signature = base64(await crypto.subtle.sign(signParams, pair.privateKey, new TextEncoder().encode(signed)));
    return JSON.stringify({ signed, algorithm: kind, key: 'test', signature });
  };
  return {
    publicKey,
    signList,
    async sign(files, release) {
      const hashes: Record<string, string> = {};
      for (const [file, content] of Object.entries(files)) hashes[file] = await testSha384Of(content);
      return signList(hashes, undefined, release);
    },
  };
}
