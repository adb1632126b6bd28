/**
 * For the host's tests only: a fresh store as the app has it once the boot is ready (a known brand), and one with a
 * member logged in (by phone), optionally with the session's cookies written as a login writes them.
 */
import { createStore } from 'jotai';
import type { MemberInfo, Profile, RawSiteEntry, RuntimeConfig, ServerGameUser, Site, SitesFile } from '@member/shared-core';
import { toSite } from '@member/shared-core/schema/config';
import { bootReadyAtom } from './boot-state';
import { writeSessionCookies } from './session-cookies';
import { sessionFromReplyAtom } from './session-state';

export type TestStore = ReturnType<typeof createStore>;

/**
 * A site as the schema maps it, from as much of a sites.json entry as a test cares about: what it leaves out is a
 * plain undivided PRE8 site (a page its components do not list is drawn in the site's theme, as the schema does).
 */
export function testSite(entry: Partial<RawSiteEntry> & { key: string }): Site {
  return toSite({
    logo: '',
    web: entry.key.toUpperCase(),
    divisions: 'false',
    layout: 'PRE8',
    css: '',
    LineID: '',
    LineLink: '',
    promoLink: '',
    themes: [],
    components: [],
    register: true,
    ...entry,
  });
}

export const TEST_PREFIX = 'pre8';
/** The token the session's cookies hold when `cookies` is asked for. */
export const TEST_TOKEN = 'member-token';
export const TEST_MEMBER_INFO: MemberInfo = {
  cid: 7,
  account_name: 'a',
  account_number: '1',
  phone: '0812345678',
  bank_th: 'b',
  bank_en: 'b',
  set: 'KBANK',
  logo: '',
};
/** The member's one game account, their main. */
export const TEST_UFA_GAME: ServerGameUser = { service: 'UFA', game_user: 'pre8u1', game_password: 'p', main: true, generate: false };
/** A member with both providers: GCLUB their main. */
export const TEST_GCLUB_MAIN: ServerGameUser = {
  service: 'GCLUB',
  game_user: 'pre8g1',
  game_password: 'gpass',
  main: true,
  generate: false,
};
export const TEST_UFA_SECOND: ServerGameUser = {
  service: 'UFA',
  game_user: 'pre8u1',
  game_password: 'upass',
  main: false,
  generate: false,
};

export interface TestSiteOptions {
  /** The prefix of the visit; null: a page of no known brand (the site list still holds TEST_PREFIX). Default TEST_PREFIX. */
  prefix?: string | null;
  /** The run-time config's allowed origins. Default none. */
  allowedOrigins?: string[];
  /** More of the brand's site entry than its key. */
  site?: Partial<Site>;
}

/** A fresh store whose boot is ready: the brand's site entry and the run-time config. */
export function testSiteStore({ prefix = TEST_PREFIX, allowedOrigins = [], site = {} }: TestSiteOptions = {}): TestStore {
  const store = createStore();
  store.set(bootReadyAtom, {
    config: { allowedOrigins } as unknown as RuntimeConfig,
    sites: { sites: [{ key: prefix ?? TEST_PREFIX, ...site }] } as unknown as SitesFile,
    prefix,
  });
  return store;
}

export interface TestMemberOptions extends TestSiteOptions {
  /** The member's game accounts. Default [TEST_UFA_GAME]. */
  games?: ServerGameUser[];
  /** Null: the reply carries none. Default TEST_MEMBER_INFO. */
  memberInfo?: MemberInfo | null;
  profile?: Profile;
  /** Written as the session's cookies (token TEST_TOKEN, login by phone) when true. Default false. */
  cookies?: boolean;
}

/** A fresh store after a fresh login by phone of a member on a known brand. */
export function testMemberStore({
  games = [TEST_UFA_GAME],
  memberInfo = TEST_MEMBER_INFO,
  profile,
  cookies = false,
  ...site
}: TestMemberOptions = {}): TestStore {
  const store = testSiteStore(site);
  store.set(sessionFromReplyAtom, {
    reply: {
      status: true,
      access_token: TEST_TOKEN,
      games,
      ...(memberInfo ? { member_info: memberInfo } : {}),
      ...(profile ? { profile } : {}),
    },
    loginBy: 'phone',
    fresh: true,
  });
  if (cookies) writeSessionCookies(site.prefix ?? TEST_PREFIX, TEST_TOKEN, 'phone');
  return store;
}
