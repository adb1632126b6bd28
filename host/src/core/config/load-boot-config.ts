import type { FieldProblem, RuntimeConfig, SitesFile } from '@member/shared-core';
import { checkRuntimeConfig, validateSitesFile } from '@member/shared-core/schema/config';
import { takeEarlyFile } from './early-fetches';
import { learnServedTime } from './served-time';

export type BootConfig = { config: RuntimeConfig; sites: SitesFile };

export type BootFailure =
  /** Every problem found (a bad brand entry names all of its bad fields). */
  | { kind: 'invalid'; file: 'config.json' | 'sites.json'; problems: FieldProblem[] }
  | { kind: 'unreachable'; file: 'config.json' | 'sites.json'; detail: string };

export type BootConfigResult = { ok: true; value: BootConfig } | { ok: false; failure: BootFailure };

async function fetchJson(file: 'config.json' | 'sites.json'): Promise<{ ok: true; json: unknown } | { ok: false; failure: BootFailure }> {
  let response: Response;
  // When this page began to wait for the reply; the early start's request began before it, by its head start.
  const sentAt = Date.now();
  try {
    // index.html's inline script asked for both files before any bundle arrived; its reply is the same request.
    response = await (takeEarlyFile(file) ?? fetch(`/${file}`, { cache: 'no-cache', credentials: 'same-origin' }));
  } catch (error) {
    return { ok: false, failure: { kind: 'unreachable', file, detail: String(error) } };
  }
  if (!response.ok) return { ok: false, failure: { kind: 'unreachable', file, detail: `HTTP ${response.status}` } };
  // The host's server's clock, which theme releases' expiry is judged by (served-time.ts).
  if (file === 'config.json') learnServedTime(response.headers.get('date'), sentAt);
  const text = await response.text();
  try {
    return { ok: true, json: JSON.parse(text) };
  } catch {
    return { ok: false, failure: { kind: 'invalid', file, problems: [{ field: file, problem: 'is not valid JSON' }] } };
  }
}

/**
 * Fetches /config.json and /sites.json together and validates both. A broken config.json (every bad field named) or a
 * sites.json that is not a list of sites fails the whole boot; a bad brand entry, or one naming a theme config.json
 * does not have, is set aside in `sites.invalid` and fails only that brand.
 */
export async function loadBootConfig(): Promise<BootConfigResult> {
  const [configJson, sitesJson] = await Promise.all([fetchJson('config.json'), fetchJson('sites.json')]);
  if (!configJson.ok) return configJson;
  const config = checkRuntimeConfig(configJson.json);
  if (!config.ok) return { ok: false, failure: { kind: 'invalid', file: 'config.json', problems: config.problems } };
  if (!sitesJson.ok) return sitesJson;
  const sites = validateSitesFile(sitesJson.json, Object.keys(config.value.remotes));
  if (!sites.ok)
    return { ok: false, failure: { kind: 'invalid', file: 'sites.json', problems: [{ field: sites.field, problem: sites.problem }] } };
  return { ok: true, value: { config: config.value, sites: sites.value } };
}
