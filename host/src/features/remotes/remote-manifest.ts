import { MANIFEST_CONTRACT_KEY, MANIFEST_MIN_HOST_KEY, remoteAccepted, type RuntimeConfig, type ThemeName } from '@member/shared-core';
import { REMOTE_RESOURCE_TIMEOUT_MS } from './remote-timeout';
import { takeEarlyManifest } from '../../core/config/early-fetches';
import { withTimeout } from './with-timeout';
import {
  checkSignedBytes,
  integrityOf,
  listedFiles,
  ReleaseRefused,
  SIGNED_FILES_NAME,
  SignatureRefused,
  signedUrls,
  verifiedRelease,
  type VerifiedRelease,
} from './remote-signature';
import { distrustSignedFiles, trustedIntegrity, trustSignedFiles } from './remote-integrity';
import { releaseRefusal } from './release-freshness';
import { newestRelease, rememberRelease } from './release-memory';
import { servedNow } from '../../core/config/served-time';
import { announceRefusedRelease } from '../../core/base/refused-release';

/**
 * A remote built against another contract major, or needing a newer host contract than this one (or that
 * does not say which it speaks): none of its code may run.
 */
export class ContractRefused extends Error {
  constructor(theme: ThemeName, version: unknown, minHost?: unknown) {
    super(
      `theme ${theme} speaks contract ${String(version)}${minHost === undefined ? '' : ` and needs host ${String(minHost)}`}; the host cannot take it`,
    );
    this.name = 'ContractRefused';
  }
}

export interface ExposeAssets {
  js: string[];
  css: string[];
}

export interface CheckedManifest {
  /** The manifest as served: a redeploy is told from a changed text. */
  text: string;
  /** The Module Federation name the remote was built with: the host keeps no table of them. */
  name: string;
  /** The absolute URL of its remoteEntry, which the federation runtime is given instead of the manifest. */
  entry: string;
  /** Each exposed module's own files (absolute URLs), by its name without `./` (`pages/login`, `layout`). */
  exposes: Record<string, ExposeAssets>;
  /** Every file of the release, by absolute URL → its SHA-384 (`sha384-…`), from the checked signed list. */
  integrity: ReadonlyMap<string, string>;
  /** What the release says of itself, and the key that signed it: judged again when config.json changes (a new page). */
  release: Pick<VerifiedRelease, 'theme' | 'sequence' | 'expires' | 'key'>;
  /** Which release this is: the manifest's signed hash (a page drawn in the HTML names the releases it was drawn with). */
  releaseHash: string;
}

type ManifestJson = {
  name?: unknown;
  id?: unknown;
  metaData?: { publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } } & Record<string, unknown>;
  exposes?: unknown;
} | null;

const texts = (list: unknown): string[] => (Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : []);

/**
 * Where the remote's files are, from its manifest alone: the remoteEntry and each expose's synchronous chunks,
 * against `publicPath` (or the manifest's own folder when the remote was built with `auto`).
 */
export function manifestFiles(manifest: ManifestJson, manifestUrl: string): Pick<CheckedManifest, 'entry' | 'exposes'> {
  const meta = manifest?.metaData;
  const publicPath = typeof meta?.publicPath === 'string' && meta.publicPath !== 'auto' ? meta.publicPath : './';
  const base = new URL(publicPath, manifestUrl).href;
  const entryName = meta?.remoteEntry?.name;
  if (typeof entryName !== 'string' || entryName === '') throw new Error(`${manifestUrl} names no remoteEntry`);
  const entryPath = typeof meta?.remoteEntry?.path === 'string' ? meta.remoteEntry.path : '';
  const entry = new URL(entryPath ? `${entryPath}/${entryName}` : entryName, base).href;
  const exposes: Record<string, ExposeAssets> = {};
  for (const expose of Array.isArray(manifest?.exposes) ? (manifest.exposes as unknown[]) : []) {
    if (typeof expose !== 'object' || expose === null) continue;
    const { name, assets } = expose as { name?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } };
    if (typeof name !== 'string') continue;
    const absolute = (files: unknown) => texts(files).map((file) => new URL(file, base).href);
    exposes[name] = { js: absolute(assets?.js?.sync), css: absolute(assets?.css?.sync) };
  }
  return { entry, exposes };
}

