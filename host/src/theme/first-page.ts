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
