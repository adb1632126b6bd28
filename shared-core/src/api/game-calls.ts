import { GCLUB_PRODUCT_CALLS, type GclubProductCall } from '../games/products';
import { aBoolean, aNonEmptyString, aString, aTime, arrayOf, objectOf, optional, statusReply, type Checked } from '../schema/validate';
import { callGroup, operatorCall, type ReplyOf, type RequestOf, type UnnamedCall } from './call';
import { memberTokenRequest, message } from './parts';

/*
 * Game lists, launching, favourites and recently played: plain JSON fields, like the other provider calls. A brand is
 * named by its menu `url` in gclubGame and gclubOpenGame (GAME_MENU in `games/menu.ts`), and by its `storageKey`
 * everywhere else (`tag`, `brand`).
 */

/**
 * One game of a brand's list. `id` is the game code gclubOpenGame takes as `code`; `tag` is the brand's storageKey
 * (the host caches a list by it); `imageName` is the absolute URL of the tile image, empty or missing for a game
 * without one (the host filters those out). `name` (display name, Thai or English) is beyond the operator's published calls.
 */
const gameListItem = objectOf({ imageName: optional(aString), id: aNonEmptyString, tag: aNonEmptyString, name: aString });

/** A game by brand (storageKey) and game `id`. */
const gameRef = objectOf({ brand: aNonEmptyString, id: aNonEmptyString });
/** A recently played game; `at` is the ISO time it was opened. */
const gameRecentEntry = objectOf({ brand: aNonEmptyString, id: aNonEmptyString, at: aTime });

/** The member's favourites, in the order they were added. */
const favouritesReply = statusReply({ favourites: optional(arrayOf(gameRef)), message }, {});

/**
 * The launch link, as `result.urlInfo`. It is not trusted by the host: it goes through the safe-URL guard before a
 * window opens. A missing or expired GCLUB session answers HTTP 401 instead; maintenance, an unknown brand or game, or
 * a brand not open yet → `{status: false, message}`.
 */
const openReply = statusReply({ message }, { result: objectOf({ urlInfo: aNonEmptyString }) });

const gclubTokenRequest = objectOf({ token: aString });

/** The eleven GCLUB product calls share one shape: `{token}` (the GCLUB session token) → `result.urlInfo`. */
const productCall = (name: GclubProductCall) => operatorCall({ path: `/api/${name}`, request: gclubTokenRequest, reply: openReply });
const PRODUCT_CALLS = Object.fromEntries(GCLUB_PRODUCT_CALLS.map((name) => [name, productCall(name)])) as Record<
  GclubProductCall,
  UnnamedCall<Checked<typeof gclubTokenRequest>, Checked<typeof openReply>>
>;

export const GAME_CALLS = callGroup({
  /** A brand's games, by its menu `url` (`/games/club/1013`); `games` may be empty. One of the first screen's early calls. */
  gclubGame: operatorCall({
    path: '/api/gclubGame',
    idempotent: true,
    request: objectOf({ url: aString }),
    reply: statusReply({ message }, { games: arrayOf(gameListItem) }),
  }),
  /** `token` is the GCLUB session token, `url` the brand's menu url, `code` a game's `id`. */
  gclubOpenGame: operatorCall({
    path: '/api/gclubOpenGame',
    request: objectOf({ token: aString, url: aString, code: aString }),
    reply: openReply,
  }),
  ...PRODUCT_CALLS,
  /** The member's favourites (beyond the operator's published calls). */
  gameFavourites: operatorCall({
    path: '/api/gameFavourites',
    idempotent: true,
    request: memberTokenRequest,
    reply: favouritesReply,
  }),
  /** Adds (`on: true`) or removes a favourite of the member; the reply lists them all. */
  gameFavouriteSet: operatorCall({
    path: '/api/gameFavouriteSet',
    request: objectOf({ token: aString, brand: aString, id: aString, on: aBoolean }),
    reply: favouritesReply,
  }),
  /** The member's recently opened games, newest first, at most 20, one entry per game. */
  gameRecent: operatorCall({
    path: '/api/gameRecent',
    idempotent: true,
    request: memberTokenRequest,
    reply: statusReply({ recent: optional(arrayOf(gameRecentEntry)), message }, {}),
  }),
});

type Calls = typeof GAME_CALLS;

export type GameListItem = Checked<typeof gameListItem>;
export type GameRef = Checked<typeof gameRef>;
export type GameRecentEntry = Checked<typeof gameRecentEntry>;
export type GclubGameRequest = RequestOf<Calls['gclubGame']>;
export type GclubGameReply = ReplyOf<Calls['gclubGame']>;
export type GclubOpenGameRequest = RequestOf<Calls['gclubOpenGame']>;
export type GclubOpenProductRequest = Checked<typeof gclubTokenRequest>;
export type GclubOpenReply = Checked<typeof openReply>;
export type GameMemberRequest = Checked<typeof memberTokenRequest>;
export type GameFavouriteSetRequest = RequestOf<Calls['gameFavouriteSet']>;
export type GameFavouritesReply = ReplyOf<Calls['gameFavourites']>;
export type GameRecentReply = ReplyOf<Calls['gameRecent']>;
