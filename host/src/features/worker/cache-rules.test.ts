import { describe, expect, test } from 'vitest';
import {
  cacheContextOf,
  cacheRuleFor,
  carriesToken,
  isDrawnMemberFrame,
  keptFrameAnswers,
  mayKeep,
  storedCopyMayAnswer,
  type CacheRule,
  type RequestFacts,
} from './cache-rules';

const ORIGIN = 'https://members.example.com';
const config = {
  apiBase: 'https://api.operator.example',
  broadcastAuthBase: 'https://auth.operator.example',
  remotes: {
    default: 'https://themes.example.com/default/mf-manifest.json',
    PRE8: 'https://pre8.themes.example/mf-manifest.json',
  },
};
const context = cacheContextOf(config, ORIGIN);

const get = (url: string, more: Partial<RequestFacts> = {}): RequestFacts => ({
  url,
  method: 'GET',
  mode: 'cors',
  destination: 'script',
  authorization: false,
  ...more,
});

describe('which request goes to which strategy', () => {
  const table: [string, RequestFacts, CacheRule][] = [
    ['a page', get(`${ORIGIN}/login?prefix=pre8`, { mode: 'navigate', destination: 'document' }), 'navigation'],
    ['the root', get(`${ORIGIN}/`, { mode: 'navigate', destination: 'document' }), 'navigation'],
    [
      "LINE's return, whose code is never stored (a page is never stored)",
      get(`${ORIGIN}/check/line?code=abc&state=pre8.x`, { mode: 'navigate' }),
      'navigation',
    ],
    ['the host entry', get(`${ORIGIN}/static/js/index.9088a194da.js`), 'immutable'],
    ['a host stylesheet', get(`${ORIGIN}/static/css/async/app.11b9e859bb.css`, { destination: 'style' }), 'immutable'],
    ['/config.json', get(`${ORIGIN}/config.json`, { destination: '' }), 'fresh'],
    ['/sites.json', get(`${ORIGIN}/sites.json`, { destination: '' }), 'fresh'],
    ['a logo of the host', get(`${ORIGIN}/logos/pre8.svg`, { mode: 'no-cors', destination: 'image' }), 'image'],
    ['a logo asked for by address', get(`${ORIGIN}/logos/pre8.svg`, { destination: '' }), 'image'],
    ["a remote's manifest", get('https://pre8.themes.example/mf-manifest.json', { destination: '' }), 'fresh'],
    ["a remote's signed list", get('https://themes.example.com/default/signed-files.json', { destination: '' }), 'fresh'],
    ["a remote's remoteEntry", get('https://themes.example.com/default/remoteEntry.js'), 'fresh'],
    ["a remote's hashed chunk, read with CORS", get('https://pre8.themes.example/static/js/async/pages-login.3f2a9c1b.js'), 'immutable'],
    [
      "a remote's chunk read without CORS (opaque)",
      get('https://pre8.themes.example/static/js/async/pages-login.3f2a9c1b.js', { mode: 'no-cors' }),
      'network',
    ],
    ['another folder of the same remote host', get('https://themes.example.com/other/static/js/x.3f2a9c1b.js'), 'network'],
    ['the worker itself', get(`${ORIGIN}/sw.js`), 'network'],
    ['an unhashed host file', get(`${ORIGIN}/mf-manifest.json`, { destination: '' }), 'network'],
    ['an API call under the host (proxied)', get(`${ORIGIN}/api/checkPrefix?prefix=pre8`, { destination: '' }), 'network'],
    ['an API call on its origin', get('https://api.operator.example/api/checkPrefix?prefix=pre8', { destination: '' }), 'network'],
    [
      "an image of the API's origin (a game tile)",
      get('https://api.operator.example/images/tile.png', { mode: 'no-cors', destination: 'image' }),
      'network',
    ],
    ['the channel authorisation', get('https://auth.operator.example/api/member/broadcasting/auth', { authorization: true }), 'network'],
    ['a POST (a login, a withdrawal)', get(`${ORIGIN}/static/js/index.9088a194da.js`, { method: 'POST' }), 'network'],
    ['a request with an Authorization header', get(`${ORIGIN}/static/js/index.9088a194da.js`, { authorization: true }), 'network'],
    ['a token in the query', get(`${ORIGIN}/static/js/index.9088a194da.js?token=abc`), 'network'],
    ['a token in the fragment', get(`${ORIGIN}/logos/pre8.svg#access_token=abc`, { destination: 'image' }), 'network'],
    ['a same-origin file with a query', get(`${ORIGIN}/config.json?v=2`, { destination: '' }), 'network'],
    ['a launch on a provider', get('https://games.provider.example/launch?session=1', { mode: 'navigate' }), 'network'],
    ['the socket', get('wss://ws.operator.example/app/key'), 'network'],
    ['another origin nobody configured', get('https://cdn.elsewhere.example/lib.3f2a9c1b.js'), 'network'],
  ];
  test.each(table)('%s', (_name, request, rule) => {
    expect(cacheRuleFor(request, ORIGIN, context)).toBe(rule);
  });

  test("another origin's request waits for the config while the worker has not read it; its own never does", () => {
    expect(cacheRuleFor(get('https://pre8.themes.example/static/js/a.3f2a9c1b.js'), ORIGIN, null)).toBe('unknown');
    expect(cacheRuleFor(get(`${ORIGIN}/static/js/index.9088a194da.js`), ORIGIN, null)).toBe('immutable');
    expect(cacheRuleFor(get(`${ORIGIN}/api/verify`), ORIGIN, null)).toBe('network');
  });
});

