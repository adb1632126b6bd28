import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSignal } from './signal';

afterEach(() => vi.restoreAllMocks());

describe('a signal', () => {
  it('tells every answer, in the order they were given, until each is taken back', () => {
    const signal = createSignal<number>('test');
    const heard: string[] = [];
    const stopA = signal.answer((n) => heard.push(`a${n}`));
    signal.answer((n) => heard.push(`b${n}`));
    signal.announce(1);
    stopA();
    signal.announce(2);
    expect(heard).toEqual(['a1', 'b1', 'b2']);
  });

  it('tells the others when one answer fails, and says which signal it was', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signal = createSignal<string>('session-end');
    const heard: string[] = [];
    signal.answer(() => {
      throw new Error('broken feature');
    });
    signal.answer((value) => heard.push(value));
    signal.announce('pre8');
    expect(heard).toEqual(['pre8']);
    expect(error).toHaveBeenCalledWith('[session-end] an answer failed', expect.objectContaining({ message: 'broken feature' }));
  });
});
