/**
 * For the host's tests only: mounting a piece of the app in a store, under act(), and letting fake time pass under
 * act(). Call `unmountAll()` after each test.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider } from 'jotai';
import { vi } from 'vitest';
import type { TestStore } from './test-member';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface TestMount {
  /** Unmounts it under act(); a second call does nothing. */
  unmount(): Promise<void>;
}

const mounted = new Set<Root>();

/** Renders `element` in a new element of the body, inside a jotai Provider of `store`. */
export async function mountInStore(store: TestStore, element: ReactNode): Promise<TestMount> {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  mounted.add(root);
  await act(async () => root.render(<Provider store={store}>{element}</Provider>));
  return {
    async unmount() {
      if (!mounted.delete(root)) return;
      await act(async () => root.unmount());
    },
  };
}

/** Unmounts what is still mounted and empties the body. */
export async function unmountAll(): Promise<void> {
  const roots = [...mounted];
  mounted.clear();
  for (const root of roots) await act(async () => root.unmount());
  document.body.innerHTML = '';
}

/** Lets `ms` of fake time pass under act(). */
export async function pass(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