describe('the context from config.json', () => {
  test('an API on another origin takes that whole origin; remotes their folders', () => {
    expect(context).toEqual({
      apiPrefixes: ['https://api.operator.example/api/', 'https://auth.operator.example/api/'],
      apiOrigins: ['https://api.operator.example', 'https://auth.operator.example'],
      remoteBases: ['https://themes.example.com/default/', 'https://pre8.themes.example/'],
    });
  });

  test("an API under the host's origin (or `/`) takes only its /api/ path, so the host's files stay storable", () => {
    const proxied = cacheContextOf({ apiBase: '/', broadcastAuthBase: `${ORIGIN}/`, remotes: {} }, ORIGIN);
    expect(proxied).toEqual({ apiPrefixes: [`${ORIGIN}/api/`], apiOrigins: [], remoteBases: [] });
    expect(cacheRuleFor(get(`${ORIGIN}/static/js/index.9088a194da.js`), ORIGIN, proxied)).toBe('immutable');
    expect(cacheRuleFor(get(`${ORIGIN}/api/getProfile`), ORIGIN, proxied)).toBe('network');
  });

  test('an API under a path of another host keeps the path', () => {
    expect(cacheContextOf({ apiBase: 'https://edge.example/v2/' }, ORIGIN).apiPrefixes).toEqual(['https://edge.example/v2/api/']);
  });

  test('what is not a URL is left out', () => {
    expect(cacheContextOf({ apiBase: 42, remotes: { a: 'javascript:alert(1)', b: null } }, ORIGIN)).toEqual({
      apiPrefixes: [],
      apiOrigins: [],
      remoteBases: [],
    });
    expect(cacheContextOf(null, ORIGIN)).toEqual({ apiPrefixes: [], apiOrigins: [], remoteBases: [] });
  });
});

test('a token is any credential-named parameter, in the query or the fragment', () => {
  expect(carriesToken(new URL('https://a.example/x?access_token=1'))).toBe(true);
  expect(carriesToken(new URL('https://a.example/x#id_token=1'))).toBe(true);
  expect(carriesToken(new URL('https://a.example/x?Token=1'))).toBe(true);
  expect(carriesToken(new URL('https://a.example/x?prefix=pre8&brand=PP'))).toBe(false);
});

