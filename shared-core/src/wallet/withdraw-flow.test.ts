import { describe, expect, it } from 'vitest';
import { unlessLocked } from './withdraw-flow';

describe('unlessLocked', () => {
  it('passes an edit through while the form is open, and drops it while a withdrawal is being processed', () => {
    const seen: string[] = [];
    unlessLocked(false, (value: string) => seen.push(value))('100');
    unlessLocked(true, (value: string) => seen.push(value))('200');
    expect(seen).toEqual(['100']);
  });
});
