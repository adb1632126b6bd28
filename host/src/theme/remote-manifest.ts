import { isContractCompatible, MANIFEST_CONTRACT_KEY, THEMES, type RuntimeConfig, type ThemeName } from '@member/shared-core';
import { REMOTE_RESOURCE_TIMEOUT_MS } from './plugins/script-timeout';

/** A remote built against another contract major (or that does not say which): none of its code may run. */
export class ContractRefused extends Error {
  constructor(theme: ThemeName, version: unknown) {
    super(`theme ${theme} speaks contract ${String(version)}, the host needs a compatible major`);
    this.name = 'ContractRefused';
  }
}

interface CheckedManifest {
  /** The manifest as served, handed to the federation runtime unchanged. */
  text: string;
}

const manifestUrls = new Map<ThemeName, string>();
const checked = new Map<ThemeName, Promise<CheckedManifest>>();

export function setManifestUrls(remotes: RuntimeConfig['remotes']): void {
  for (const theme of THEMES) manifestUrls.set(theme, new URL(remotes[theme], window.location.href).href);
}

function themeOfManifest(url: string): ThemeName | null {
  const wanted = new URL(url, window.location.href).href;
  for (const [theme, manifestUrl] of manifestUrls) if (manifestUrl === wanted) return theme;
  return null;
}

async function fetchChecked(theme: ThemeName, fresh: boolean): Promise<CheckedManifest> {
  const url = manifestUrls.get(theme);
  if (!url) throw new Error(`no manifest URL for theme ${theme}`);
  // A fresh fetch skips every cache: after a redeploy the old manifest names chunks that are gone.
  const response = await fetch(url, { cache: fresh ? 'reload' : 'default', signal: AbortSignal.timeout(REMOTE_RESOURCE_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const text = await response.text();
  const manifest = JSON.parse(text) as { metaData?: Record<string, unknown> } | null;
  const version = manifest?.metaData?.[MANIFEST_CONTRACT_KEY];
  if (!isContractCompatible(version)) throw new ContractRefused(theme, version);
  return { text };
}

function keep(theme: ThemeName, pending: Promise<CheckedManifest>): Promise<CheckedManifest> {
  checked.set(theme, pending);
  // A refusal is kept for the visit (the deployed build will not change its mind); anything else may be retried.
  pending.catch((error: unknown) => {
    if (!(error instanceof ContractRefused) && checked.get(theme) === pending) checked.delete(theme);
  });
  return pending;
}

/** The theme's manifest, fetched once and its contract checked; rejects with ContractRefused for another major. */
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
