import { PAGES } from './routes';
import { PAGE_KEYS, type PageKey } from './contract';

/**
 * Pages drawn in the HTML: what a theme's server build holds, what the drawing step hands it, and what a drawn page
 * tells the host that hydrates it. Shared by the build preset (which writes the server build), the host (which draws
 * with it under Node and hydrates what was drawn in the browser) and the scripts that run the drawing step.
 */

/** The folder of a theme release that holds its server build, and the one file of that build. */
export const DRAWING_DIR = 'server';
export const DRAWING_BUNDLE = 'drawing.cjs';

/**
 * What a theme's server build takes from the drawing step instead of bundling it, as its browser build takes the same
 * modules from the host as shared singletons: React and the contract, so the host's bridge context is the one the
 * theme's components read.
 */
export const DRAWING_SHARED = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', '@member/shared-core'] as const;

/** What a theme's server build exports: every exposed module, by its exposed name (`./pages/login`, `./layout`). */
export interface DrawingBundle {
  exposes: Record<string, { default?: unknown }>;
}

/** The guest pages drawn whole for every site, language and scheme. */
export const DRAWN_GUEST_PAGES = ['login', 'register'] as const;

/**
 * The screens of the host's own that are drawn too: the 404 (any path that is no page), and the page LINE sends the
 * browser back to (`/check/line`, drawn while it checks).
 */
export const DRAWN_NOT_FOUND = '404';
export const DRAWN_LINE_CHECK = 'check/line';

/**
 * Stands for the asked path in a drawn 404 (its title reads "Page Not Found: {path}"): the page's own first script
 * writes the path of the visit in its place before the page is painted, as the app then renders it.
 */
export const DRAWN_PATH_MARK = '/__drawn-path__';

/** Attributes of the drawn root (`#root`), read by the host before it takes the page over. */
export const DRAWN_ATTRIBUTES = {
  /** What was drawn: a page key, `404` or `check/line`. */
  page: 'data-drawn-page',
  /** The site's key. */
  site: 'data-drawn-site',
  /** The SHA-256 (base64url) of the site's sites.json entry as served (its JSON text as `JSON.stringify` writes it). */
  entry: 'data-drawn-entry',
  /** The theme releases drawn with: `THEME=sha384-…` (the signed hash of each one's mf-manifest.json), `;`-separated. */
  releases: 'data-drawn-releases',
  /** The schemes the site offers, its first first, space-separated. */
  schemes: 'data-drawn-schemes',
  /** `member` on a member's frame (DRAWN_MEMBER_PAGES), which the app replaces rather than hydrates. */
  kind: 'data-drawn-kind',
  /**
   * On the `<template>` in which a member's lobby holds the app's script preloads back, before the inline start: the list
   * the device does not keep goes first on the wire, the app's code once it is in (host early-start.ts).
   */
  heldCode: 'data-drawn-held-code',
  /**
   * On a member's lobby: the API base config.json gave when the page was drawn. The early start sends the lobby's list
   * there before config.json is read; config.json's own base decides once it is.
   */
  api: 'data-drawn-api',
  /**
   * On the inline script that fills a member's frame from what the device keeps (host drawn-kept.ts): a page drawn for
   * a guest has nothing for it to fill, and is sent without it.
   */
  keptFill: 'data-drawn-kept-fill',
} as const;

/** The id of the empty element right after a drawn page's root: the page's first paint waits until it is read. */
export const DRAWN_END_ID = 'drawn-end';

/** The language cookie (`en` or `th`), written with every choice of language: a server picks the drawn page by it. */
export const LOCALE_COOKIE = 'i18n_redirected';

/** The cookie the member's scheme is kept in besides local storage (`dark` or `light`), so a server can pick the drawn page. */
export const SCHEME_COOKIE = 'scheme';

/**
 * The member id of a member's frame drawn for nobody (the session's `cid`): logged, the member not known yet. What a
 * frame shows of a member (their name, the money bar) keeps its place there, as on its way, so the app's frame, which
 * replaces the drawing, moves nothing.
 */
export const DRAWN_MEMBER_CID = -1;

/** The login cookie's name before the site's key (`member-pre8=pre8`): the site of a visit that names none. */
export const SITE_COOKIE_PREFIX = 'member-';

/**
 * A member's pages, drawn for a visit that carries the site's session cookies: the site's frame (header, menu, bottom
 * bar) as the frame theme draws it, the page's place in it waiting for the page, and nothing of the member. The app
 * replaces the drawing with the page once it has it.
 */
export const DRAWN_MEMBER_PAGES = PAGE_KEYS.filter((key) => PAGES[key].menu);

