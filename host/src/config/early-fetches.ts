import { EARLY_GLOBAL, type EarlyFetches } from './early-start';

function early(): EarlyFetches | undefined {
  return (window as unknown as Record<string, EarlyFetches | undefined>)[EARLY_GLOBAL];
}

/**
 * The reply index.html's inline script already asked for (early-start.ts), handed out once: a second
 * read (a retry) fetches anew. Undefined when the script did not run or did not ask for it.
 */
export function takeEarlyFile(file: 'config.json' | 'sites.json'): Promise<Response> | undefined {
  const fetches = early();
  if (!fetches) return undefined;
  const key = file === 'config.json' ? 'config' : 'sites';
  const reply = fetches[key];
  delete fetches[key];
  return reply;
}

/** The early reply for a theme's manifest (by absolute URL), handed out once. */
export function takeEarlyManifest(url: string): Promise<Response> | undefined {
  const fetches = early();
  const reply = fetches?.manifests[url];
  if (fetches && reply) delete fetches.manifests[url];
  return reply;
}
