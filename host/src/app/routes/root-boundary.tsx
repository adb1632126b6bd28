import { useSyncExternalStore, type ReactNode } from 'react';
import { chunkGuard } from '../../core/lib/chunk-guard';
import { isChunkLoadError } from '../../core/lib/reload-guard';
import { ErrorBoundary } from '../../core/base/error-boundary';
import { LoadFailurePage } from '../../core/base/screens';

function onRootError(error: unknown) {
  // A chunk that failed outside the guarded loads (a remote's own lazy code) still gets the reload.
  if (isChunkLoadError(error)) chunkGuard.escalate(error).catch(() => undefined);
}

/**
 * Around the whole app, so nothing ever leaves a blank page: a render error anywhere shows the built-in
 * page, and so does a load the guard gave up on outside rendering (the API core behind a button, say).
 */
export function RootBoundary({ children }: { children: ReactNode }) {
  // The same reading for a drawn page's hydration and for the drawing step under Node, where nothing has failed.
  const gaveUp = useSyncExternalStore(chunkGuard.subscribe, chunkGuard.givenUp, chunkGuard.givenUp);
  if (gaveUp) return <LoadFailurePage />;
  return (
    <ErrorBoundary resetKey="root" fallback={<LoadFailurePage />} onError={onRootError}>
      {children}
    </ErrorBoundary>
  );
}
