import { describe, expect, it } from 'vitest';
import { flowWhileNoneOpen, IDLE, refusedFlow, unlessLocked, type WithdrawIntent } from './withdraw-flow';

describe('unlessLocked', () => {
  it('passes an edit through while the form is open, and drops it while a withdrawal is being processed', () => {
    const seen: string[] = [];
    unlessLocked(false, (value: string) => seen.push(value))('100');
    unlessLocked(true, (value: string) => seen.push(value))('200');
    expect(seen).toEqual(['100']);
  });
});

describe('flowWhileNoneOpen', () => {
  const intent: WithdrawIntent = { key: 'k', gameuser: 'u', service: 'UFA', amount: 100, createdAt: 0, state: 'completed' };
  it("blocks the account while the server has another device's withdrawal pending, and frees it after", () => {
    const blocked = flowWhileNoneOpen(IDLE, true);
    expect(blocked).toEqual({ phase: 'pending', intent: null });
    expect(flowWhileNoneOpen({ phase: 'refused', intent, problem: 'pending' }, true)).toEqual(blocked);
    expect(flowWhileNoneOpen(blocked, false)).toBe(IDLE);
  });
  it("leaves an outcome on screen as it is", () => {
    const done = { phase: 'done', intent } as const;
    expect(flowWhileNoneOpen(done, true)).toBe(done);
    expect(flowWhileNoneOpen(IDLE, false)).toBe(IDLE);
  });
});

describe('refusedFlow', () => {
  it("shows a refusal with its reason, and a refusal because another is pending as the account's block", () => {
    const intent: WithdrawIntent = { key: 'k', gameuser: 'u', service: 'UFA', amount: 100, createdAt: 0, state: 'unbooked' };
    expect(refusedFlow(intent, 'maintenance')).toEqual({ phase: 'refused', intent, problem: 'maintenance' });
    expect(refusedFlow(intent, 'pending')).toEqual({ phase: 'pending', intent: null });
  });
});
