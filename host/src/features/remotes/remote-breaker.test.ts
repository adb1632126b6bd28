import { describe, expect, it, vi } from 'vitest';
import { BREAKER_COOL_DOWN_MS, BREAKER_MAX_COOL_DOWN_MS, createRemoteBreaker, type BreakerDeps } from './remote-breaker';

function setUp(stored: string | null = null) {
  let now = 1_000_000;
  const timers: Array<{ at: number; run: () => void; cancelled: boolean }> = [];
  let up = false;
  const written: string[] = [];
  const deps: BreakerDeps = {
    now: () => now,
    probe: vi.fn(async () => up),
    onClosed: vi.fn(),
    schedule: (run, ms) => {
      const timer = { at: now + ms, run, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    read: () => stored,
    write: (value) => void written.push(value),
  };
  const advance = async (ms: number) => {
    now += ms;
    for (const timer of timers.splice(0)) {
      if (timer.cancelled) continue;
      if (timer.at <= now) timer.run();
      else timers.push(timer);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const breaker = createRemoteBreaker(deps);
  return { breaker, deps, advance, setUp: (value: boolean) => (up = value), written, now: () => now };
}

describe('the theme remote breaker', () => {
  it('a tripped theme is passed over until a probe after the cool-down finds it up', async () => {
    const t = setUp();
    expect(t.breaker.isOpen('PRE8')).toBe(false);
    t.breaker.trip('PRE8');
    expect(t.breaker.isOpen('PRE8')).toBe(true);
    await t.advance(BREAKER_COOL_DOWN_MS - 1);
    expect(t.deps.probe).not.toHaveBeenCalled();
    await t.advance(1);
    expect(t.deps.probe).toHaveBeenCalledTimes(1);
    expect(t.breaker.isOpen('PRE8')).toBe(true);
    // Down at the first probe: the next comes after twice the cool-down.
    await t.advance(BREAKER_COOL_DOWN_MS);
    expect(t.deps.probe).toHaveBeenCalledTimes(1);
    t.setUp(true);
    await t.advance(BREAKER_COOL_DOWN_MS);
    expect(t.deps.probe).toHaveBeenCalledTimes(2);
    expect(t.breaker.isOpen('PRE8')).toBe(false);
    expect(t.deps.onClosed).toHaveBeenCalledWith('PRE8');
    expect(t.breaker.isOpen('OSAKA39')).toBe(false);
  });

  it('the cool-down doubles up to its cap, and a second trip while open changes nothing', async () => {
    const t = setUp();
    t.breaker.trip('PRE8');
    t.breaker.trip('PRE8');
    let waited = BREAKER_COOL_DOWN_MS;
    for (let i = 0; i < 6; i++) {
      await t.advance(waited);
      waited = Math.min(waited * 2, BREAKER_MAX_COOL_DOWN_MS);
    }
    expect(t.deps.probe).toHaveBeenCalledTimes(6);
    expect(JSON.parse(t.written.at(-1)!)).toEqual({
      PRE8: { until: t.now() + BREAKER_MAX_COOL_DOWN_MS, coolDownMs: BREAKER_MAX_COOL_DOWN_MS },
    });
  });

  it('a reload of the tab keeps a theme passed over, and its probe is due when it was', async () => {
    const stored = JSON.stringify({ OSAKA39: { until: 1_000_000 + 10_000, coolDownMs: BREAKER_COOL_DOWN_MS }, broken: 'x' });
    const t = setUp(stored);
    expect(t.breaker.isOpen('OSAKA39')).toBe(true);
    expect(t.breaker.isOpen('broken')).toBe(false);
    t.setUp(true);
    await t.advance(10_000);
    expect(t.breaker.isOpen('OSAKA39')).toBe(false);
  });

  it('unreadable storage starts with every theme closed', () => {
    expect(setUp('{not json').breaker.isOpen('PRE8')).toBe(false);
  });

  it('keeps what tripped it, across reloads of the tab and failed probes', async () => {
    const t = setUp();
    t.breaker.trip('PRE8', 'https://pre8.test/static/js/a.js is not the file that was signed');
    expect(JSON.parse(t.written.at(-1)!)).toMatchObject({
      PRE8: { reason: 'https://pre8.test/static/js/a.js is not the file that was signed' },
    });
    await t.advance(BREAKER_COOL_DOWN_MS);
    expect(JSON.parse(t.written.at(-1)!)).toMatchObject({
      PRE8: { coolDownMs: 2 * BREAKER_COOL_DOWN_MS, reason: expect.stringContaining('a.js') as unknown },
    });
    const reloaded = setUp(t.written.at(-1)!);
    expect(reloaded.breaker.isOpen('PRE8')).toBe(true);
    reloaded.breaker.trip('OSAKA39');
    expect(JSON.parse(reloaded.written.at(-1)!)).toMatchObject({
      PRE8: { reason: expect.stringContaining('a.js') as unknown },
      OSAKA39: { coolDownMs: BREAKER_COOL_DOWN_MS },
    });
  });
});
