import { drawnPageTouched } from '../../core/config/drawn-start';

// Not in the store: a moment of the page, awaited by the start's deferred work outside React.
/** Resolves once the first themed page has rendered, so work that is not needed to paint can wait for it. */
let markShown: () => void = () => undefined;

export const firstPageShown = new Promise<void>((resolve) => {
  markShown = resolve;
});

export function markFirstPageShown(): void {
  markShown();
}

/** After the first page has painted (or `maxWaitMs`, whichever comes first), once the browser is idle. */
export function afterFirstPage(maxWaitMs: number): Promise<void> {
  const shown = Promise.race([firstPageShown, new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))]);
  return shown.then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 500 });
        else setTimeout(resolve, 100);
      }),
  );
}

/** What counts as the member starting to use the page: a tap, a key, or focus moving into a field. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * The member's first tap, key press or focus on the page after the first page has painted, or `maxWaitMs`
 * after it, whichever comes first: what is only needed once the member acts waits until they start to. One made on a
 * page drawn in the HTML before the app ran counts too (core/config/drawn-start.ts noted it).
 */
export function afterFirstInteraction(maxWaitMs: number): Promise<void> {
  return firstPageShown.then(
    () =>
      new Promise<void>((resolve) => {
        if (drawnPageTouched()) {
          resolve();
          return;
        }
        const done = () => {
          clearTimeout(timer);
          for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
          resolve();
        };
        const timer = setTimeout(done, maxWaitMs);
        for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
      }),
  );
}
