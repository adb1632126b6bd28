import { use, type ComponentType } from 'react';
import { chunkGuard, retryOnce } from '../../core/lib/chunk-guard';
import { PassMemo } from '../../core/lib/load-pass';

/**
 * React.lazy under the chunk guard: retried once, then the reload and the built-in page; a failure is kept
 * for the rest of its pass (React.lazy would keep it for the visit) and tried again on the next navigation.
 * `alongside` is waited for too (strings the component shows; it does its own retry). Needs a Suspense
 * above it, like React.lazy.
 */
export function guardedLazy<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  alongside: () => Promise<unknown> = () => Promise.resolve(),
): ComponentType<P> {
  const loads = new PassMemo<ComponentType<P>>();
  const start = () => Promise.all([retryOnce(load), alongside()]).then(([component]) => component);
  function GuardedLazy(props: P) {
    const Component = use(chunkGuard.needed(loads.get(name, start)));
    return <Component {...props} />;
  }
  GuardedLazy.displayName = `GuardedLazy(${name})`;
  return GuardedLazy;
}
