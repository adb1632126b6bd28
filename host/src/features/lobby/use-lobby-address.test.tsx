// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLayoutEffect, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import { useLobby } from './use-lobby';
import { pass } from '../../core/base/test-render';
import { testSiteStore } from '../../core/base/test-member';

vi.mock('../../core/api/api', async () =>
  (await import('../../core/api/test-calls')).fakeApi({
    gclubGame: vi.fn(async ({ url }: { url: string }) => ({
      status: true,
      games: [{ id: `${url}-1`, tag: url, name: 'Lucky Koi', imageName: 'x.png' }],
    })),
    gameFavourites: vi.fn(async () => ({ status: true, favourites: [] })),
    gameRecent: vi.fn(async () => ({ status: true, recent: [] })),
    gameFavouriteSet: vi.fn(),
  }),
);

function Lobby() {
  useLobby('slot');
  return null;
}

/** A navigation made after the lobby is on screen and before its effects run, as a press replayed at take-over makes. */
function NavigatesAway({ to }: { to: string }) {
  useLayoutEffect(() => window.history.pushState(null, '', to), [to]);
  return null;
}

function open(children: ReactNode) {
  const store = testSiteStore();
  return render(
    <Provider store={store}>
      <BrowserRouter>{children}</BrowserRouter>
    </Provider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  window.history.replaceState(null, '', '/slot?prefix=pre8');
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("the lobby's brand in the address", () => {
  it('is written into the lobby’s own address', async () => {
    const view = open(<Lobby />);
    await pass(1_000);
    expect(window.location.pathname).toBe('/slot');
    expect(new URLSearchParams(window.location.search).get('brand')).toBeTruthy();
    view.unmount();
  });

  it('never takes the member back to the lobby once they have gone elsewhere', async () => {
    const view = open(
      <>
        <Lobby />
        <NavigatesAway to="/logout?prefix=pre8" />
      </>,
    );
    await pass(1_000);
    expect(`${window.location.pathname}${window.location.search}`).toBe('/logout?prefix=pre8');
    view.unmount();
  });
});
