import { describe, expect, it } from 'vitest';
import { IDLE, type WithdrawIntent } from './withdraw-flow';
import { withdrawScreenOf, withoutOutcome } from './withdraw-screen';

const intent: WithdrawIntent = { key: 'k1', gameuser: 'pre8u1001', service: 'UFA', amount: 250, createdAt: 0, state: 'pending' };

describe('withdraw screen', () => {
  it('locks and shows the intent while the server has not settled it, with why it is being checked and when it goes again', () => {
    expect(
      withdrawScreenOf({ phase: 'checking', intent: { ...intent, state: 'checking', reason: 'in_flight', nextSendAt: 8000 } }, false),
    ).toEqual({
      locked: true,
      blocked: false,
      phase: 'checking',
      intent: { amount: 250, gameuser: 'pre8u1001', service: 'UFA' },
      errorKey: null,
      doneKey: null,
      checking: { reasonKey: 'walletUi.withdraw.why.inFlight', nextSendAt: 8000, sentUntil: 600_000 },
    });
    // Read back from storage without a reason (a reload): its answer never came.
    expect(withdrawScreenOf({ phase: 'checking', intent: { ...intent, state: 'sending' } }, false).checking).toEqual({
      reasonKey: 'walletUi.withdraw.why.noReply',
      nextSendAt: null,
      sentUntil: 600_000,
    });
  });

  it("is blocked by another device's withdrawal, and says so only once the member presses", () => {
    expect(withdrawScreenOf({ phase: 'pending', intent: null }, false)).toMatchObject({ locked: true, blocked: true, errorKey: null });
    expect(withdrawScreenOf({ phase: 'pending', intent: null }, true)).toMatchObject({ blocked: true, errorKey: 'wallet.errors.pending' });
  });

  it('shows a refusal as an open form with its reason and the intent it was about, and a finished withdrawal once', () => {
    expect(withdrawScreenOf({ phase: 'refused', intent, problem: 'unbooked' }, false)).toMatchObject({
      locked: false,
      phase: 'idle',
      errorKey: 'wallet.errors.unbooked',
    });
    expect(withdrawScreenOf({ phase: 'refused', intent, problem: 'pending' }, false)).toMatchObject({
      locked: false,
      blocked: false,
      errorKey: 'wallet.errors.otherPending',
      intent: { amount: 250 },
    });
    expect(withdrawScreenOf({ phase: 'done', intent }, false)).toMatchObject({ locked: false, phase: 'done', doneKey: 'k1' });
  });

  it('drops a seen outcome when the member starts again, but not a withdrawal still under way', () => {
    expect(withoutOutcome({ phase: 'done', intent })).toBe(IDLE);
    expect(withoutOutcome({ phase: 'refused', intent, problem: 'insufficient_balance' })).toBe(IDLE);
    expect(withoutOutcome({ phase: 'refused', intent, problem: 'pending' })).toBe(IDLE);
    const waiting = { phase: 'pending', intent } as const;
    expect(withoutOutcome(waiting)).toBe(waiting);
    const blocked = { phase: 'pending', intent: null } as const;
    expect(withoutOutcome(blocked)).toBe(blocked);
  });
});
