// A theme remote's release changed on its way to the browser *and signed again with its brand team's key*: what a
// legitimate new build looks like (another contract, a redeploy). Tests that are about the contract or a redeploy,
// not about signatures, serve their changed manifest this way, so the host refuses or takes it for what it says.
import { createHash, createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

const WORKSPACE = path.resolve(import.meta.dirname, '../..');

function signText(text: string, remoteDir: string): string {
  const key = createPrivateKey(readFileSync(path.join(WORKSPACE, remoteDir, 'release-key', 'private.pem'), 'utf8'));
  const data = Buffer.from(text, 'utf8');
  const signature = key.asymmetricKeyType === 'ed25519' ? sign(null, data, key) : sign('sha256', data, { key, dsaEncoding: 'ieee-p1363' });
  return signature.toString('base64');
}

/** An mf-manifest.json, as much of it as these tests change. */
export interface ManifestJson {
  metaData: Record<string, unknown> & { remoteEntry: { name: string } };
  [key: string]: unknown;
}

const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

/**
 * Serves `origin`'s manifest changed by `change` (given the manifest and how many times it was asked before), and a
 * signed list naming that manifest, re-signed with the workspace's key of `remoteDir`. `aliases` lists extra names
 * the new manifest uses for files the release already has (`remoteEntry.js?build=2` → `remoteEntry.js`).
 * The n-th signed list goes with the n-th manifest: the host and the early start always ask for both.
 */
export async function serveResigned(
  page: Page,
  {
    origin,
    remoteDir,
    change,
    aliases = {},
  }: {
    origin: string;
    remoteDir: string;
    change: (manifest: ManifestJson, asked: number) => ManifestJson;
    aliases?: Record<string, string>;
  },
): Promise<void> {
  const texts: Array<{ promise: Promise<string>; resolve: (text: string) => void }> = [];
  const slot = (i: number) => {
    if (!texts[i]) {
      let resolve: (text: string) => void = () => undefined;
      const promise = new Promise<string>((done) => (resolve = done));
      texts[i] = { promise, resolve };
    }
    return texts[i]!;
  };
  let manifests = 0;
  let lists = 0;
  await page.route(`${origin}/mf-manifest.json`, async (route) => {
    const i = manifests++;
    const response = await route.fetch();
    const text = JSON.stringify(change((await response.json()) as ManifestJson, i));
    slot(i).resolve(text);
    await route.fulfill({ response, body: text });
  });
  await page.route(`${origin}/signed-files.json`, async (route) => {
    const i = lists++;
    const response = await route.fetch();
    const document = (await response.json()) as { signed: string };
    const list = JSON.parse(document.signed) as { format: string; files: Record<string, string> };
    list.files['mf-manifest.json'] = sha384(await slot(i).promise);
    for (const [alias, file] of Object.entries(aliases)) list.files[alias] = list.files[file]!;
    const signed = JSON.stringify(list);
    await route.fulfill({ response, body: JSON.stringify({ ...document, signed, signature: signText(signed, remoteDir) }) });
  });
}

/**
 * Serves files of `origin` with new contents (path relative to the remote's folder → text) and a signed list naming
 * their new hashes, re-signed with the workspace's key of `remoteDir`: a new release of those files.
 */
export async function serveResignedFiles(
  page: Page,
  { origin, remoteDir, files }: { origin: string; remoteDir: string; files: Record<string, string> },
): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    await page.route(`${origin}/${file}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: text });
    });
  }
  await page.route(`${origin}/signed-files.json`, async (route) => {
    const response = await route.fetch();
    const document = (await response.json()) as { signed: string };
    const list = JSON.parse(document.signed) as { format: string; files: Record<string, string> };
    for (const [file, text] of Object.entries(files)) list.files[file] = sha384(text);
    const signed = JSON.stringify(list);
    await route.fulfill({ response, body: JSON.stringify({ ...document, signed, signature: signText(signed, remoteDir) }) });
  });
}

/** What a release says of itself beside its files (scripts/release-signing.mjs `releaseFields`). */
export interface ReleaseFields {
  theme: string;
  sequence: number;
  expires: string;
}

/**
 * Serves `origin`'s signed list with what the release says of itself changed by `change` (its files as they are),
 * signed again with the workspace's key of `remoteDir`: the same build, released as another release (an older one, an
 * expired one, one of another theme), validly signed by its brand team. Through `context` when given, so the service
 * worker's own requests are answered too.
 */
export async function serveRelease(
  target: Pick<Page, 'route'>,
  { origin, remoteDir, change }: { origin: string; remoteDir: string; change: (release: ReleaseFields) => Partial<ReleaseFields> },
): Promise<void> {
  await target.route(`${origin}/signed-files.json`, async (route) => {
    const response = await route.fetch();
    const document = (await response.json()) as { signed: string };
    const list = JSON.parse(document.signed) as ReleaseFields & { format: string; files: Record<string, string> };
    const signed = JSON.stringify({ ...list, ...change(list) });
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({
      status: response.status(),
      headers,
      body: JSON.stringify({ ...document, signed, signature: signText(signed, remoteDir) }),
    });
  });
}

/** A chunk's SHA-384 as the remote's own chunk loader carries it (built into its remoteEntry). */
export const integrityOfText = sha384;
