import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LobbyGame } from '@member/shared-core';
import type { PageKey } from '@member/shared-core';
import { GAME_MENU } from '@member/shared-core/games/menu';
import { en } from '@member/shared-core/i18n/en';
import { testIds } from '@member/shared-core';
import { createPreviewBridge, PreviewProviders, type PreviewBridgeOverrides } from '@member/theme-kit';
import { previewGameList } from '@member/theme-kit';
import { GameTile } from './game-tile';
import { LobbyScreen } from './lobby-screen';
import { ProductsMenu } from './products-menu';

afterEach(cleanup);

function renderIn(element: ReactElement, overrides: PreviewBridgeOverrides = {}, page: PageKey = 'slot', sub: string | null = null) {
  const bridge = createPreviewBridge({ ...overrides, preferences: { locale: 'en', ...overrides.preferences } });
  return render(
    <PreviewProviders bridge={bridge} page={page} sub={sub}>
      {element}
    </PreviewProviders>,
  );
}

const rsg = previewGameList(GAME_MENU.slot.find((e) => e.code === 'RSG')!);
const game = (i: number, favourite = false): LobbyGame => ({ ...rsg[i]!, favourite });
const tileOf = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${testIds.gameTile}"][data-game-id="${id}"]`)!;

describe('GameTile', () => {
  const renderTile = (props: Partial<Parameters<typeof GameTile>[0]> = {}) => {
    const onLaunch = vi.fn();
    const onToggleFavourite = vi.fn();
    const view = renderIn(
      <ul>
        <GameTile game={game(0)} onLaunch={onLaunch} onToggleFavourite={onToggleFavourite} {...props} />
      </ul>,
    );
    return { ...view, onLaunch, onToggleFavourite, tile: screen.getByTestId(testIds.gameTile) };
  };

  it('is a list item with a launch button named after the game and a lazy, fixed-size image', () => {
    const { tile, onLaunch } = renderTile();
    const g = game(0);
    expect(tile.tagName).toBe('LI');
    expect(tile.getAttribute('data-game-id')).toBe(g.id);
    expect(tile.getAttribute('data-game-name')).toBe(g.name);
    const play = within(tile).getAllByRole('button')[0]!;
    expect(play.getAttribute('aria-label')).toBe(`Play ${g.name}`);
    const image = tile.querySelector('img')!;
    expect(image.getAttribute('src')).toBe(g.imageUrl);
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
    expect(image.getAttribute('width')).toBe(image.getAttribute('height'));
    expect(image.getAttribute('alt')).toBe('');
    expect(tile.textContent).toContain(g.name);
    fireEvent.click(play);
    expect(onLaunch).toHaveBeenCalledWith(g);
    // Small enough for a long grid: the item and at most seven elements inside it.
    expect(tile.querySelectorAll('*').length).toBeLessThanOrEqual(7);
  });

  it('toggles the favourite through its star, labelled for the action it takes', () => {
    const { onToggleFavourite, onLaunch } = renderTile();
    const star = screen.getByTestId(testIds.gameFavourite);
    expect(star.getAttribute('aria-pressed')).toBe('false');
    expect(star.getAttribute('aria-label')).toBe(`Add ${game(0).name} to favourites`);
    fireEvent.click(star);
    expect(onToggleFavourite).toHaveBeenCalledWith(game(0));
    expect(onLaunch).not.toHaveBeenCalled();
    cleanup();
    renderTile({ game: game(0, true) });
    const pressed = screen.getByTestId(testIds.gameFavourite);
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(pressed.getAttribute('aria-label')).toBe(`Remove ${game(0).name} from favourites`);
  });

  it('shows a game being launched as busy', () => {
    const { tile } = renderTile({ busy: true });
    expect(within(tile).getAllByRole('button')[0]!.getAttribute('aria-busy')).toBe('true');
    expect(tile.querySelector('.mc-spinner')).not.toBeNull();
    expect(tile.querySelectorAll('*').length).toBeLessThanOrEqual(8);
  });
});

