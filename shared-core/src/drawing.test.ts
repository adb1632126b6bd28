import { describe, expect, it } from 'vitest';
import { PAGE_KEYS } from './contract';
import { drawnPageFor, drawnPagePath, parseReleases, releasesText } from './drawing';

const isPage = (segment: string) => (PAGE_KEYS as readonly string[]).includes(segment);
const choose = (path: string, search = '', cookie = '') => drawnPageFor(path, search, cookie, isPage);

describe('which drawn page answers a visit', () => {
  it('takes the site as the host resolves it: ?prefix=, else the first four of LINE state, else the login cookie', () => {
    expect(choose('/login', '?prefix=pre8')).toMatchObject({ site: 'pre8', page: 'login' });
    expect(choose('/check/line', '?state=os39abcdef&code=x')).toMatchObject({ site: 'os39', page: 'check/line' });
    expect(choose('/login', '', 'a=1; member-bkmc=bkmc; b=2')).toMatchObject({ site: 'bkmc' });
    // The query wins over state and cookie, as in resolve-prefix.ts.
    expect(choose('/login', '?prefix=pre8&state=os39x', 'member-bkmc=bkmc')).toMatchObject({ site: 'pre8' });
    // A login cookie counts only when its name carries its own value.
    expect(choose('/login', '', 'member-bkmc=pre8')).toBeNull();
  });

  it('names no site for a prefix or state that could be none, and draws nothing without a site', () => {
    expect(choose('/login', '?prefix=../x')).toBeNull();
    expect(choose('/login', '?prefix=toolong')).toBeNull();
    expect(choose('/login', '?prefix=')).toBeNull();
    expect(choose('/login')).toBeNull();
  });

  it('draws login, registration and the LINE check as themselves, leaves the app its own pages, and any other path is the 404', () => {
    const page = (path: string) => choose(path, '?prefix=pre8')?.page ?? null;
    expect(page('/login')).toBe('login');
    expect(page('/register')).toBe('register');
    expect(page('/check/line')).toBe('check/line');
    for (const path of ['/', '/profile', '/slot/slotGame', '/login/theme/PRE8', '/register/step2', '/check/member'])
      expect(page(path)).toBeNull();
    for (const path of ['/nope', '/nope/deeper', '/404', '/profilex']) expect(page(path)).toBe('404');
  });

  it("draws a member's frame for a visit with the site's session cookies, and leaves the page to the app for anyone else", () => {
    const signedIn = 'token-pre8=t; type-login-pre8=phone';
    expect(choose('/slot', '?prefix=pre8', signedIn)).toMatchObject({ site: 'pre8', page: 'slot' });
    expect(choose('/profile', '', `member-pre8=pre8; ${signedIn}`)).toMatchObject({ site: 'pre8', page: 'profile' });
    // A guest, half a session, another site's session, a sub-route, a page that is not in the menu.
    expect(choose('/slot', '?prefix=pre8')).toBeNull();
    expect(choose('/slot', '?prefix=pre8', 'token-pre8=t')).toBeNull();
    expect(choose('/slot', '?prefix=pre8', 'token-os39=t; type-login-os39=phone')).toBeNull();
    expect(choose('/slot/slotGame', '?prefix=pre8', signedIn)).toBeNull();
    expect(choose('/logout', '?prefix=pre8', signedIn)).toBeNull();
  });

  it("takes the language and scheme from their cookies, Thai and the site's first scheme without", () => {
    expect(choose('/login', '?prefix=pre8')).toEqual({ site: 'pre8', locale: 'th', scheme: null, page: 'login' });
    expect(choose('/login', '?prefix=pre8', 'i18n_redirected=EN; scheme=dark')).toEqual({
      site: 'pre8',
      locale: 'en',
      scheme: 'dark',
      page: 'login',
    });
    expect(choose('/login', '?prefix=pre8', 'i18n_redirected=fr; scheme=sepia')).toEqual({
      site: 'pre8',
      locale: 'th',
      scheme: null,
      page: 'login',
    });
  });

  it('lays the pages out by site, language and scheme', () => {
    expect(drawnPagePath({ site: 'pre8', locale: 'en', scheme: 'dark', page: 'check/line' })).toBe('pre8/en-dark/check/line.html');
    expect(drawnPagePath({ site: 'pre8', locale: 'th', scheme: null, page: '404' })).toBe('pre8/th/404.html');
  });
});

describe('the releases a page was drawn with', () => {
  it('are written sorted by theme and read back', () => {
    const releases = { PRE8: 'sha384-b', default: 'sha384-a' };
    expect(releasesText(releases)).toBe('PRE8=sha384-b;default=sha384-a');
    expect(parseReleases(releasesText(releases))).toEqual(releases);
    expect(parseReleases(null)).toEqual({});
    expect(parseReleases('broken;=x')).toEqual({});
  });
});
