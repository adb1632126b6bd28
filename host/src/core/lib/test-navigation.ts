/**
 * For the host's tests only: the app's navigations recorded in each test of the file that asks for them.
 */
import { afterEach, beforeEach } from 'vitest';
import { registerNavigate } from './navigation';

/** The paths navigated to in the running test, in order: emptied and recorded from each test's start, no longer after its end. */
export function recordNavigations(): readonly string[] {
  const paths: string[] = [];
  let stop: () => void = () => undefined;
  beforeEach(() => {
    paths.length = 0;
    stop = registerNavigate((to) => paths.push(to));
  });
  afterEach(() => stop());
  return paths;
}
