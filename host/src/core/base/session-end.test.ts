import { describe, expect, it, vi } from 'vitest';
import { atom, createStore } from 'jotai';
import { answerSessionEnd, answerUnauthorized, sessionEndedAtom, unauthorizedAtom } from './session-end';

describe('the end of a session', () => {
  it('tells each answering feature the site whose member left, with the store to clear', () => {
    const store = createStore();
    const held = atom('member data');
    const stop = answerSessionEnd(({ set, prefix }) => set(held, `cleared for ${prefix}`));
    store.set(sessionEndedAtom, 'pre8');
    stop();
    expect(store.get(held)).toBe('cleared for pre8');
  });

  it('hands a 401 to the one answer the session gave, and to nothing once it is taken back', async () => {
    const store = createStore();
    const answer = vi.fn(async () => undefined);
    const stop = answerUnauthorized(answer);
    await store.set(unauthorizedAtom);
    expect(answer).toHaveBeenCalledTimes(1);
    stop();
    await store.set(unauthorizedAtom);
    expect(answer).toHaveBeenCalledTimes(1);
  });

  it('passes on the reason the 401 gave, so whichever call hears the end first says why', async () => {
    const store = createStore();
    const answer = vi.fn(async () => undefined);
    const stop = answerUnauthorized(answer);
    await store.set(unauthorizedAtom, 'elsewhere');
    stop();
    expect(answer).toHaveBeenCalledWith(expect.anything(), 'elsewhere');
  });
});
