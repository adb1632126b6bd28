import { afterEach, describe, expect, it, vi } from 'vitest';
import { atom, createStore } from 'jotai';
import { sessionAtom, sessionCheckAtom } from '../../core/base/session-state';
import { startSessionCheckAtom } from './start-session-check';

const loadSessionActions = vi.hoisted(() => vi.fn());
vi.mock('./load-session-actions', () => ({ loadSessionActions }));

afterEach(() => {
  loadSessionActions.mockReset();
  vi.restoreAllMocks();
});

describe('starting the stored session check', () => {
  it("loads the session code and checks the brand's stored session with it", async () => {
    const checked: string[] = [];
    loadSessionActions.mockResolvedValueOnce({
      checkSessionAtom: atom(null, async (_get, _set, prefix: string) => void checked.push(prefix)),
    });
    await createStore().set(startSessionCheckAtom, 'pre8');
    expect(checked).toEqual(['pre8']);
  });

  it('when even the session code cannot be fetched, the member sees "cannot reach the server" and the session stays being checked', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    loadSessionActions.mockRejectedValueOnce(new Error('ChunkLoadError'));
    const store = createStore();
    await store.set(startSessionCheckAtom, 'pre8');
    expect(store.get(sessionAtom).status).toBe('checking');
    expect(store.get(sessionCheckAtom)).toEqual({ phase: 'unreachable', errorKey: 'api.errors.offline' });
  });
});
