// Not in the store: read by the loaders' memos outside React, which keep loads of code that outlive any store.
/**
 * A "pass" is everything rendered for one page visit. A load that failed is remembered as failed for the
 * rest of its pass, so re-renders (React's `use` suspends again on every new promise) never start it anew;
 * the next navigation to another path starts a new pass and tries it again. A change of query alone (a
 * lobby's brand) stays in the pass: it must not put the page back to loading.
 */
let pass = 0;
let seenPath: string | null = null;

/**
 * Called with the path whenever the routes render. The first path seen is the boot's pass (what boot
 * preloaded is shared with the first page); another path starts a new pass. Re-renders repeat the path
 * and change nothing.
 */
export function enterPath(pathname: string): void {
  if (seenPath !== null && seenPath !== pathname) pass += 1;
  seenPath = pathname;
}

export function currentPass(): number {
  return pass;
}

interface Entry<T> {
  promise: Promise<T>;
  /** The last pass that asked for it while it was pending, or the pass that started it. */
  pass: number;
  state: 'pending' | 'done' | 'failed';
}

/**
 * Memoised loads, one per key: the same promise while pending and once done; after a failure, the same
 * (failed) promise for the rest of that pass, and a new start in a later pass. `failedWhen` counts a
 * resolved value as a failure too (a page that fell back to another theme).
 */
export class PassMemo<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly failedWhen: (value: T) => boolean = () => false) {}

  get(key: string, start: () => Promise<T>): Promise<T> {
    const now = currentPass();
    const entry = this.entries.get(key);
    if (entry && !(entry.state === 'failed' && entry.pass !== now)) {
      if (entry.state === 'pending') entry.pass = now;
      return entry.promise;
    }
    const promise = start();
    const fresh: Entry<T> = { promise, pass: now, state: 'pending' };
    promise.then(
      (value) => {
        fresh.state = this.failedWhen(value) ? 'failed' : 'done';
      },
      () => {
        fresh.state = 'failed';
      },
    );
    this.entries.set(key, fresh);
    return promise;
  }

  /** Drops every entry whose key passes `which` (a remote that was loaded anew after a redeploy). */
  forget(which: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (which(key)) this.entries.delete(key);
  }
}
