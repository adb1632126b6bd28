import { validateRuntimeConfig, validateSitesFile, type RuntimeConfig, type SitesFile } from '@member/shared-core';
import { takeEarlyFile } from './early-fetches';

export type BootConfig = { config: RuntimeConfig; sites: SitesFile };

export type BootFailure =
  | { kind: 'invalid'; file: 'config.json' | 'sites.json'; field: string; problem: string }
  | { kind: 'unreachable'; file: 'config.json' | 'sites.json'; detail: string };

export type BootConfigResult = { ok: true; value: BootConfig } | { ok: false; failure: BootFailure };

async function fetchJson(file: 'config.json' | 'sites.json'): Promise<{ ok: true; json: unknown } | { ok: false; failure: BootFailure }> {
  let response: Response;
  try {
    // index.html's inline script asked for both files before any bundle arrived; its reply is the same request.
    response = await (takeEarlyFile(file) ?? fetch(`/${file}`, { cache: 'no-cache', credentials: 'same-origin' }));
  } catch (error) {
    return { ok: false, failure: { kind: 'unreachable', file, detail: String(error) } };
  }
  if (!response.ok) return { ok: false, failure: { kind: 'unreachable', file, detail: `HTTP ${response.status}` } };
  const text = await response.text();
  try {
    return { ok: true, json: JSON.parse(text) };
  } catch {
    return { ok: false, failure: { kind: 'invalid', file, field: file, problem: 'is not valid JSON' } };
  }
}

/** Fetches /config.json and /sites.json together and validates both; the first problem found is named. */
export async function loadBootConfig(): Promise<BootConfigResult> {
  const [configJson, sitesJson] = await Promise.all([fetchJson('config.json'), fetchJson('sites.json')]);
  if (!configJson.ok) return configJson;
  const config = validateRuntimeConfig(configJson.json);
  if (!config.ok) return { ok: false, failure: { kind: 'invalid', file: 'config.json', field: config.field, problem: config.problem } };
  if (!sitesJson.ok) return sitesJson;
  const sites = validateSitesFile(sitesJson.json);
  if (!sites.ok) return { ok: false, failure: { kind: 'invalid', file: 'sites.json', field: sites.field, problem: sites.problem } };
  return { ok: true, value: { config: config.value, sites: sites.value } };
}
