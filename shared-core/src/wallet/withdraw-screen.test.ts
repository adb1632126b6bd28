import { describe, expect, it } from 'vitest';
import { IDLE, type WithdrawIntent } from './withdraw-flow';
import { withdrawScreenOf, withoutOutcome } from './withdraw-screen';

const intent: WithdrawIntent = { key: 'k1', gameuser: 'pre8u1001', service: 'UFA', amount: 250, createdAt: 0, state: 'pending' };

describe('withdraw screen', () => {
  it('locks and shows the intent while the server has not settled it', () => {
    expect(withdrawScreenOf({ phase: 'checking', intent }, false)).toEqual({
      locked: true, blocked: false, phase: 'checking', intent: { amount: 250, gameuser: 'pre8u1001', service: 'UFA' }, errorKey: null, doneKey: null,
    });
  });

  it("is blocked by another device's withdrawal, and says so only once the member presses", () => {
    expect(withdrawScreenOf({ phase: 'pending', intent: null }, false)).toMatchObject({ locked: true, blocked: true, errorKey: null });
    expect(withdrawScreenOf({ phase: 'pending', intent: null }, true)).toMatchObject({ blocked: true, errorKey: 'wallet.errors.pending' });
  });

  it('shows a refusal as an open form with its reason, and a finished withdrawal once', () => {
    expect(withdrawScreenOf({ phase: 'refused', intent, problem: 'unbooked' }, false)).toMatchObject({ locked: false, phase: 'idle', errorKey: 'wallet.errors.unbooked' });
    expect(withdrawScreenOf({ phase: 'done', intent }, false)).toMatchObject({ locked: false, phase: 'done', doneKey: 'k1' });
  });

  it('drops a seen outcome when the member starts again, but not the block of a pending one', () => {
    expect(withoutOutcome({ phase: 'done', intent })).toBe(IDLE);
    expect(withoutOutcome({ phase: 'refused', intent, problem: 'failed' })).toBe(IDLE);
    const blocked = { phase: 'refused', intent: null, problem: 'pending' } as const;
    expect(withoutOutcome(blocked)).toBe(blocked);
    const waiting = { phase: 'pending', intent } as const;
    expect(withoutOutcome(waiting)).toBe(waiting);
  });
});