describe('LobbyScreen', () => {
  const renderLobby = (overrides: PreviewBridgeOverrides = {}, sub: string | null = null) =>
    renderIn(<LobbyScreen category="slot" />, overrides, 'slot', sub);

  it('offers every slot brand as a toggle, the chosen one pressed and closed ones tagged', () => {
    renderLobby();
    const chips = screen.getAllByTestId(testIds.lobbyBrand);
    // The host's order: the open brands, then the one not open yet.
    expect(chips.map((c) => c.getAttribute('data-code'))).toEqual([
      ...GAME_MENU.slot.map((e) => e.code).filter((code) => code !== 'GEMINI'),
      'GEMINI',
    ]);
    expect(chips.filter((c) => c.getAttribute('aria-pressed') === 'true').map((c) => c.getAttribute('data-code'))).toEqual(['RSG']);
    const closed = chips.find((c) => c.getAttribute('data-code') === 'GEMINI')!;
    expect(closed.textContent).toContain(en.lobbyUi.soon);
    expect(closed.hasAttribute('disabled')).toBe(false);
    expect(closed.closest('[role="group"]')?.getAttribute('aria-labelledby')).toBeTruthy();
  });

  it('selects a brand through the hook', () => {
    const selectBrand = vi.fn();
    renderLobby({ lobby: { selectBrand } });
    fireEvent.click(document.querySelector(`[data-testid="${testIds.lobbyBrand}"][data-code="PP"]`)!);
    expect(selectBrand).toHaveBeenCalledWith('PP');
  });

  it('renders 500 games as a windowed grid of tiles, each knowing its place', () => {
    renderLobby();
    const grid = screen.getByTestId(testIds.lobbyGrid);
    const tiles = within(grid).getAllByTestId(testIds.gameTile);
    // The first row's images (three columns at the fallback width) are fetched at once and first; the rest lazily.
    const loading = tiles.map(
      (tile) => `${tile.querySelector('img')?.getAttribute('loading')}/${tile.querySelector('img')?.getAttribute('fetchpriority') ?? '-'}`,
    );
    expect(loading.slice(0, 4)).toEqual(['eager/high', 'eager/high', 'eager/high', 'lazy/-']);
    expect(loading.slice(3).every((value) => value === 'lazy/-')).toBe(true);
    expect(tiles.length).toBeGreaterThan(5);
    expect(tiles.length).toBeLessThan(60);
    expect(tiles[0]!.getAttribute('aria-setsize')).toBe('500');
    expect(tiles[0]!.getAttribute('aria-posinset')).toBe('1');
    expect(document.body.querySelectorAll('*').length).toBeLessThan(500);
    expect(screen.getByRole('heading', { name: 'RSG games' })).toBeTruthy();
    expect(screen.getByText('500 games')).toBeTruthy();
  });

  it('searches as the member types, through a labelled search field', () => {
    renderLobby();
    const search = screen.getByTestId(testIds.lobbySearch) as HTMLInputElement;
    expect(search.type).toBe('search');
    expect(screen.getByLabelText(en.lobbyUi.search)).toBe(search);
    const target = rsg[42]!;
    act(() => {
      fireEvent.change(search, { target: { value: target.id } });
    });
    expect(search.value).toBe(target.id);
    const tiles = screen.getAllByTestId(testIds.gameTile);
    expect(tiles.map((t) => t.getAttribute('data-game-id'))).toEqual([target.id]);
  });

  it('hands typing to the hook’s setQuery', () => {
    const setQuery = vi.fn();
    renderLobby({ lobby: { setQuery } });
    fireEvent.change(screen.getByTestId(testIds.lobbySearch), { target: { value: 'dragon' } });
    expect(setQuery).toHaveBeenCalledWith('dragon');
  });

  it('adds a favourite through the hook and shows the favourites row first', () => {
    renderLobby();
    expect(screen.queryByTestId(testIds.lobbyFavourites)).toBeNull();
    const id = rsg[3]!.id;
    act(() => {
      fireEvent.click(within(tileOf(id)).getByTestId(testIds.gameFavourite));
    });
    const row = screen.getByTestId(testIds.lobbyFavourites);
    expect(row.textContent).toContain(rsg[3]!.name);
    expect(within(row).getByRole('heading').textContent).toBe(en.lobbyUi.favourites);
    expect(row.compareDocumentPosition(screen.getByTestId(testIds.lobbyGrid)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(row).getByTestId(testIds.gameFavourite).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows favourites and recently played rows only when there are some and no search is typed', () => {
    const toggleFavourite = vi.fn();
    renderLobby({ lobby: { favourites: [game(1, true)], recent: [game(2)], toggleFavourite } });
    const favourites = screen.getByTestId(testIds.lobbyFavourites);
    const recent = screen.getByTestId(testIds.lobbyRecent);
    expect(within(recent).getByTestId(testIds.gameTile).getAttribute('data-game-id')).toBe(rsg[2]!.id);
    expect(favourites.compareDocumentPosition(recent) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(within(favourites).getByTestId(testIds.gameFavourite));
    expect(toggleFavourite).toHaveBeenCalledWith(game(1, true));
    cleanup();
    renderLobby({ lobby: { favourites: [game(1, true)], recent: [game(2)], query: 'x' } });
    expect(screen.queryByTestId(testIds.lobbyFavourites)).toBeNull();
    expect(screen.queryByTestId(testIds.lobbyRecent)).toBeNull();
  });

  it('launches through the hook and marks the launching tile busy', () => {
    const launch = vi.fn();
    renderLobby({ lobby: { launch, launchingKey: rsg[1]!.key } });
    fireEvent.click(within(tileOf(rsg[0]!.id)).getAllByRole('button')[0]!);
    expect(launch).toHaveBeenCalledWith(game(0));
    expect(within(tileOf(rsg[1]!.id)).getAllByRole('button')[0]!.getAttribute('aria-busy')).toBe('true');
    expect(within(tileOf(rsg[0]!.id)).getAllByRole('button')[0]!.hasAttribute('aria-busy')).toBe(false);
  });

  it('shows skeleton tiles while the list loads', () => {
    renderLobby({ lobby: { status: 'loading', games: [] } });
    const loading = screen.getByTestId(testIds.lobbyLoading);
    expect(loading.getAttribute('role')).toBe('status');
    expect(loading.textContent).toBe(en.lobbyUi.loading);
    expect(loading.querySelectorAll('.mc-tile--skeleton').length).toBeGreaterThan(0);
    expect(screen.queryByTestId(testIds.lobbyGrid)).toBeNull();
    expect(screen.queryByTestId(testIds.gameTile)).toBeNull();
    expect(screen.queryByTestId(testIds.lobbyEmpty)).toBeNull();
  });

  it('says so kindly when a brand has no games', () => {
    renderLobby({ lobby: { status: 'empty', games: [] } });
    const empty = screen.getByTestId(testIds.lobbyEmpty);
    expect(empty.textContent).toContain(en.lobbyUi.emptyTitle);
    expect(empty.textContent).toContain('RSG has no games to play right now.');
    expect(screen.queryByTestId(testIds.lobbyGrid)).toBeNull();
  });

  it('keeps what the member typed in the field while the host has not caught up, and takes over a query the host resets', () => {
    const setQuery = vi.fn();
    const view = renderLobby({ lobby: { query: '', setQuery } });
    const search = screen.getByTestId(testIds.lobbySearch) as HTMLInputElement;
    fireEvent.change(search, { target: { value: 'drag' } });
    fireEvent.change(search, { target: { value: 'dragon' } });
    // The host (a mock here) has not shown any of it back yet: the field still shows every key.
    expect(setQuery.mock.calls.map(([q]) => q)).toEqual(['drag', 'dragon']);
    expect(search.value).toBe('dragon');
    // The host shows an older key back, then the latest: echoes, the field keeps the text.
    const again = (query: string) =>
      view.rerender(
        <PreviewProviders
          bridge={createPreviewBridge({ lobby: { query, setQuery }, preferences: { locale: 'en' } })}
          page="slot"
          sub={null}
        >
          <LobbyScreen category="slot" />
        </PreviewProviders>,
      );
    again('drag');
    expect((screen.getByTestId(testIds.lobbySearch) as HTMLInputElement).value).toBe('dragon');
    again('dragon');
    expect((screen.getByTestId(testIds.lobbySearch) as HTMLInputElement).value).toBe('dragon');
    // The host clears the search on its own (another brand, "Clear search"): the field follows.
    again('');
    expect((screen.getByTestId(testIds.lobbySearch) as HTMLInputElement).value).toBe('');
  });

  it('says when a search finds nothing, and clears it', () => {
    const setQuery = vi.fn();
    renderLobby({ lobby: { status: 'ready', games: [], query: 'zzz', setQuery } });
    const empty = screen.getByTestId(testIds.lobbyEmpty);
    expect(empty.textContent).toContain('Nothing matches “zzz”.');
    fireEvent.click(within(empty).getByRole('button', { name: en.lobbyUi.clearSearch }));
    expect(setQuery).toHaveBeenCalledWith('');
  });

  it('shows the host’s notice as a status and a launch error as an alert, only when there is one', () => {
    renderLobby();
    expect(screen.queryByTestId(testIds.lobbyNotice)).toBeNull();
    expect(screen.queryByTestId(testIds.lobbyLaunchError)).toBeNull();
    expect(screen.queryByTestId(testIds.lobbyRefresh)).toBeNull();
    cleanup();
    renderLobby({ lobby: { notice: en.lobby.errors.badList, launchError: en.lobby.errors.launchFailed } });
    const notice = screen.getByTestId(testIds.lobbyNotice);
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toBe(en.lobby.errors.badList);
    const error = screen.getByTestId(testIds.lobbyLaunchError);
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe(en.lobby.errors.launchFailed);
    // The last good list stays on screen under the notice.
    expect(screen.getAllByTestId(testIds.gameTile).length).toBeGreaterThan(0);
  });

  it('counts down to the balance refresh after a launch', () => {
    renderLobby({ lobby: { refreshIn: 4 } });
    expect(screen.getByTestId(testIds.lobbyRefresh).textContent).toBe('Balance updates in 4 s');
  });

  it('speaks Thai by default', () => {
    renderIn(<LobbyScreen category="slot" />, { preferences: { locale: 'th' } });
    expect(screen.getByLabelText('ค้นหาเกม')).toBe(screen.getByTestId(testIds.lobbySearch));
    expect(document.querySelector('[data-code="GEMINI"]')?.textContent).toContain('เร็ว ๆ นี้');
  });

  it('on the select sub-route shows only the brands, as cards that open the chosen brand’s games', () => {
    const selectBrand = vi.fn();
    const navigate = vi.fn();
    renderLobby({ lobby: { selectBrand }, actions: { navigate } }, 'slotSelect');
    expect(screen.queryByTestId(testIds.lobbyGrid)).toBeNull();
    expect(screen.queryByTestId(testIds.lobbySearch)).toBeNull();
    expect(screen.getAllByTestId(testIds.lobbyBrand)).toHaveLength(16);
    expect(screen.getByRole('group', { name: en.lobbyUi.chooseBrand })).toBeTruthy();
    fireEvent.click(document.querySelector(`[data-testid="${testIds.lobbyBrand}"][data-code="JILI"]`)!);
    expect(selectBrand).toHaveBeenCalledWith('JILI');
    expect(navigate).toHaveBeenCalledWith('/slot/slotGame?brand=JILI');
  });

  it('on the game sub-route shows the whole lobby, with a link to all brands', () => {
    renderLobby({}, 'slotGame');
    expect(screen.getByTestId(testIds.lobbyGrid)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.lobbyUi.allBrands }).getAttribute('href')).toBe('/slot/slotSelect');
  });
});

describe('ProductsMenu', () => {
  it('lists every product as a row of buttons that open through the hook', () => {
    const open = vi.fn();
    renderIn(<ProductsMenu />, { products: { open } });
    const buttons = screen.getAllByTestId(testIds.productOpen);
    expect(buttons).toHaveLength(21);
    expect(buttons.filter((b) => b.getAttribute('data-key')!.startsWith('gclubOpen'))).toHaveLength(11);
    expect(screen.getByRole('heading', { name: en.lobbyUi.products })).toBeTruthy();
    const sport = document.querySelector(`[data-testid="${testIds.productOpen}"][data-key="gclubOpenSport"]`)!;
    expect(sport.textContent).toBe(en.products.gclubOpenSport);
    fireEvent.click(sport);
    expect(open).toHaveBeenCalledWith('gclubOpenSport');
    expect(screen.queryByTestId(testIds.productError)).toBeNull();
  });

  it('marks the product being opened busy and shows the host’s error as an alert', () => {
    renderIn(<ProductsMenu />, { products: { openingKey: 'ufa:casino', error: en.lobby.errors.refused } });
    const busy = document.querySelector(`[data-key="ufa:casino"]`)!;
    expect(busy.getAttribute('aria-busy')).toBe('true');
    const error = screen.getByTestId(testIds.productError);
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe(en.lobby.errors.refused);
  });

  it('in a layout hides the products behind "More games" until opened, and closes on Escape', () => {
    renderIn(<ProductsMenu variant="disclosure" />, {}, 'profile');
    const toggle = screen.getByRole('button', { name: en.lobbyUi.moreGames });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId(testIds.productOpen)).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(panel).getAllByTestId(testIds.productOpen)).toHaveLength(21);
    fireEvent.keyDown(within(panel).getAllByTestId(testIds.productOpen)[0]!, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId(testIds.productOpen)).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('leaves the layout’s disclosure out on the lobby pages, which show the row', () => {
    const { container } = renderIn(<ProductsMenu variant="disclosure" />, {}, 'fish');
    expect(container.innerHTML).toBe('');
  });

  it('renders nothing for a member without products', () => {
    const { container } = renderIn(<ProductsMenu />, { products: { products: [] } });
    expect(container.innerHTML).toBe('');
  });
});
