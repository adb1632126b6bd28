import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as SessionEnd from '../core/session-end';

// Counts the answers to the end of a session that are registered, passing each on to the real signal.
const registered = vi.hoisted(() => ({ answers: 0 }));
vi.mock('../core/session-end', async (importOriginal) => {
  const real = await importOriginal<typeof SessionEnd>();
  return {
    ...real,
    answerSessionEnd: (answer: Parameters<typeof real.answerSessionEnd>[0]) => {
      registered.answers += 1;
      return real.answerSessionEnd(answer);
    },
  };
});

describe("the withdrawal flows' answer to the end of a session", () => {
  afterEach(() => {
    registered.answers = 0;
  });

  it('is not registered by importing the flows', async () => {
    await import('./withdraw-state');
    expect(registered.answers).toBe(0);
  });

  it('is registered by its start, once a call', async () => {
    const { answerSessionEndInWithdrawals } = await import('./withdraw-state');
    const stop = answerSessionEndInWithdrawals();
    expect(registered.answers).toBe(1);
    stop();
  });
});