// Not in the store: the release rules of config.json and the checked manifests, read by the loaders outside React for the page's one federation runtime.
const manifestUrls = new Map<ThemeName, string>();
const releaseKeys = new Map<ThemeName, readonly string[]>();
const releaseFloors = new Map<ThemeName, number>();
const checked = new Map<ThemeName, Promise<CheckedManifest>>();
/** The checks that have settled, with what they gave (null: refused or failed); one still in flight is not here. */
const settled = new WeakMap<Promise<CheckedManifest>, CheckedManifest | null>();

/**
 * Every theme `/config.json` names, whatever its name, the public keys its releases may be signed with, and the oldest
 * release the operator lets it run.
 */
export function setManifestUrls({
  remotes,
  remoteKeys,
  remoteMinRelease,
}: Pick<RuntimeConfig, 'remotes' | 'remoteKeys' | 'remoteMinRelease'>): void {
  for (const [theme, url] of Object.entries(remotes)) {
    manifestUrls.set(theme, new URL(url, window.location.href).href);
  }
  setReleaseRules({ remoteKeys, remoteMinRelease });
}

function setReleaseRules({ remoteKeys, remoteMinRelease }: Pick<RuntimeConfig, 'remoteKeys' | 'remoteMinRelease'>): void {
  for (const theme of manifestUrls.keys()) {
    releaseKeys.set(theme, remoteKeys[theme] ?? []);
    const floor = remoteMinRelease?.[theme];
    if (floor === undefined) releaseFloors.delete(theme);
    else releaseFloors.set(theme, floor);
  }
}

/** The themes whose releases this theme's address may serve: itself, and every theme config.json gives the same manifest. */
function themesAt(theme: ThemeName): ThemeName[] {
  const url = manifestUrls.get(theme);
  return [theme, ...[...manifestUrls].filter(([other, at]) => other !== theme && at === url).map(([other]) => other)];
}

/** Why a verified release may not run for this theme now, or null. */
function refusalOf(theme: ThemeName, release: Pick<VerifiedRelease, 'theme' | 'sequence' | 'expires'>): string | null {
  return releaseRefusal(release, {
    themes: themesAt(theme),
    newestSeen: newestRelease(release.theme),
    minimum: releaseFloors.get(theme),
    now: servedNow(),
  });
}

/**
 * The files of a refused signed list, less those the release in use also lists with the same hash (still wanted): what
 * the service worker is told to drop.
 */
function announceRefused(document: unknown, listUrl: string, manifestUrl: string): void {
  const unwanted = [...listedFiles(document, listUrl)].filter(([url, hash]) => trustedIntegrity(url) !== hash).map(([url]) => url);
  announceRefusedRelease([...new Set([...unwanted, listUrl, manifestUrl])]);
}

/** The signed list of a remote's release sits beside its manifest. */
export function signedListUrlOf(manifestUrl: string): string {
  return new URL(SIGNED_FILES_NAME, manifestUrl).href;
}

export function manifestUrlOf(theme: ThemeName): string | undefined {
  return manifestUrls.get(theme);
}

/** The remote's name, as its manifest states it; a name that could not be a JS identifier is refused. */
function remoteNameOf(manifest: { name?: unknown; id?: unknown } | null, url: string): string {
  const name = manifest?.name ?? manifest?.id;
  if (typeof name !== 'string' || !/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`${url} names no usable remote (name ${String(name)})`);
  return name;
}

