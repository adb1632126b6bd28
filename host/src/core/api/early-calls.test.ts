// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyStart } from '../config/early-start';
import type { EarlyHints } from '../config/early-start/hints';
import { takeEarlyCall } from '../config/early-fetches';
import { createWireCipher } from './crypto';
import { OPERATOR_CALLS } from '@member/shared-core/api/calls';
import { EARLY_CALLS, earlyCallKey } from './early-calls';
import { testEarlyHints } from '../config/test-early-hints';

/**
 * index.html's inline start sends a member's first calls itself (core/config/early-start.ts); the API client takes each
 * reply by the key of its own request. These tests hold the two to the same wire: the same URL, body and key, and the
 * token encrypted by WebCrypto exactly as crypto-js encrypts it.
 */
const HINTS: EarlyHints = testEarlyHints({
  listFirstBoundMs: 2000,
  pageFiles: { login: [], profile: [], slot: [] },
  memberStrings: { th: '/strings-th-member.js', en: '/strings-en-member.js' },
  strings: { th: '/strings-th-guest.js', en: '/strings-en-guest.js' },
  frameless: ['login'],
  lobbies: {
    slot: {
      storageKey: 'gclub-brand-slot',
      fallback: 'RSG',
      urls: { RSG: '/games/club/1', PG: '/games/club/2', NOPE: '/games/club/9', SOON: '/games/club/8' },
      tags: { RSG: 'slot_RSG', PG: 'slot_PG', NOPE: 'slot_NOPE', SOON: 'slot_SOON' },
      open: ['RSG', 'PG', 'NOPE'],
    },
  },
});

const CONFIG = {
  rootRedirect: '/login',
  apiBase: 'http://api.test/v1',
  crypto: { key: '0123456789abcdef0123456789abcdef', iv: 'abcdef9876543210' },
  remotes: {},
};
const SITES = { sites: [{ key: 'pre8', web: 'PRE8', logo: '', layout: 'PRE8', divisions: 'false', themes: [], components: [] }] };

let fetchMock: ReturnType<typeof vi.fn>;

function visit(url: string) {
  window.history.replaceState(null, '', url);
  earlyStart(window, HINTS);
}

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"></div>';
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  localStorage.clear();
  fetchMock = vi.fn((input: string) => {
    const path = new URL(input, window.location.href).pathname;
    const body = path === '/config.json' ? CONFIG : path === '/sites.json' ? SITES : { status: true };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  // A visit's encryption finishes off the main thread: its call must still meet the stubbed fetch, never the network.
  await settleChecks();
  vi.unstubAllGlobals();
  await (window as unknown as { happyDOM: { abort(): Promise<void> } }).happyDOM.abort();
});

/** Lets chained replies settle. */
async function settleChecks() {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 2));
}

