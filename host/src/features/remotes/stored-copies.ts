import { sha384Of } from './remote-signature';

/**
 * A hashed file of a theme release is kept a year (`immutable`) by the browser's HTTP cache: one wrong answer on the way
 * (a proxy, a half-written deploy) would be kept as long, and every later load of it refused by its integrity check.
 * Before a theme that failed to load is tried again, a file the failure names that arrived whole (status 200) yet did
 * not load is fetched once more past every cache (`cache: 'reload'`, which the service worker takes to the network
 * too), replacing the stored copy; a file that answered 404 or not at all is left to the load's own retry.
 */
export interface CopiesChecked {
  /** Files whose fresh copy is the signed one: the next load takes it. */
  healed: string[];
  /** Files whose fresh copy is wrong too: the release as served is not the one signed. */
  stillWrong: string[];
}

/** The status the browser last got for a file (Resource Timing), or null when it does not say. */
function lastStatus(url: string): number | null {
  const entries = typeof performance === 'undefined' ? [] : performance.getEntriesByName(url, 'resource');
  const status = (entries.at(-1) as (PerformanceResourceTiming & { responseStatus?: number }) | undefined)?.responseStatus;
  return typeof status === 'number' && status > 0 ? status : null;
}

/** The files of `signed` (absolute URL → signed hash) that `failure` names and that arrived whole: wrong copies, maybe. */
export function suspectCopies(failure: unknown, signed: ReadonlyMap<string, string>): Map<string, string> {
  const suspects = new Map<string, string>();
  for (const url of urlsIn(failure)) {
    const hash = signed.get(url);
    if (hash && lastStatus(url) === 200) suspects.set(url, hash);
  }
  return suspects;
}

/** Fetches each file (absolute URL → its signed hash) past every cache, side by side, and says which now holds. */
export async function refetchCopies(files: ReadonlyMap<string, string>, timeoutMs: number): Promise<CopiesChecked> {
  const healed: string[] = [];
  const stillWrong: string[] = [];
  await Promise.all(
    [...files].map(async ([url, hash]) => {
      try {
        const response = await fetch(url, {
          cache: 'reload',
          mode: 'cors',
          credentials: 'same-origin',
          signal: AbortSignal.timeout(timeoutMs),
        });
        // Gone or failing now: a missing file, not a wrong copy; the load's own retry says so.
        if (!response.ok) return;
        if ((await sha384Of(await response.arrayBuffer())) === hash) healed.push(url);
        else stillWrong.push(url);
      } catch {
        // Not reachable now: the load's own retry says so.
      }
    }),
  );
  return { healed, stillWrong };
}

/** The addresses a load failure names (a chunk loader's message carries the chunk's URL). */
export function urlsIn(error: unknown): string[] {
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : String(error);
  return [...text.matchAll(/https?:\/\/[^\s)'"]+/g)].map(([url]) => url.replace(/[.,;]+$/, ''));
}