/**
 * The lobbies' frames also carry their page drawn around a stand-in list (a `<template>` after the root): a member
 * who comes back finds the first tiles drawn from the list their device kept (lobby/kept-lists.ts), filled into that
 * template by the page's first script before the app's code runs (config/drawn-kept.ts). The stand-in games are
 * marks the script replaces, each game's name, id and image by its place in the list; a template with a mark left
 * unfilled is not shown.
 */
export const DRAWN_KEPT_PAGES = ['slot', 'fish', 'cards'] as const;

/** The sets of game accounts a lobby's templates are drawn for. */
export const DRAWN_KEPT_ACCOUNTS = [['GCLUB', 'UFA'], ['GCLUB'], ['UFA']] as const;

/** How many stand-in games a lobby's template is drawn with (the grid draws its first rows of them). */
export const DRAWN_KEPT_GAMES = 12;

/** The stand-in game at `index` of a drawn lobby's template (`#` for every index: what the script looks for). */
export const keptGameMark = (index: number | string) => ({
  id: `@kept-game-id-${index}@`,
  name: `@kept-game-name-${index}@`,
  image: `https://kept.invalid/game-${index}`,
});

/** What every mark starts with: a filled template holding it still is not shown. */
export const KEPT_MARK_START = '@kept-';
export const KEPT_IMAGE_START = 'https://kept.invalid/';

/** Attributes of a lobby's template: the page, the brand it was drawn with (its code and list tag), where a member's own choice of brand is kept. */
export const DRAWN_KEPT_ATTRIBUTES = {
  page: 'data-drawn-kept',
  brand: 'data-kept-brand',
  tag: 'data-kept-tag',
  /** The brand's menu url, which its list is asked for by (a first visit's list is the early start's reply for it). */
  url: 'data-kept-url',
  choiceKey: 'data-kept-choice-key',
  /**
   * The lobby's count of its games as drawn (of the stand-in games), and as it reads for one game and for `{n}`
   * games: the script writes the kept list's count in its place.
   */
  countDrawn: 'data-kept-count-drawn',
  countOne: 'data-kept-count-one',
  countMany: 'data-kept-count-many',
  /**
   * The member's game accounts the lobby was drawn for (`GCLUB UFA`, `GCLUB` or `UFA`): what it offers besides the
   * games depends on them. A lobby comes with one template for each; the script takes the one whose accounts are those
   * the member's device kept balances of (accounts/kept-balances.ts).
   */
  accounts: 'data-kept-accounts',
  /** An element's style as drawn (the grid's geometry): the page's policy allows no style attribute, the script sets it through the element's style. */
  style: 'data-kept-style',
} as const;

/**
 * The profile's frame carries its page too, drawn around stand-in game accounts whose balances and times are marks
 * (one template for each set of accounts, as a lobby's): the page's first script writes the balances the member's
 * device kept (accounts/kept-balances.ts) in their place, and leaves what the device does not keep (the member's
 * names, bank, game users, which account is main) for the app. A balance mark no kept balance filled is not shown.
 */
export const DRAWN_KEPT_PROFILE = 'profile';

/** A stand-in account's balance, by provider: amounts no member's balance is drawn with. */
export const KEPT_BALANCE_MARKS = { GCLUB: 987_654.31, UFA: 876_543.21 } as const;

/** A stand-in balance's time (when it was true): the script writes the kept balance's in its place. */
export const KEPT_UPDATED_MARK = '2001-02-03T04:05:00.000Z';

/** Attributes of the profile's template besides the page and the accounts: the drawing's "not set", which the script shows as still to come. */
export const DRAWN_KEPT_PROFILE_ATTRIBUTES = { notSet: 'data-kept-not-set' } as const;

/**
 * The money bar of a member's frame drawn for nobody (ui-kit's pending bar), which the frame's first script fills from the
 * kept balances: `bar` marks it; `inUse` followed by a provider in lower case (`gclub`, `ufa`) carries the bar's label
 * with that account in use, and `other` followed by one the profile's line for the other account, in the page's language.
 */
export const DRAWN_MONEY_ATTRIBUTES = {
  bar: 'data-drawn-money',
  inUse: 'data-drawn-money-in-use-',
  other: 'data-drawn-money-other-',
} as const;

/** Set on the document element once the drawn money bar shows the kept balance: the provider in use. */
export const DRAWN_MONEY_FILLED = 'data-drawn-money-filled';

