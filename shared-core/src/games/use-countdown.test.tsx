// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('counts on the clock it is given, not the device clock', () => {
    // A clock ten minutes ahead of the device, as a server's may be.
    const ahead = () => Date.now() + 600_000;
    const until = ahead() + 3_000;
    const { result } = renderHook(() => useCountdown(until, ahead));
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(2);
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current).toBe(0);
  });
});
