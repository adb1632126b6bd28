import { describe, expect, it } from 'vitest';
import { keepAliveDue, gameUserStep } from './rules';

describe('gameUserStep', () => {
  it.each([
    [{ maintain: true, generate: false, automatic: true }, 'maintenance'],
    [{ maintain: true, generate: true, automatic: false }, 'maintenance'],
    [{ maintain: false, generate: false, automatic: true }, 'login'],
    [{ maintain: false, generate: false, automatic: false }, 'login'],
    [{ maintain: false, generate: true, automatic: true }, 'check'],
    [{ maintain: false, generate: true, automatic: false }, 'check-then-login'],
  ] as const)('%o → %s', (input, step) => {
    expect(gameUserStep(input)).toBe(step);
  });
});

describe('keep-alive counter', () => {
  it('fires on the first of every 8 calls', () => {
    const fired = Array.from({ length: 17 }, (_, callsSoFar) => keepAliveDue(callsSoFar));
    expect(fired.map((f, i) => (f ? i + 1 : 0)).filter(Boolean)).toEqual([1, 9, 17]);
  });
});
