import {
  MANIFEST_CONTRACT_KEY, MANIFEST_MIN_HOST_KEY, remoteAccepted, type RuntimeConfig, type ThemeName,
} from '@member/shared-core';
import { REMOTE_RESOURCE_TIMEOUT_MS } from './plugins/script-timeout';
import { takeEarlyManifest } from '../config/early-fetches';
import { withTimeout } from './with-timeout';

/**
 * A remote built against another contract major, or needing a newer host contract than this one (or that
 * does not say which it speaks): none of its code may run.
 */
export class ContractRefused extends Error {
  constructor(theme: ThemeName, version: unknown, minHost?: unknown) {
    super(`theme ${theme} speaks contract ${String(version)}${minHost === undefined ? '' : ` and needs host ${String(minHost)}`}; the host cannot take it`);
    this.name = 'ContractRefused';
  }
}

export interface CheckedManifest {
  /** The manifest as served, handed to the federation runtime unchanged. */
  text: string;
  /** The Module Federation name the remote was built with: the host keeps no table of them. */
  name: string;
}

const manifestUrls = new Map<ThemeName, string>();
const checked = new Map<ThemeName, Promise<CheckedManifest>>();

/** Every theme `/config.json` names, whatever its name. */
export function setManifestUrls(remotes: RuntimeConfig['remotes']): void {
  for (const [theme, url] of Object.entries(remotes)) manifestUrls.set(theme, new URL(url, window.location.href).href);
}

export function manifestUrlOf(theme: ThemeName): string | undefined {
  return manifestUrls.get(theme);
}

/** The first theme served from this manifest URL (two names may share one remote). */
function themeOfManifest(url: string): ThemeName | null {
  const wanted = new URL(url, window.location.href).href;
  for (const [theme, manifestUrl] of manifestUrls) if (manifestUrl === wanted) return theme;
  return null;
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
  // index.html's inline script may have asked already (the first page's theme): the same request, its reply taken once.
  const early = fresh ? undefined : takeEarlyManifest(url);
  // A fresh fetch skips every cache: after a redeploy the old manifest names chunks that are gone.
  const response = await (early
    ? withTimeout(early, REMOTE_RESOURCE_TIMEOUT_MS, url)
    : fetch(url, { cache: fresh ? 'reload' : 'default', signal: AbortSignal.timeout(REMOTE_RESOURCE_TIMEOUT_MS) }));
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const text = await response.text();
  const manifest = JSON.parse(text) as { name?: unknown; id?: unknown; metaData?: Record<string, unknown> } | null;
  const version = manifest?.metaData?.[MANIFEST_CONTRACT_KEY];
  const minHost = manifest?.metaData?.[MANIFEST_MIN_HOST_KEY];
  if (!remoteAccepted({ contractVersion: version, minHostContract: minHost })) throw new ContractRefused(theme, version, minHost);
  return { text, name: remoteNameOf(manifest, url) };
}

function keep(theme: ThemeName, pending: Promise<CheckedManifest>): Promise<CheckedManifest> {
  checked.set(theme, pending);
  // A refusal is kept for the visit (the deployed build will not change its mind); anything else may be retried.
  pending.catch((error: unknown) => {
    if (!(error instanceof ContractRefused) && checked.get(theme) === pending) checked.delete(theme);
  });
  return pending;
}

/** The theme's manifest, fetched once and its contract checked; rejects with ContractRefused when it cannot be taken. */
export function checkedManifest(theme: ThemeName): Promise<CheckedManifest> {
  return checked.get(theme) ?? keep(theme, fetchChecked(theme, false));
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

/** The federation runtime's manifest requests, answered from the checked copies (see plugins/manifest-gate.ts). */
export function answerManifestRequest(url: string): Promise<Response> | null {
  const theme = themeOfManifest(url);
  if (!theme) return null;
  return checkedManifest(theme).then(({ text }) => new Response(text, { status: 200, headers: { 'Content-Type': 'application/json' } }));
}