/**
 * What a windowed grid (ui-kit's VirtualGrid) says of the inputs of its geometry: "minColumnWidth gap aspectRatio
 * captionHeight maxColumns" (0: no maximum). A lobby drawn on a server assumed a phone's width; the script that fills it
 * in the browser works its columns and rows out again for the width the page has, as the grid itself does.
 */
export const DRAWN_GRID_ATTRIBUTE = 'data-grid-fit';

/** Stands for the count in DRAWN_KEPT_ATTRIBUTES.countMany. */
export const KEPT_COUNT_MARK = '{n}';

/** The session cookies' names before the site's key (core/session-cookies.ts): both there means a stored session. */
export const SESSION_COOKIE_PREFIXES = ['token-', 'type-login-'] as const;

/** What a drawn page is of. */
export type DrawnPageName = (typeof DRAWN_GUEST_PAGES)[number] | typeof DRAWN_NOT_FOUND | typeof DRAWN_LINE_CHECK | PageKey;

/** The one drawn page a visit may be answered with, before the server knows whether it has one. */
export interface DrawnChoice {
  /** The site the visit names (`?prefix=`, LINE's `state`, or the login cookie), as the host resolves it. */
  site: string;
  locale: 'th' | 'en';
  /** The scheme the member chose last (the cookie), or null for none: the site's first then. */
  scheme: 'light' | 'dark' | null;
  page: DrawnPageName;
}

function cookieOf(cookie: string, name: string): string | null {
  for (const part of cookie.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/**
 * Which drawn page answers a visit (the demo's server runs this; the deploy step writes nginx maps that do the same):
 * the site as the host resolves it, the language and scheme by their cookies, and the page by its path: `/login`,
 * `/register` and `/check/line` are themselves, a member's page is itself for a visit with the site's session
 * cookies, a path that is no page of the product is the 404, and every other page (`/`, a member's page for a guest,
 * a sub-route, a theme variant) is left to the app. Null when no page is to be drawn. `isPage` tells whether a path's
 * first segment is a page of the product.
 */
export function drawnPageFor(pathname: string, search: string, cookie: string, isPage: (segment: string) => boolean): DrawnChoice | null {
  const params = new URLSearchParams(search);
  const state = params.get('state');
  let site = params.get('prefix') ?? (state === null ? null : state.slice(0, 4));
  if (site === null) {
    for (const part of cookie.split(';')) {
      const at = part.indexOf('=');
      const name = part.slice(0, at).trim();
      const value = part.slice(at + 1).trim();
      if (at > 0 && name === `${SITE_COOKIE_PREFIX}${value}`) {
        site = value;
        break;
      }
    }
  }
  if (site === null || !/^[A-Za-z0-9]{4}$/.test(site)) return null;
  const segments = pathname.split('/').slice(1);
  const signedIn = SESSION_COOKIE_PREFIXES.every((name) => Boolean(cookieOf(cookie, `${name}${site}`)));
  let page: DrawnPageName;
  if (pathname === '/login' || pathname === '/register') page = pathname.slice(1) as DrawnPageName;
  else if (pathname === '/check/line') page = DRAWN_LINE_CHECK;
  else if (signedIn && segments.length === 1 && (DRAWN_MEMBER_PAGES as readonly string[]).includes(segments[0]!))
    page = segments[0] as PageKey;
  else if (pathname === '/' || segments[0] === 'check' || isPage(segments[0] ?? '')) return null;
  else page = DRAWN_NOT_FOUND;
  const scheme = cookieOf(cookie, SCHEME_COOKIE);
  return {
    site,
    locale: cookieOf(cookie, LOCALE_COOKIE)?.toLowerCase() === 'en' ? 'en' : 'th',
    scheme: scheme === 'dark' || scheme === 'light' ? scheme : null,
    page,
  };
}

/** Where a drawn page lies among the drawn pages: `pre8/th-dark/login.html`, or `pre8/th/login.html` for the site's first scheme. */
export function drawnPagePath({ site, locale, scheme, page }: DrawnChoice): string {
  return `${site}/${locale}${scheme ? `-${scheme}` : ''}/${page}.html`;
}

/** `THEME=hash;THEME=hash`, sorted by theme: how a drawn page names the releases it was drawn with. */
export function releasesText(releases: Readonly<Record<string, string>>): string {
  return Object.keys(releases)
    .sort()
    .map((theme) => `${theme}=${releases[theme]}`)
    .join(';');
}

/** The releases a drawn page names, by theme. */
export function parseReleases(text: string | null): Record<string, string> {
  const releases: Record<string, string> = {};
  for (const part of (text ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) releases[part.slice(0, at)] = part.slice(at + 1);
  }
  return releases;
}