async function fetchChecked(theme: ThemeName, fresh: boolean): Promise<CheckedManifest> {
  const url = manifestUrls.get(theme);
  if (!url) throw new Error(`no manifest URL for theme ${theme}`);
  const listUrl = signedListUrlOf(url);
  // index.html's inline script may have asked already (the first page's theme): the same requests, their replies taken once.
  const early = fresh ? {} : await takeEarlyManifest(url);
  // A fresh fetch skips every cache: after a redeploy the old manifest names chunks that are gone.
  const ask = (target: string, reply: Promise<Response> | undefined) =>
    reply
      ? withTimeout(reply, REMOTE_RESOURCE_TIMEOUT_MS, target)
      : fetch(target, { cache: fresh ? 'reload' : 'default', signal: AbortSignal.timeout(REMOTE_RESOURCE_TIMEOUT_MS) });
  const listReply = ask(listUrl, early.signedList);
  listReply.catch(() => undefined);
  const response = await ask(url, early.reply);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const bytes = await response.arrayBuffer();
  const listResponse = await listReply;
  // The manifest is there but its signed list is not: an unsigned release, refused, not a remote that is down.
  if (!listResponse.ok)
    throw new SignatureRefused(`${listUrl} answered ${listResponse.status}: the release of theme ${theme} is not signed`);
  const document: unknown = await listResponse.json().catch(() => null);
  let release: VerifiedRelease;
  let signed: Map<string, string>;
  try {
    release = await verifiedRelease(document, releaseKeys.get(theme) ?? [], listUrl);
    const refusal = refusalOf(theme, release);
    if (refusal) throw new ReleaseRefused(`${listUrl}: ${refusal}; it is not run`);
    signed = signedUrls(release.files, listUrl);
    await checkSignedBytes(signed, url, bytes);
  } catch (error) {
    // Nothing of a refused release may be kept, by the service worker either.
    announceRefused(document, listUrl, url);
    throw error;
  }
  const text = new TextDecoder().decode(bytes);
  const manifest = JSON.parse(text) as ManifestJson;
  const version = manifest?.metaData?.[MANIFEST_CONTRACT_KEY];
  const minHost = manifest?.metaData?.[MANIFEST_MIN_HOST_KEY];
  if (!remoteAccepted({ contractVersion: version, minHostContract: minHost })) throw new ContractRefused(theme, version, minHost);
  const name = remoteNameOf(manifest, url);
  const files = manifestFiles(manifest, url);
  // Every file the host will ask for must be signed: one that is not would run unchecked.
  for (const file of [files.entry, ...Object.values(files.exposes).flatMap(({ js, css }) => [...js, ...css])]) integrityOf(signed, file);
  trustSignedFiles(signed);
  // From here on, no older release of this theme runs on this device.
  rememberRelease(release.theme, release.sequence);
  const { theme: releaseTheme, sequence, expires, key } = release;
  return {
    text,
    name,
    ...files,
    integrity: signed,
    release: { theme: releaseTheme, sequence, expires, key },
    releaseHash: integrityOf(signed, url),
  };
}

function keep(theme: ThemeName, pending: Promise<CheckedManifest>): Promise<CheckedManifest> {
  checked.set(theme, pending);
  pending.then(
    (manifest) => settled.set(pending, manifest),
    () => settled.set(pending, null),
  );
  // A refusal is kept for the visit (the deployed build will not change its mind); anything else may be retried.
  pending.catch((error: unknown) => {
    if (!(error instanceof ContractRefused) && checked.get(theme) === pending) checked.delete(theme);
  });
  return pending;
}

/**
 * The theme's manifest, fetched once, its signature and contract checked; rejects with SignatureRefused or
 * ContractRefused when it cannot be taken.
 */
export function checkedManifest(theme: ThemeName): Promise<CheckedManifest> {
  return checked.get(theme) ?? keep(theme, fetchChecked(theme, false));
}

/**
 * config.json read again (an open tab's next page): its keys and floors replace the ones the page started with, and
 * every release in use is judged again. A release signed by a key config.json no longer lists, older than a floor
 * raised since, or expired meanwhile is dropped: the next load of its theme fetches the theme's release afresh, and runs
 * it only if that one passes (else the next theme in line, the notice, the report). Returns the themes dropped.
 *
 * A check still in flight (a retry's manifest from a remote that has stopped answering) is not waited for: it reads
 * the keys and floors when its files arrive, so it is judged by these rules then, and the page that asked for another
 * theme goes on at once.
 */
export async function applyReleaseRules(config: Pick<RuntimeConfig, 'remoteKeys' | 'remoteMinRelease'>): Promise<ThemeName[]> {
  setReleaseRules(config);
  const dropped: ThemeName[] = [];
  for (const [theme, pending] of [...checked]) {
    const inUse = settled.get(pending);
    if (!inUse || checked.get(theme) !== pending) continue;
    const retired = !(releaseKeys.get(theme) ?? []).includes(inUse.release.key);
    if (!retired && refusalOf(theme, inUse.release) === null) continue;
    checked.delete(theme);
    distrustSignedFiles(inUse.integrity);
    dropped.push(theme);
  }
  return dropped;
}

/** Whether any theme's release has been checked in this page (so there is something to judge again). */
export function anyReleaseChecked(): boolean {
  return checked.size > 0;
}

/**
 * For the second try after a failed load: the manifest again, past every cache, checked again. Resolves
 * true when it differs from the one in use (the remote was redeployed, its chunks have new names).
 */
export async function refetchManifest(theme: ThemeName): Promise<boolean> {
  const before = await (checked.get(theme)?.catch(() => null) ?? null);
  const after = await keep(theme, fetchChecked(theme, true));
  return before !== null && before.text !== after.text;
}
