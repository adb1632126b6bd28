import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

/** PRE8's theme remote, as the demo serves it. */
export const PRE8 = `http://localhost:${process.env.REMOTE_PRE8_PORT ?? 3002}`;

interface FederationManifest {
  exposes: Array<{ name: string; assets: { js: { sync: string[] } } }>;
}

/**
 * The chunks a remote's `expose` (`pages/login`) loads that no other exposed module loads, as paths of the remote
 * (`static/js/async/…`): changing or breaking them touches that page alone.
 */
export async function pageOnlyAssets(request: APIRequestContext, expose: string, origin = PRE8): Promise<string[]> {
  const manifest = (await (await request.get(`${origin}/mf-manifest.json`)).json()) as FederationManifest;
  const others = new Set(manifest.exposes.filter((e) => e.name !== expose).flatMap((e) => e.assets.js.sync));
  const own = manifest.exposes.find((e) => e.name === expose)!.assets.js.sync.filter((asset) => !others.has(asset));
  expect(own.length, `chunks only ${expose} uses`).toBeGreaterThan(0);
  return own;
}

/** The same chunks as absolute URLs. */
export async function pageOnlyChunks(request: APIRequestContext, expose: string, origin = PRE8): Promise<string[]> {
  return (await pageOnlyAssets(request, expose, origin)).map((asset) => `${origin}/${asset}`);
}
