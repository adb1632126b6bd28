/**
 * For the host's tests only: a brand team's signing, done with WebCrypto as scripts/release-signing.mjs does it with
 * node:crypto (the same document: the signed text, kept as it was signed, and its signature).
 */

const base64 = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)));

/** `sha384-<base64>` of a text, as the signed list and an `integrity` attribute write it. */
export async function testSha384Of(content: string): Promise<string> {
  return `sha384-${base64(await crypto.subtle.digest('SHA-384', new TextEncoder().encode(content)))}`;
}

export interface TestReleaseKey {
  /** As config.json lists it: base64 SubjectPublicKeyInfo. */
  publicKey: string;
  /** The signed-files.json of a release made of these files (path → content), as its text. */
  sign(files: Record<string, string>): Promise<string>;
  /** A signed-files.json whose list is given as is (hashes included), in the given format. */
  signList(list: Record<string, string>, format?: string): Promise<string>;
}

export async function testReleaseKey(kind: 'Ed25519' | 'P-256' = 'Ed25519'): Promise<TestReleaseKey> {
  const params = kind === 'Ed25519' ? { name: 'Ed25519' } : { name: 'ECDSA', namedCurve: 'P-256' };
  const signParams = kind === 'Ed25519' ? { name: 'Ed25519' } : { name: 'ECDSA', hash: 'SHA-256' };
  const pair = (await crypto.subtle.generateKey(params, true, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = base64(await crypto.subtle.exportKey('spki', pair.publicKey));
  const signList = async (files: Record<string, string>, format = 'member-signed-files/1') => {
    const signed = JSON.stringify({ format, files });
    const signature = base64(await crypto.subtle.sign(signParams, pair.privateKey, new TextEncoder().encode(signed)));
    return JSON.stringify({ signed, algorithm: kind, key: 'test', signature });
  };
  return {
    publicKey,
    signList,
    async sign(files) {
      const hashes: Record<string, string> = {};
      for (const [file, content] of Object.entries(files)) hashes[file] = await testSha384Of(content);
      return signList(hashes);
    },
  };
}
