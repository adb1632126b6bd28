import type { PageKey } from './contract';

/**
 * Who may open a page (the host's guards): `auth` a member; `check-auth` a guest (a member goes on to their page);
 * `check-id` a visitor who has not finished registering, where the site registers; `register` a member who has.
 */
export type PageMiddleware = 'auth' | 'check-auth' | 'check-id' | 'register';

/** The host's chunks of bridge hooks a page needs before it renders (beside its remote's chunk). */
export type PageHookChunk = 'games' | 'wallet' | 'account';

/** Everything known about one page, in one place. */
export interface PageFacts {
  middleware: readonly PageMiddleware[];
  /** Hook chunks a page waits for. Every framed page needs `games`: each layout's menu lists the products. */
  hookChunks: readonly PageHookChunk[];
  /** Listed in the member's menu (in this table's order). */
  menu: boolean;
  /** Rendered on its own, outside the site's frame (layout). */
  frameless: boolean;
  /** Sub-components the page accepts after its path. */
  subroutes?: readonly string[];
}

const MEMBER: readonly PageMiddleware[] = ['auth', 'register'];

/** The pages registry: guards, hook chunks, menu, frame and sub-routes of every page, in menu order. */
export const PAGES: Readonly<Record<PageKey, PageFacts>> = {
  login: { middleware: ['check-auth'], hookChunks: [], menu: false, frameless: true },
  register: {
    middleware: ['check-id'],
    hookChunks: ['games', 'account'],
    menu: false,
    frameless: false,
    subroutes: ['step1', 'step2', 'step3', 'register'],
  },
  logout: { middleware: ['auth'], hookChunks: [], menu: false, frameless: true, subroutes: ['logout'] },
  profile: { middleware: MEMBER, hookChunks: ['games'], menu: true, frameless: false, subroutes: ['deposit', 'withdraw'] },
  slot: { middleware: MEMBER, hookChunks: ['games'], menu: true, frameless: false, subroutes: ['slotSelect', 'slotGame'] },
  fish: { middleware: MEMBER, hookChunks: ['games'], menu: true, frameless: false, subroutes: ['fishSelect', 'fishGame'] },
  cards: { middleware: MEMBER, hookChunks: ['games'], menu: true, frameless: false, subroutes: ['cardsSelect', 'cardsGame'] },
  deposit: { middleware: MEMBER, hookChunks: ['games', 'wallet'], menu: true, frameless: false },
  withdraw: { middleware: MEMBER, hookChunks: ['games', 'wallet'], menu: true, frameless: false },
  history: { middleware: MEMBER, hookChunks: ['games', 'wallet'], menu: true, frameless: false },
  promotion: { middleware: MEMBER, hookChunks: ['games', 'wallet'], menu: true, frameless: false },
  gameuser: { middleware: MEMBER, hookChunks: ['games'], menu: true, frameless: false },
  info: {
    middleware: MEMBER,
    hookChunks: ['games', 'account'],
    menu: true,
    frameless: false,
    subroutes: ['info', 'changePassword', 'connectPhone', 'lineAuthInfo', 'phoneAuthInfo'],
  },
};

const pageEntries = Object.entries(PAGES) as Array<[PageKey, PageFacts]>;

/** Sub-components each page accepts after its path. */
export const PAGE_SUBROUTES: Partial<Record<PageKey, readonly string[]>> = Object.fromEntries(
  pageEntries.flatMap(([page, facts]) => (facts.subroutes ? [[page, facts.subroutes]] : [])),
);

/** Pages that render outside the site's frame (layout); the rest render inside it. */
export const FRAMELESS_PAGES: readonly PageKey[] = pageEntries.filter(([, facts]) => facts.frameless).map(([page]) => page);

/** The member's menu, in the order the layouts show it. */
export const MENU_PAGES: readonly PageKey[] = pageEntries.filter(([, facts]) => facts.menu).map(([page]) => page);

export function isValidSubroute(page: PageKey, sub: string | undefined): boolean {
  if (sub === undefined) return true;
  return PAGE_SUBROUTES[page]?.includes(sub) ?? false;
}

/**
 * A page's path and its theme variant: `/{page}`, `/{page}/{sub}`, `/{page}/theme/{THEME}` and
 * `/{page}/theme/{THEME}/{sub}`. The first group is the page, the second the theme a variant names. Kept as a pattern
 * so the page's early start, which can import nothing, is handed its source and reads paths the same way.
 */
export const PAGE_PATH_PATTERN = /^\/([^/]*)(?:\/theme\/([^/]+))?/;

/** What a path names: its first segment (a page key or not) and the theme of a `/{page}/theme/{THEME}` variant. */
export interface PagePath {
  page: string;
  variant: string | null;
}

/** Reads a path as PAGE_PATH_PATTERN says; the caller checks that the page is a page and the theme a configured one. */
export function pagePathOf(pathname: string): PagePath {
  const match = PAGE_PATH_PATTERN.exec(pathname);
  return { page: match?.[1] ?? '', variant: match?.[2] ?? null };
}

/** The path of a page drawn in a theme it names, with a sub-route after it if given (route patterns pass `:page`). */
export function themeVariantPath(page: string, theme: string, sub?: string): string {
  return sub === undefined ? `/${page}/theme/${theme}` : `/${page}/theme/${theme}/${sub}`;
}