describe('index.html sends', () => {
  describe("a member's first calls", () => {
    const signIn = () => {
      document.cookie = 'member-pre8=pre8; path=/';
      document.cookie = `token-pre8=${encodeURIComponent('tok/en+1=')}; path=/`;
      document.cookie = 'type-login-pre8=phone; path=/';
    };
    const apiCalls = () => fetchMock.mock.calls.filter((c) => String(c[0]).startsWith('http://api.test/'));
    /** Until the token's encryption (WebCrypto, off the main thread) has let the profile call go. */
    const profileSent = () =>
      vi.waitFor(() => expect(apiCalls().some((c) => String(c[0]).endsWith('/getProfile'))).toBe(true), { timeout: 1000, interval: 5 });
    const cipher = createWireCipher(CONFIG.crypto.key, CONFIG.crypto.iv);

    it('sends the brand check, the profile and the lobby list as the API client would, and hands each out by its key once', async () => {
      signIn();
      visit('/slot?prefix=pre8');
      await profileSent();
      const sent = apiCalls().map(([url, init]) => [
        url,
        (init as RequestInit).method,
        (init as RequestInit).body ?? null,
        (init as RequestInit).credentials,
      ]);
      expect(sent).toEqual([
        ['http://api.test/v1/api/checkPrefix?prefix=pre8&divisions=false', 'GET', null, 'omit'],
        ['http://api.test/v1/api/gclubGame', 'POST', JSON.stringify({ url: '/games/club/1' }), 'omit'],
        // The token encrypted by WebCrypto reads exactly as the client's crypto-js encrypts it.
        [
          'http://api.test/v1/api/getProfile',
          'POST',
          JSON.stringify({ prefix: 'pre8', type: 'phone', token: cipher.encrypt('tok/en+1=') }),
          'omit',
        ],
      ]);
      // The API client finds each by the key it computes from its own request.
      const profileKey = earlyCallKey('post', '/api/getProfile', { prefix: 'pre8', type: 'phone', token: cipher.encrypt('tok/en+1=') });
      expect(takeEarlyCall(earlyCallKey('get', '/api/checkPrefix', { prefix: 'pre8', divisions: 'false' }))).toBeDefined();
      expect(takeEarlyCall(earlyCallKey('post', '/api/gclubGame', { url: '/games/club/1' }))).toBeDefined();
      expect(takeEarlyCall(profileKey)).toBeDefined();
      expect(takeEarlyCall(profileKey)).toBeUndefined();
    });

    it("asks for the brand the address names, else the member's last choice, else the default; nothing unknown", async () => {
      signIn();
      const listBody = () => apiCalls().find((c) => String(c[0]).endsWith('/gclubGame'))?.[1]?.body;
      visit('/slot?prefix=pre8&brand=PG');
      await profileSent();
      expect(listBody()).toBe(JSON.stringify({ url: '/games/club/2' }));
      fetchMock.mockClear();
      localStorage.setItem('gclub-brand-slot', 'NOPE');
      visit('/slot?prefix=pre8&brand=UNKNOWN');
      await profileSent();
      expect(listBody()).toBe(JSON.stringify({ url: '/games/club/9' }));
      fetchMock.mockClear();
      localStorage.setItem('gclub-brand-slot', 'GONE');
      visit('/slot?prefix=pre8');
      await profileSent();
      expect(listBody()).toBe(JSON.stringify({ url: '/games/club/1' }));
      // A brand whose games are not open yet is never the landing brand, though an address may name it.
      fetchMock.mockClear();
      localStorage.setItem('gclub-brand-slot', 'SOON');
      visit('/slot?prefix=pre8');
      await profileSent();
      expect(listBody()).toBe(JSON.stringify({ url: '/games/club/1' }));
      fetchMock.mockClear();
      visit('/slot?prefix=pre8&brand=SOON');
      await profileSent();
      expect(listBody()).toBe(JSON.stringify({ url: '/games/club/8' }));
    });

    it('sends no list for a brand whose list is kept from the last visit, unless it is too old', async () => {
      signIn();
      localStorage.setItem('gameListTags_pre8', JSON.stringify({ slot_RSG: Date.now() - 1000, slot_PG: Date.now() - 86_400_001 }));
      visit('/slot?prefix=pre8&brand=RSG');
      await profileSent();
      expect(apiCalls().some((c) => String(c[0]).endsWith('/gclubGame'))).toBe(false);
      fetchMock.mockClear();
      visit('/slot?prefix=pre8&brand=PG');
      await profileSent();
      expect(apiCalls().some((c) => String(c[0]).endsWith('/gclubGame'))).toBe(true);
    });

    it('sends no list on a page that is no lobby, and nothing at all for a guest', async () => {
      signIn();
      visit('/profile?prefix=pre8');
      await profileSent();
      expect(apiCalls().map((c) => new URL(String(c[0])).pathname)).toEqual(['/v1/api/checkPrefix', '/v1/api/getProfile']);
      document.cookie = 'token-pre8=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
      fetchMock.mockClear();
      visit('/slot?prefix=pre8');
      await settleChecks();
      expect(apiCalls()).toEqual([]);
    });

    it('hands out no reply older than its freshness limit, and drops one nobody took by then', async () => {
      signIn();
      visit('/profile?prefix=pre8');
      await profileSent();
      const key = earlyCallKey('get', '/api/checkPrefix', { prefix: 'pre8', divisions: 'false' });
      expect(takeEarlyCall(key, Date.now() + 31_000)).toBeUndefined();
      vi.useFakeTimers();
      try {
        visit('/profile?prefix=pre8');
        await vi.advanceTimersByTimeAsync(10);
        const signal = (apiCalls().at(-1)![1] as RequestInit).signal!;
        expect(signal.aborted).toBe(false);
        await vi.advanceTimersByTimeAsync(30_000);
        expect(signal.aborted).toBe(true);
        expect(takeEarlyCall(key)).toBeUndefined();
      } finally {
        vi.useRealTimers();
      }
    });
  });
});

