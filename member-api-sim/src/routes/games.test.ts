import {
  type GameFavouritesReply,
  type GameListItem,
  type GameRecentReply,
  type GclubGameReply,
  type GclubLoginReply,
  type GclubOpenReply,
} from '@member/shared-core';
import { ALL_GAME_MENU_ENTRIES, GAME_MENU, gameMenuEntry } from '@member/shared-core/games/menu';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wrapName } from '../pages/game-images';
import { EMPTY_BRAND, GAME_LIST_SIZES } from '../state/game-catalog';
import { MAX_RECENT } from '../state/game-prefs';
import { startTestSim, type TestSim } from '../testing/harness';

const UNAUTHORIZED = { status: false, code: 401, message: 'Unauthorized' };
const RSG = gameMenuEntry('slot', 'RSG')!;
const MT = gameMenuEntry('cards', 'MT')!;

describe('game lists, tile images, favourites and recently played', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
  });

  const list = (url: string) => t.apiPost<GclubGameReply>('/api/gclubGame', { url });
  const gclubToken = async (username = 'pre8g1001', password = 'Gc1001pw') => {
    const { body } = await t.apiPost<GclubLoginReply>('/api/gclubLogin', { username, password });
    return body.result!.token;
  };
  const imageBase = () => `http://127.0.0.1:${t.running.ports.api}/game-images/`;

  describe('gclubGame', () => {
    it('lists every brand of the menu with its size, each game tagged with the brand storageKey', async () => {
      const sizes: Record<string, number> = {};
      for (const entry of ALL_GAME_MENU_ENTRIES) {
        const { status, body } = await list(entry.url);
        expect(status).toBe(200);
        expect(body.status).toBe(true);
        const games = body.games!;
        sizes[entry.storageKey] = games.length;
        expect(games.every((g) => g.tag === entry.storageKey)).toBe(true);
        expect(new Set(games.map((g) => g.id)).size).toBe(games.length);
        expect(new Set(games.map((g) => g.name)).size).toBe(games.length);
      }
      expect(sizes).toEqual(GAME_LIST_SIZES);
      expect(sizes.slot_RSG).toBe(500);
      expect(Math.max(...Object.values(sizes))).toBe(500);
      expect(Math.min(...Object.values(sizes).filter((n) => n > 0))).toBe(3);
      expect(sizes[EMPTY_BRAND]).toBe(0);
      expect(EMPTY_BRAND.startsWith('fish_')).toBe(true);
    });

    it('answers the RSG slot list with ids, names and absolute image URLs, about 5% without an image', async () => {
      const { body } = await list(RSG.url);
      const games = body.games!;
      expect(games[0]).toEqual({
        imageName: `${imageBase()}slot_RSG/rsg-s0001.svg`,
        id: 'RSG-S0001',
        tag: 'slot_RSG',
        name: expect.any(String),
      });
      const withoutImage = games.filter((g) => !g.imageName);
      expect(withoutImage).toHaveLength(25);
      expect(withoutImage.some((g) => g.imageName === '')).toBe(true);
      expect(withoutImage.some((g) => !('imageName' in g))).toBe(true);
      for (const game of games.filter((g) => g.imageName)) {
        expect(game.imageName).toBe(`${imageBase()}slot_RSG/${game.id.toLowerCase()}.svg`);
      }
      expect(games.some((g) => /[\u0E00-\u0E7F]/.test(g.name))).toBe(true);
      expect(games.some((g) => /^[A-Za-z]/.test(g.name))).toBe(true);
    });

    it('is deterministic, lists a brand that is not open yet, and refuses an unknown or missing url', async () => {
      const first = await list(MT.url);
      const again = await list(MT.url);
      expect(again.body).toEqual(first.body);
      const closed = GAME_MENU.slot.find((e) => e.url_token === '-')!;
      expect((await list(closed.url)).body.games!.length).toBeGreaterThan(0);
      expect((await list(GAME_MENU.fish.find((e) => e.storageKey === EMPTY_BRAND)!.url)).body).toEqual({ status: true, games: [] });

      const unknown = await list('/games/club/9999');
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual({ status: false, message: 'Unknown game brand' });
      expect((await t.apiPost('/api/gclubGame', {})).status).toBe(422);
    });

    it('keeps serving lists during GCLUB maintenance', async () => {
      await t.control('POST', '/__sim/maintenance', { provider: 'GCLUB', on: true });
      expect((await list(RSG.url)).body.games).toHaveLength(500);
    });
  });

  describe('tile images', () => {
    it('serves a small SVG per game with a day of caching, to any origin', async () => {
      const { body } = await list(RSG.url);
      const game = body.games!.find((g) => g.imageName)!;
      const response = await fetch(game.imageName!.replace(/^http:\/\/[^/]+/, t.base), {
        headers: { Origin: 'https://cdn-consumer.example' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const svg = await response.text();
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).toContain('<linearGradient');
      expect(svg).toContain('>RSG</text>');
      expect(Buffer.byteLength(svg)).toBeLessThan(3 * 1024);
      const again = await (await fetch(`${t.base}/game-images/slot_RSG/${game.id.toLowerCase()}.svg`)).text();
      expect(again).toBe(svg);
    });

    it('gives different games different colours and escapes the name', async () => {
      const games = (await list(MT.url)).body.games!.filter((g) => g.imageName);
      const [a, b] = await Promise.all(
        games.slice(0, 2).map(async (g) => (await fetch(`${t.base}/game-images/cards_MT/${g.id.toLowerCase()}.svg`)).text()),
      );
      const colour = (svg: string) => /stop-color="([^"]+)"/.exec(svg)?.[1];
      expect(colour(a!)).not.toBe(colour(b!));
      const texas = games.find((g) => g.name.includes("'"));
      if (texas) expect(await (await fetch(`${t.base}/game-images/cards_MT/${texas.id.toLowerCase()}.svg`)).text()).toContain('&#39;');
    });

    it('answers 404 for an unknown brand, an unknown file, or a game listed without an image', async () => {
      const imageless = (await list(RSG.url)).body.games!.find((g: GameListItem) => !g.imageName)!;
      for (const path of [
        '/game-images/slot_NOPE/rsg-s0001.svg',
        '/game-images/slot_RSG/rsg-s9999.svg',
        `/game-images/slot_RSG/${imageless.id.toLowerCase()}.svg`,
        '/game-images/slot_RSG/../secret.svg',
      ]) {
        expect((await fetch(`${t.base}${path}`)).status).toBe(404);
      }
    });

    it('wraps long names into at most three lines', () => {
      expect(wrapName('Golden Dragon')).toEqual(['Golden Dragon']);
      expect(wrapName('Sacred Siam Queen')).toEqual(['Sacred Siam', 'Queen']);
      expect(wrapName('One Two Three Four Five Six Seven Eight Nine Ten').length).toBe(3);
    });
  });

  describe('favourites', () => {
    const favourites = (token: string) => t.apiPost<GameFavouritesReply>('/api/gameFavourites', { token });
    const setFavourite = (token: string, brand: string, id: string, on: unknown) =>
      t.apiPost<GameFavouritesReply>('/api/gameFavouriteSet', { token, brand, id, on });

    it('adds and removes favourites per member, in the order added, idempotently', async () => {
      const member = await t.login('pre8');
      expect((await favourites(member)).body).toEqual({ status: true, favourites: [] });
      expect((await setFavourite(member, 'slot_RSG', 'RSG-S0002', true)).body).toEqual({
        status: true,
        favourites: [{ brand: 'slot_RSG', id: 'RSG-S0002' }],
      });
      await setFavourite(member, 'cards_MT', 'MT-C0001', true);
      await setFavourite(member, 'slot_RSG', 'RSG-S0002', true);
      expect((await favourites(member)).body.favourites).toEqual([
        { brand: 'slot_RSG', id: 'RSG-S0002' },
        { brand: 'cards_MT', id: 'MT-C0001' },
      ]);
      expect((await setFavourite(member, 'slot_RSG', 'RSG-S0002', false)).body.favourites).toEqual([{ brand: 'cards_MT', id: 'MT-C0001' }]);

      const other = await t.login('pre8', '0899999999');
      expect((await favourites(other)).body.favourites).toEqual([]);
      const sameMemberNewToken = await t.login('pre8');
      expect((await favourites(sameMemberNewToken)).body.favourites).toEqual([{ brand: 'cards_MT', id: 'MT-C0001' }]);
    });

    it('refuses unknown games, a bad body, and a bad token', async () => {
      const member = await t.login('pre8');
      expect((await setFavourite(member, 'slot_NOPE', 'RSG-S0001', true)).body).toEqual({ status: false, message: 'Unknown game brand' });
      expect((await setFavourite(member, 'slot_RSG', 'RSG-S9999', true)).body).toEqual({ status: false, message: 'Unknown game' });
      expect((await setFavourite(member, 'slot_RSG', 'RSG-S0001', 'yes')).status).toBe(422);
      expect((await t.apiPost('/api/gameFavouriteSet', { token: member, on: true })).status).toBe(422);
      expect(await favourites('f'.repeat(48))).toMatchObject({ status: 401, body: UNAUTHORIZED });
      expect(await setFavourite('f'.repeat(48), 'slot_RSG', 'RSG-S0001', true)).toMatchObject({ status: 401, body: UNAUTHORIZED });
      expect((await t.apiPost('/api/gameRecent', {})).status).toBe(401);
    });
  });

  describe('recently played', () => {
    const recent = async (token: string) => (await t.apiPost<GameRecentReply>('/api/gameRecent', { token })).body;
    const open = (token: string, url: string, code: string) => t.apiPost<GclubOpenReply>('/api/gclubOpenGame', { token, url, code });

    it('records games opened with the GCLUB session for the member who owns it, newest first, one entry per game', async () => {
      const member = await t.login('pre8');
      const gclub = await gclubToken();
      expect(await recent(member)).toEqual({ status: true, recent: [] });

      await open(gclub, RSG.url, 'RSG-S0001');
      t.clock.advance(1000);
      await open(gclub, MT.url, 'MT-C0003');
      t.clock.advance(1000);
      await open(gclub, RSG.url, 'RSG-S0001');
      const { recent: entries } = await recent(member);
      expect(entries!.map(({ brand, id }) => ({ brand, id }))).toEqual([
        { brand: 'slot_RSG', id: 'RSG-S0001' },
        { brand: 'cards_MT', id: 'MT-C0003' },
      ]);
      expect(Date.parse(entries![0]!.at)).toBeGreaterThan(Date.parse(entries![1]!.at));

      const failed = await open(gclub, RSG.url, 'RSG-S9999');
      expect(failed.body.status).toBe(false);
      expect((await recent(member)).recent).toHaveLength(2);
      expect((await recent(await t.login('pre8', '0899999999'))).recent).toEqual([]);
    });

    it(`keeps the newest ${MAX_RECENT}`, async () => {
      const member = await t.login('pre8');
      const gclub = await gclubToken();
      for (let i = 1; i <= MAX_RECENT + 5; i++) {
        t.clock.advance(10);
        expect((await open(gclub, RSG.url, `RSG-S${String(i).padStart(4, '0')}`)).body.status).toBe(true);
      }
      const entries = (await recent(member)).recent!;
      expect(entries).toHaveLength(MAX_RECENT);
      expect(entries[0]!.id).toBe('RSG-S0025');
      expect(entries.at(-1)!.id).toBe('RSG-S0006');
    });

    it('is cleared with favourites by /__sim/reset', async () => {
      const member = await t.login('pre8');
      await open(await gclubToken(), RSG.url, 'RSG-S0001');
      await t.apiPost('/api/gameFavouriteSet', { token: member, brand: 'slot_RSG', id: 'RSG-S0001', on: true });
      await t.control('POST', '/__sim/reset');
      const fresh = await t.login('pre8');
      expect((await recent(fresh)).recent).toEqual([]);
      expect((await t.apiPost<GameFavouritesReply>('/api/gameFavourites', { token: fresh })).body.favourites).toEqual([]);
    });
  });
});
