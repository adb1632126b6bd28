import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimeoutError, withTimeout } from './with-timeout';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('withTimeout', () => {
  it('passes on an answer that comes in time, and leaves no timer behind', async () => {
    let answer: (value: string) => void = () => undefined;
    const raced = withTimeout(new Promise<string>((resolve) => (answer = resolve)), 1_000, 'the manifest');
    await vi.advanceTimersByTimeAsync(999);
    answer('ok');
    await expect(raced).resolves.toBe('ok');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails with a TimeoutError naming what did not answer, at the time given', async () => {
    const raced = withTimeout(new Promise<string>(() => undefined), 1_000, 'the manifest');
    const outcome = raced.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(999);
    await Promise.resolve();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe('the manifest did not answer within 1000 ms');
  });

  it('passes a failure that comes in time through unchanged', async () => {
    const failure = new Error('404');
    await expect(withTimeout(Promise.reject(failure), 1_000, 'the manifest')).rejects.toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });
});
