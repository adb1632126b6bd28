import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { LOAD_CAP_MS, LOAD_STALL_MS, LOAD_WATCH_TICK_MS, whileProgressing, type LoadWatchDeps } from './load-watch';
import { TimeoutError } from './with-timeout';

/** Ticks the test fires by hand (a busy phone's late ticks are just fewer of them), and files it says have finished. */
function fakeDeps() {
  let tick: (() => void) | null = null;
  let file: (() => void) | null = null;
  const deps: LoadWatchDeps = {
    setInterval: (run) => {
      tick = run;
      return () => (tick = null);
    },
    watchFiles: (_origin, onFile) => {
      file = onFile;
      return () => (file = null);
    },
  };
  return {
    deps,
    tick: (times = 1) => {
      for (let i = 0; i < times; i++) tick?.();
    },
    fileDone: () => file?.(),
    watching: () => tick !== null || file !== null,
  };
}

const STALL_TICKS = LOAD_STALL_MS / LOAD_WATCH_TICK_MS;
const settled = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

beforeEach(() => vi.useRealTimers());
afterEach(() => vi.useRealTimers());

describe('a theme load, watched for progress', () => {
  it('gives up a load that makes no progress after the stall time, in ticks, and stops watching', async () => {
    const fake = fakeDeps();
    const outcome = settled(
      whileProgressing(() => new Promise(() => undefined), { what: 'theme PRE8', origin: 'http://remote' }, fake.deps),
    );
    fake.tick(STALL_TICKS - 1);
    await Promise.resolve();
    fake.tick();
    const { error } = (await outcome) as { error: unknown };
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain('theme PRE8 (no progress)');
    expect(fake.watching()).toBe(false);
  });

  it('waits for a slow load as long as its files keep finishing or its steps keep coming', async () => {
    const fake = fakeDeps();
    let done: (value: string) => void = () => undefined;
    const outcome = settled(
      whileProgressing(
        (watch) =>
          new Promise<string>((resolve) => {
            done = resolve;
            fake.tick(STALL_TICKS - 1);
            watch.progress();
          }),
        { what: 'theme PRE8', origin: 'http://remote' },
        fake.deps,
      ),
    );
    // Three times the stall time in all, never quiet for the whole of it.
    for (let i = 0; i < 3; i++) {
      fake.tick(STALL_TICKS - 1);
      fake.fileDone();
    }
    done('page');
    expect(await outcome).toEqual({ value: 'page' });
    expect(fake.watching()).toBe(false);
  });

  it('gives up a load that trickles on past the cap', async () => {
    const fake = fakeDeps();
    const outcome = settled(
      whileProgressing(() => new Promise(() => undefined), { what: 'theme PRE8', origin: 'http://remote' }, fake.deps),
    );
    for (let spent = 0; spent < LOAD_CAP_MS; spent += LOAD_WATCH_TICK_MS) {
      fake.tick();
      fake.fileDone();
    }
    const { error } = (await outcome) as { error: unknown };
    expect((error as Error).message).toBe(`theme PRE8 did not answer within ${LOAD_CAP_MS} ms`);
  });

  it("passes the load's own failure through, and its answer", async () => {
    const fake = fakeDeps();
    const failure = new Error('404');
    expect(await settled(whileProgressing(() => Promise.reject(failure), { what: 'theme PRE8', origin: null }, fake.deps))).toEqual({
      error: failure,
    });
    expect(await settled(whileProgressing(() => Promise.resolve(1), { what: 'theme PRE8', origin: null }, fake.deps))).toEqual({
      value: 1,
    });
    expect(fake.watching()).toBe(false);
  });

  it('counts only its own ticks: a busy phone, whose ticks come late, gets the same number of them', async () => {
    vi.useFakeTimers();
    const outcome = settled(
      whileProgressing(
        () => new Promise(() => undefined),
        { what: 'theme PRE8', origin: null },
        {
          setInterval: (run, ms) => {
            const timer = setInterval(run, ms);
            return () => clearInterval(timer);
          },
          watchFiles: () => () => undefined,
        },
      ),
    );
    // The clock jumps (a long task held the main thread): the interval fires once for it, not once per tick missed.
    vi.setSystemTime(Date.now() + 10_000);
    await vi.advanceTimersToNextTimerAsync();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(LOAD_STALL_MS);
    expect(((await outcome) as { error: unknown }).error).toBeInstanceOf(TimeoutError);
  });
});
