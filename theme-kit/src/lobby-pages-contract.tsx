import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LayoutProps } from '@member/shared-core';
import type { ThemeName } from '@member/shared-core';
import { DEFAULT_BRANDS, GAME_CATEGORIES, GAME_MENU, type GameCategory } from '@member/shared-core/games/menu';
import { en } from '@member/shared-core/i18n/en';
import { lobbyBrands } from '@member/shared-core/games/lobby-rules';
import { testIds } from '@member/shared-core';
import { createPreviewBridge, PreviewProviders, type PreviewBridgeOverrides } from './preview-bridge';
import type { PageModule } from './preview-gallery';

/**
 * Slot, fish and cards inside a theme's shell, against the preview's lobbies (500 RSG slot games) and products:
 * the brand picker, search, the windowed grid, each state QA checks, the products row, the brand chooser of the
 * `*Select` sub-route, and the layout's "More games" left out where the row is shown.
 */
export function describeLobbyPages(
  theme: ThemeName,
  loadPage: (key: GameCategory) => Promise<PageModule>,
  Layout?: ComponentType<LayoutProps>,
): void {
  afterEach(cleanup);

  const renderLobby = async (category: GameCategory, overrides: PreviewBridgeOverrides = {}, sub: string | null = null, framed = false) => {
    const { default: Page } = await loadPage(category);
    const bridge = createPreviewBridge({ ...overrides, preferences: { locale: 'en', ...overrides.preferences } });
    const page =
      framed && Layout ? (
        <Layout>
          <Page />
        </Layout>
      ) : (
        <Page />
      );
    const view = render(
      <PreviewProviders bridge={bridge} page={category} sub={sub}>
        {page}
      </PreviewProviders>,
    );
    return { ...view, bridge };
  };

  describe(`${theme} lobby pages`, () => {
    for (const category of GAME_CATEGORIES) {
      it(`${category}: titles the page, offers its brands with the default chosen, a search and the games`, async () => {
        const { container, bridge } = await renderLobby(category);
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en.page[category]);
        expect(container.textContent).toContain(en.lobbyUi.intro[category].replace('{{site}}', bridge.site.name));
        const chips = screen.getAllByTestId(testIds.lobbyBrand);
        // Every brand, the playable ones first and the "soon" ones after them.
        expect(chips.map((c) => c.getAttribute('data-code'))).toEqual(lobbyBrands(category).map((b) => b.code));
        expect(new Set(chips.map((c) => c.getAttribute('data-code')))).toEqual(new Set(GAME_MENU[category].map((e) => e.code)));
        const pressed = chips.filter((c) => c.getAttribute('aria-pressed') === 'true' || c.getAttribute('aria-checked') === 'true');
        expect(pressed.map((c) => c.getAttribute('data-code'))).toEqual([DEFAULT_BRANDS[category]]);
        expect((screen.getByTestId(testIds.lobbySearch) as HTMLInputElement).type).toBe('search');
        const tiles = within(screen.getByTestId(testIds.lobbyGrid)).getAllByTestId(testIds.gameTile);
        expect(tiles.length).toBeGreaterThan(0);
        // The first row's images are what the member sees first: fetched at once and first; the rest wait for
        // the viewport. The eager ones are the first row, so a prefix of the tiles no longer than a row.
        const loading = tiles.map((tile) => tile.querySelector('img')?.getAttribute('loading'));
        const firstLazy = loading.indexOf('lazy');
        const eager = firstLazy === -1 ? loading.length : firstLazy;
        expect(eager).toBeGreaterThanOrEqual(1);
        expect(eager).toBeLessThanOrEqual(4);
        for (const [index, tile] of tiles.entries()) {
          expect(tile.getAttribute('data-game-id')).toBeTruthy();
          const image = tile.querySelector('img');
          expect(image?.getAttribute('loading')).toBe(index < eager ? 'eager' : 'lazy');
          expect(image?.getAttribute('fetchpriority') ?? null).toBe(index < eager ? 'high' : null);
          expect(within(tile).getByTestId(testIds.gameFavourite).getAttribute('aria-pressed')).toBe('false');
        }
        expect(screen.getAllByTestId(testIds.productOpen)).toHaveLength(21);
      });
    }

    it('slot: keeps 500 games to a window of tiles', async () => {
      await renderLobby('slot');
      const tiles = screen.getAllByTestId(testIds.gameTile);
      expect(tiles.length).toBeLessThan(60);
      expect(tiles[0]!.getAttribute('aria-setsize')).toBe('500');
      expect(document.body.querySelectorAll('*').length).toBeLessThan(800);
    });

    it('tags a brand that is not open yet, and keeps it selectable', async () => {
      const selectBrand = vi.fn();
      await renderLobby('cards', { lobby: { selectBrand } });
      const closed = document.querySelector<HTMLElement>(`[data-testid="${testIds.lobbyBrand}"][data-code="RTG"]`)!;
      expect(closed.textContent).toContain(en.lobbyUi.soon);
      fireEvent.click(closed);
      expect(selectBrand).toHaveBeenCalledWith('RTG');
    });

    it('shows loading, empty, notice, launch error and the refresh countdown', async () => {
      await renderLobby('fish', { lobby: { status: 'loading', games: [] } });
      expect(screen.getByTestId(testIds.lobbyLoading)).toBeTruthy();
      cleanup();
      await renderLobby('fish', { lobby: { status: 'empty', games: [] } });
      expect(screen.getByTestId(testIds.lobbyEmpty).textContent).toContain(en.lobbyUi.emptyTitle);
      cleanup();
      await renderLobby('slot', { lobby: { notice: en.lobby.errors.offline, launchError: en.lobby.errors.refused, refreshIn: 5 } });
      expect(screen.getByTestId(testIds.lobbyNotice).getAttribute('role')).toBe('status');
      expect(screen.getByTestId(testIds.lobbyLaunchError).getAttribute('role')).toBe('alert');
      expect(screen.getByTestId(testIds.lobbyRefresh).textContent).toContain('5');
    });

    it('shows the brand chooser on the select sub-route', async () => {
      await renderLobby('fish', {}, 'fishSelect');
      expect(screen.getAllByTestId(testIds.lobbyBrand)).toHaveLength(GAME_MENU.fish.length);
      expect(screen.queryByTestId(testIds.lobbyGrid)).toBeNull();
    });

    if (Layout) {
      it('inside the layout, lists the products once (the row, not the "More games" button)', async () => {
        await renderLobby('slot', {}, null, true);
        expect(screen.getAllByTestId(testIds.productOpen)).toHaveLength(21);
        expect(screen.queryByRole('button', { name: en.lobbyUi.moreGames })).toBeNull();
      });

      it('on other pages the layout offers the products behind "More games"', () => {
        render(
          <PreviewProviders bridge={createPreviewBridge({ preferences: { locale: 'en' } })} page="history">
            <Layout>
              <p>history</p>
            </Layout>
          </PreviewProviders>,
        );
        expect(screen.queryByTestId(testIds.productOpen)).toBeNull();
        const toggle = screen.getByRole('button', { name: en.lobbyUi.moreGames });
        fireEvent.click(toggle);
        expect(toggle.getAttribute('aria-expanded')).toBe('true');
        expect(screen.getAllByTestId(testIds.productOpen)).toHaveLength(21);
      });
    }
  });
}
