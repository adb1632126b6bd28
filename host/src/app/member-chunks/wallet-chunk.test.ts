import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as SessionEnd from '../../core/base/session-end';

// Counts the answers to the end of a session that are registered, passing each on to the real signal.
const registered = vi.hoisted(() => ({ answers: 0 }));
vi.mock('../../core/base/session-end', async (importOriginal) => {
  const real = await importOriginal<typeof SessionEnd>();
  return {
    ...real,
    answerSessionEnd: (answer: Parameters<typeof real.answerSessionEnd>[0]) => {
      registered.answers += 1;
      return real.answerSessionEnd(answer);
    },
  };
});

describe("the wallet's hooks chunk and the withdrawal flows it brings", () => {
  afterEach(() => {
    registered.answers = 0;
  });

  it('register nothing when imported', async () => {
    await import('../../features/wallet/withdraw-state');
    await import('./wallet-chunk');
    expect(registered.answers).toBe(0);
  });

  it("the flows' start registers their answer to the end of a session, once a call", async () => {
    const { answerSessionEndInWithdrawals } = await import('../../features/wallet/withdraw-state');
    const stop = answerSessionEndInWithdrawals();
    expect(registered.answers).toBe(1);
    stop();
  });

  it("the chunk's start, called by its loader, starts the flows' answer", async () => {
    const { start } = await import('./wallet-chunk');
    start();
    expect(registered.answers).toBe(1);
  });
});
