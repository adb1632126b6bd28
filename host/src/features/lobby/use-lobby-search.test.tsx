// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, type ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { GAME_MENU, GAME_NOT_OPEN_TOKEN } from '@member/shared-core/games/menu';
import { useLobby } from './use-lobby';
import { pass } from '../../core/base/test-render';
import { testSiteStore } from '../../core/base/test-member';

const asked = vi.hoisted(() => [] as string[]);
vi.mock('../../core/api/api', async () =>
  (await import('../../core/api/test-calls')).fakeApi({
    gclubGame: vi.fn(async ({ url }: { url: string }) => {
      asked.push(url);
      return { status: true, games: [{ id: `${url}-1`, tag: url, name: 'Lucky Koi', imageName: 'x.png' }] };
    }),
    gameFavourites: vi.fn(),
    gameRecent: vi.fn(),
    gameFavouriteSet: vi.fn(),
  }),
);

/** How long the typing must pause before the other brands' lists are fetched, written out. */
const SEARCH_PAUSE = 400;

function lobby() {
  const store = testSiteStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <MemoryRouter initialEntries={['/slot?brand=RSG']}>{children}</MemoryRouter>
    </Provider>
  );
  return renderHook(() => useLobby('slot'), { wrapper });
}

beforeEach(() => {
  vi.useFakeTimers();
  asked.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("the lobby's search across brands", () => {
  it("fetches the other brands' lists only once the typing has paused 400 ms", async () => {
    const { result } = lobby();
    await pass(1_000);
    // The shown brand's list only.
    expect(asked).toHaveLength(1);

    act(() => result.current.setQuery('l'));
    await pass(SEARCH_PAUSE - 100);
    act(() => result.current.setQuery('lu'));
    await pass(SEARCH_PAUSE - 1);
    expect(asked).toHaveLength(1);
    await pass(1);
    const open = GAME_MENU.slot.filter((entry) => entry.url_token !== GAME_NOT_OPEN_TOKEN);
    await vi.waitFor(() => expect(asked.slice().sort()).toEqual(open.map((entry) => entry.url).sort()));
  });

  it('clearing the query before the pause fetches nothing', async () => {
    const { result } = lobby();
    await pass(1_000);
    act(() => result.current.setQuery('lu'));
    await pass(SEARCH_PAUSE - 1);
    act(() => result.current.setQuery(''));
    await pass(10 * SEARCH_PAUSE);
    expect(asked).toHaveLength(1);
  });
});
