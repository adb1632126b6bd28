import { EARLY_GLOBAL, type EarlyCall, type EarlyFetches } from './early-start/hints';

function early(): EarlyFetches | undefined {
  // globalThis: the API client runs where there is no page too (a worker, the unit tests).
  return (globalThis as unknown as Record<string, EarlyFetches | undefined>)[EARLY_GLOBAL];
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

/**
 * How long the boot waits for the inline script to say which manifests it asked for. Both read the same run-time
 * files, so the answer is normally there at once; the bound only matters when the script's own requests hung
 * and the boot got the files by asking again.
 */
export const EARLY_MANIFESTS_WAIT_MS = 500;

/**
 * The early replies for a theme's manifest (by absolute URL) and its signed list, handed out once. Waits (briefly) until the inline
 * script has asked for its manifests, so that a boot that got there first does not ask for the same file twice.
 */
export async function takeEarlyManifest(url: string): Promise<{ reply?: Promise<Response>; signedList?: Promise<Response> }> {
  const fetches = early();
  if (!fetches) return {};
  if (fetches.manifestsAsked) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, EARLY_MANIFESTS_WAIT_MS);
    });
    await Promise.race([fetches.manifestsAsked, bound]);
    clearTimeout(timer);
  }
  const reply = fetches.manifests[url];
  if (!reply) return {};
  delete fetches.manifests[url];
  const signedList = fetches.signedLists?.[url];
  if (fetches.signedLists) delete fetches.signedLists[url];
  return signedList ? { reply, signedList } : { reply };
}

/** An early call's reply is taken only while this fresh (from the moment it was sent); later, the call is made anew. */
export const EARLY_CALL_MAX_AGE_MS = 30_000;

/**
 * The reply to the call the inline script already sent with exactly this key (core/api/early-calls.ts), handed out once
 * and only while fresh. Undefined when it sent none.
 */
export function takeEarlyCall(key: string, now = Date.now()): EarlyCall | undefined {
  const calls = early()?.calls;
  const call = calls?.[key];
  if (!calls || !call) return undefined;
  delete calls[key];
  return now - call.sentAt <= EARLY_CALL_MAX_AGE_MS ? call : undefined;
}