describe('what may stay in the caches after a session ends', () => {
  test.each([
    [`${ORIGIN}/index.html?__WB_REVISION__=73a64d6030e7e8ff`, true],
    [`${ORIGIN}/offline.html?__WB_REVISION__=2733d93cc5b702aa`, true],
    [`${ORIGIN}/static/js/index.9088a194da.js`, true],
    [`${ORIGIN}/sites.json`, true],
    [`${ORIGIN}/logos/pre8.svg`, true],
    ['https://pre8.themes.example/static/js/async/pages-login.3f2a9c1b.js', true],
    [`${ORIGIN}/api/getProfile`, false],
    ['https://api.operator.example/api/history?token=abc', false],
    [`${ORIGIN}/static/js/index.9088a194da.js?token=abc`, false],
    [`${ORIGIN}/index.html?token=abc`, false],
    // A member's frame kept by its address: the end of a session takes it away, so a guest never gets it.
    [`${ORIGIN}/slot?prefix=pre8`, false],
    ['not a url', false],
  ])('%s: %s', (url, keep) => {
    expect(mayKeep(url, ORIGIN, context)).toBe(keep);
  });
});

test("a fresh file's stored copy: the host's whenever the network fails, a remote's only while the device is offline", () => {
  expect(storedCopyMayAnswer(`${ORIGIN}/sites.json`, ORIGIN, true)).toBe(true);
  expect(storedCopyMayAnswer(`${ORIGIN}/sites.json`, ORIGIN, false)).toBe(true);
  // A remote down while the member is online must look down (the host's breaker takes the next theme).
  expect(storedCopyMayAnswer('https://pre8.themes.example/mf-manifest.json', ORIGIN, true)).toBe(false);
  expect(storedCopyMayAnswer('https://pre8.themes.example/mf-manifest.json', ORIGIN, false)).toBe(true);
});

describe("a member's frame drawn in the HTML, kept to answer the next visit to its address", () => {
  const frame = (scripts: string[]) =>
    `<!doctype html><html lang="th" data-theme="dark" data-drawn-page="slot" data-drawn-site="pre8" data-drawn-kind="member"><head>${scripts.map((href) => `<link rel="preload" as="script" href="${href}" fetchpriority="low">`).join('')}</head><body><div id="root"></div></body></html>`;
  const precached = new Set(['/index.html', '/static/js/index.9088a194da.js', '/static/js/lib-react.1a2b3c4d.js']);

  test("is a page drawn as a member's frame, not a guest's page nor the app's own", () => {
    expect(isDrawnMemberFrame(frame([]))).toBe(true);
    expect(isDrawnMemberFrame('<!doctype html><html lang="th" data-drawn-page="login" data-drawn-site="pre8"><body></body></html>')).toBe(
      false,
    );
    expect(isDrawnMemberFrame('<!doctype html><html lang="th"><body><div id="root"></div></body></html>')).toBe(false);
    expect(isDrawnMemberFrame('<!doctype html><html lang="th"><body><p>data-drawn-kind="member"</p></body></html>')).toBe(false);
  });

  test('answers only while every script it names is one this worker precaches: a frame of another build does not', () => {
    expect(keptFrameAnswers(frame(['/static/js/index.9088a194da.js', '/static/js/lib-react.1a2b3c4d.js']), precached, ORIGIN)).toBe(true);
    expect(keptFrameAnswers(frame(['/static/js/index.0000000000.js', '/static/js/lib-react.1a2b3c4d.js']), precached, ORIGIN)).toBe(false);
    expect(keptFrameAnswers(frame(['https://pre8.themes.example/static/js/index.9088a194da.js']), precached, ORIGIN)).toBe(false);
    expect(keptFrameAnswers(frame([]), precached, ORIGIN), 'no scripts named: nothing to tell its build by').toBe(false);
  });
});