describe("a member's lobby drawn with the app's code held back", () => {
  const HELD = '<template data-drawn-held-code><link rel="preload" as="script" href="/static/js/async/hk.1.js"></template>';
  const signIn = () => {
    document.cookie = 'token-pre8=tok; path=/';
    document.cookie = 'type-login-pre8=phone; path=/';
  };
  /** What of the app's code the page has asked for: script preloads and scripts in the head. */
  const appCode = () =>
    [...document.head.querySelectorAll('link[rel="preload"][as="script"], script[src]')]
      .map((el) => el.getAttribute('href') ?? el.getAttribute('src')!)
      .filter((href) => href.startsWith('/static/'));
  /** The list's reply, held until the test lets it go. */
  let answerList: (reply: Response | Error) => void;
  const apiCallsTo = (path: string) => fetchMock.mock.calls.map((c) => String(c[0])).filter((url) => url.endsWith(path));
  afterEach(() => {
    document.documentElement.removeAttribute('data-drawn-api');
    document.documentElement.removeAttribute('data-drawn-page');
  });
  beforeEach(() => {
    // A drawn frame: the app starts when the frame's own script says so (frameStartsApp), or at the drawn page's bound.
    document.documentElement.setAttribute('data-drawn-page', 'slot');
    document.body.innerHTML = '<div id="root"><main>the drawn frame</main></div>';
    document.head.innerHTML = HELD;
    const answer = fetchMock.getMockImplementation() as (input: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation((input: string, init?: RequestInit) =>
      String(input).endsWith('/gclubGame')
        ? new Promise<Response>((resolve, reject) => {
            answerList = (reply) => (reply instanceof Error ? reject(reply) : resolve(reply));
          })
        : answer(input, init),
    );
  });
  /** As the drawn frame's own script does once the frame is parsed (drawn-start.ts). */
  const frameStartsApp = () => (window as unknown as { __memberEarly: { startApp: () => void } }).__memberEarly.startApp();

  it('asks for none of it while the list it does not keep is on its way, and for all of it once the list is read', async () => {
    signIn();
    visit('/slot?prefix=pre8');
    await settleChecks();
    frameStartsApp();
    await settleChecks();
    expect(appCode()).toEqual([]);
    answerList(new Response(JSON.stringify({ data: 'x'.repeat(1000) }), { status: 200 }));
    await settleChecks();
    expect(appCode()).toEqual(['/static/js/async/hk.1.js', '/static/js/index.1.js']);
    expect(document.querySelector('template[data-drawn-held-code]')).toBeNull();
  });

  it('asks for it once the list fails, and with the app where no list is asked for: one kept from the last visit', async () => {
    signIn();
    visit('/slot?prefix=pre8');
    frameStartsApp();
    await settleChecks();
    expect(appCode()).toEqual([]);
    answerList(new TypeError('offline'));
    await settleChecks();
    expect(appCode()).toEqual(['/static/js/async/hk.1.js', '/static/js/index.1.js']);
    // A list kept from the last visit: nothing waits, and the code goes with the entry, once the frame is parsed (asked
    // for in the head, its requests would hold the kept lobby's first paint back).
    document.head.innerHTML = HELD;
    localStorage.setItem('gameListTags_pre8', JSON.stringify({ slot_RSG: Date.now() }));
    visit('/slot?prefix=pre8');
    await settleChecks();
    expect(appCode()).toEqual([]);
    frameStartsApp();
    expect(appCode()).toEqual(['/static/js/async/hk.1.js', '/static/js/index.1.js']);
  });

  it("sends the list to the API the frame was drawn with as the page is read; config.json's API decides once it is read", async () => {
    const lists = () => apiCallsTo('/api/gclubGame');
    const listKey = earlyCallKey('post', '/api/gclubGame', { url: '/games/club/1' });
    signIn();
    document.documentElement.setAttribute('data-drawn-api', 'http://api.test/v1/');
    visit('/slot?prefix=pre8');
    // Before config.json is read: the frame's API.
    expect(lists()).toEqual(['http://api.test/v1/api/gclubGame']);
    await settleChecks();
    // config.json names the same API: the call stands, once, and is the one the app takes.
    expect(lists()).toEqual(['http://api.test/v1/api/gclubGame']);
    const first = fetchMock.mock.results.find((_, i) => String(fetchMock.mock.calls[i]![0]).endsWith('/gclubGame'))!.value;
    expect(takeEarlyCall(listKey)?.reply).toBe(first);
    // A frame drawn before the API moved: its call is no reply the app takes, and the list goes again to config.json's.
    fetchMock.mockClear();
    document.head.innerHTML = HELD;
    document.documentElement.setAttribute('data-drawn-api', 'http://old-api.test/v1');
    visit('/slot?prefix=pre8');
    await settleChecks();
    expect(lists()).toEqual(['http://old-api.test/v1/api/gclubGame', 'http://api.test/v1/api/gclubGame']);
    const moved =
      fetchMock.mock.results[fetchMock.mock.calls.findIndex((call) => String(call[0]).startsWith('http://api.test/v1/api/gclubGame'))]!
        .value;
    expect(takeEarlyCall(listKey)?.reply).toBe(moved);
  });

  it('waits no longer than its bound for a slow operator', async () => {
    vi.useFakeTimers();
    try {
      signIn();
      visit('/slot?prefix=pre8');
      frameStartsApp();
      await vi.advanceTimersByTimeAsync(HINTS.listFirstBoundMs - 10);
      expect(appCode()).toEqual([]);
      await vi.advanceTimersByTimeAsync(10);
      expect(appCode()).toEqual(['/static/js/async/hk.1.js', '/static/js/index.1.js']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the early calls', () => {
  it("are reads the catalogue lets the client repeat, on the catalogue's method and path", () => {
    for (const [name, wire] of Object.entries(EARLY_CALLS)) {
      const call = OPERATOR_CALLS[name as keyof typeof EARLY_CALLS];
      expect([name, call.idempotent, wire]).toEqual([name, true, { method: call.method, path: call.path }]);
    }
  });
});
