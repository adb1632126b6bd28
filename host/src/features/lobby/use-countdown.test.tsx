// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverNow } from '../../core/lib/server-clock';
import { useCountdown } from './use-countdown';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('shows the right first second when a countdown starts long after the mount, then counts down to 0', () => {
    const { result, rerender } = renderHook(({ until }) => useCountdown(until), { initialProps: { until: 0 } });
    expect(result.current).toBe(0);
    // The member browses the lobby for six seconds before a launch starts a five-second countdown.
    act(() => vi.advanceTimersByTime(6_000));
    const seen: number[] = [];
    rerender({ until: serverNow() + 5_000 });
    seen.push(result.current);
    for (let i = 0; i < 20; i += 1) {
      act(() => vi.advanceTimersByTime(250));
      if (seen.at(-1) !== result.current) seen.push(result.current);
    }
    expect(seen).toEqual([5, 4, 3, 2, 1, 0]);
  });

  it('starts again from the new stamp when a second launch moves it', () => {
    const { result, rerender } = renderHook(({ until }) => useCountdown(until), { initialProps: { until: serverNow() + 5_000 } });
    expect(result.current).toBe(5);
    act(() => vi.advanceTimersByTime(3_000));
    expect(result.current).toBe(2);
    rerender({ until: serverNow() + 4_000 });
    expect(result.current).toBe(4);
  });
});
