import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  brandOfRequest,
  contentSecurityPolicy,
  CSP_NONCE_PLACEHOLDER,
  cspDirectives,
  logoOrigins,
  newNonce,
  originOf,
  parseOriginList,
  socketSources,
  withNonce,
} from './csp.mjs';

const workspace = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const demoConfig = JSON.parse(readFileSync(path.join(workspace, 'host', 'public', 'config.json'), 'utf8'));
const demoSites = JSON.parse(readFileSync(path.join(workspace, 'sites.json'), 'utf8')).sites;

const directive = (config, name, options) => new Map(cspDirectives(config, options)).get(name);

test("the demo's policy, in full", () => {
  assert.equal(
    contentSecurityPolicy(demoConfig, { sites: demoSites }),
    [
      "default-src 'self'",
      "script-src 'self' http://localhost:3001 http://localhost:3002 http://localhost:3003",
      "style-src 'self' http://localhost:3001 http://localhost:3002 http://localhost:3003",
      "img-src 'self' data: http://localhost:3100 http://localhost:3001 http://localhost:3002 http://localhost:3003",
      "font-src 'self' http://localhost:3001 http://localhost:3002 http://localhost:3003",
      "manifest-src 'self'",
      "connect-src 'self' http://localhost:3100 http://localhost:3101 ws://localhost:3100 wss://localhost:3100 http://localhost:3001 http://localhost:3002 http://localhost:3003",
      "worker-src 'self'",
      'frame-src http://localhost:3100',
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "object-src 'none'",
      "form-action 'self'",
    ].join('; '),
  );
});

test('nothing unsafe, whatever the config', () => {
  const policy = contentSecurityPolicy(demoConfig, { sites: demoSites, nonce: newNonce() });
  assert.doesNotMatch(policy, /unsafe-eval|unsafe-inline|\*/);
});

test("the page's inline scripts run by this answer's nonce, which the server writes into the page and the policy alike", () => {
  const nonce = newNonce();
  assert.match(nonce, /^[A-Za-z0-9+/]{22}==$/);
  assert.notEqual(newNonce(), nonce);
  assert.equal(
    withNonce(`<script nonce="${CSP_NONCE_PLACEHOLDER}">boot()</script><script nonce="${CSP_NONCE_PLACEHOLDER}">x()</script>`, nonce),
    `<script nonce="${nonce}">boot()</script><script nonce="${nonce}">x()</script>`,
  );
  assert.deepEqual(directive(demoConfig, 'script-src', { nonce }).slice(0, 2), ["'self'", `'nonce-${nonce}'`]);
  // Nothing of a build is in the policy: any build of the page runs under it.
  assert.doesNotMatch(contentSecurityPolicy(demoConfig, { sites: demoSites }), /sha256-|nonce-/);
});

test("a page's brand, as the host resolves it: the query's prefix, else LINE's state, else the first login cookie of a known brand", () => {
  const keys = ['pre8', 'os39', 'bkmc'];
  const brand = (search, cookie) => brandOfRequest({ search, cookie }, keys);
  assert.equal(brand('?prefix=pre8', 'member-bkmc=bkmc'), 'pre8');
  assert.equal(brand('?prefix=zzzz', 'member-bkmc=bkmc'), null);
  assert.equal(brand('?state=os39.AAAA', 'member-bkmc=bkmc'), 'os39');
  assert.equal(brand('', 'other=1; member-gone=gone; member-bkmc=bkmc'), 'bkmc');
  assert.equal(brand('', 'member-bkmc=pre8'), null);
  assert.equal(brand('', ''), null);
});

test("a brand's page frames its own promotion only and shows its own logo's origin; a page of no known brand frames none", () => {
  const config = { ...demoConfig, allowedOrigins: ['https://promo-a.example', 'https://promo-b.example'] };
  const sites = [
    { key: 'aaaa', promoLink: 'https://promo-a.example/x', logo: 'https://cdn-a.example/a.svg' },
    { key: 'bbbb', promoLink: 'https://promo-b.example/y', logo: '/logos/b.svg' },
  ];
  assert.deepEqual(directive(config, 'frame-src', { sites, brand: 'aaaa' }), ['https://promo-a.example']);
  assert.deepEqual(directive(config, 'frame-src', { sites, brand: 'bbbb' }), ['https://promo-b.example']);
  assert.deepEqual(directive(config, 'frame-src', { sites, brand: null }), ["'none'"]);
  assert.deepEqual(directive(config, 'frame-src', { sites }), ['https://promo-a.example', 'https://promo-b.example']);
  assert.equal(directive(config, 'img-src', { sites, brand: 'bbbb' }).includes('https://cdn-a.example'), false);
  assert.equal(directive(config, 'img-src', { sites, brand: null }).includes('https://cdn-a.example'), true);
});

test('the socket: ws and wss on the configured ports, wss only under forceTLS, the cluster host without wsHost', () => {
  assert.deepEqual(socketSources({ wsHost: 'localhost', wsPort: 3100, forceTLS: false }), ['ws://localhost:3100', 'wss://localhost:3100']);
  assert.deepEqual(socketSources({ wsHost: 'ws.example.com', wsPort: 8080, wssPort: 443, forceTLS: true }), ['wss://ws.example.com']);
  assert.deepEqual(socketSources({ wsHost: 'ws.example.com', wssPort: 6002, forceTLS: true }), ['wss://ws.example.com:6002']);
  assert.deepEqual(socketSources({ wsHost: 'ws.example.com', forceTLS: false }), ['ws://ws.example.com', 'wss://ws.example.com']);
  assert.deepEqual(socketSources({ cluster: 'ap1', forceTLS: true }), ['wss://ws-ap1.pusher.com']);
  assert.deepEqual(socketSources({ wsHost: '::1', wsPort: 6001, forceTLS: false }), ['ws://[::1]:6001', 'wss://[::1]:6001']);
});

test('connect-src: the API, the channel authoriser, the socket and the remote manifests, each once', () => {
  const config = {
    ...demoConfig,
    apiBase: 'https://api.example.com/v2/',
    broadcastAuthBase: 'https://api.example.com',
    errorReportUrl: 'https://api.example.com/reports',
    vitalsReportUrl: 'https://api.example.com/reports/vitals',
    pusher: { key: 'k', cluster: 'ap1', wsHost: 'ws.example.com', wssPort: 443, forceTLS: true },
    remotes: {
      default: 'https://cdn.example.com/default/mf-manifest.json',
      PRE8: 'https://cdn.example.com/pre8/mf-manifest.json',
      OSAKA39: 'https://osaka.example.net/mf-manifest.json',
    },
  };
  assert.deepEqual(directive(config, 'connect-src'), [
    "'self'",
    'https://api.example.com',
    'wss://ws.example.com',
    'https://cdn.example.com',
    'https://osaka.example.net',
  ]);
  assert.deepEqual(directive(config, 'script-src'), ["'self'", 'https://cdn.example.com', 'https://osaka.example.net']);
});

test('frame-src: only promotion pages whose origin is allowed; none at all without one', () => {
  const sites = [
    { promoLink: 'https://promo.example.com/pre8?x=1' },
    { promoLink: 'https://promo.example.com/os39' },
    { promoLink: 'https://elsewhere.example.org/p' },
    { promoLink: 'javascript:alert(1)' },
    { promoLink: '' },
  ];
  const config = { ...demoConfig, allowedOrigins: ['https://promo.example.com', 'https://games.example.com'] };
  assert.deepEqual(directive(config, 'frame-src', { sites }), ['https://promo.example.com']);
  assert.deepEqual(directive(config, 'frame-src', { sites: [] }), ["'none'"]);
  assert.deepEqual(directive(config, 'frame-src'), ["'none'"]);
});

test('img-src takes extra image origins (a provider CDN); bad entries are dropped', () => {
  assert.deepEqual(directive(demoConfig, 'img-src', { imageOrigins: ['https://img.provider.example/tiles/', 'not a url'] }).slice(-1), [
    'https://img.provider.example',
  ]);
});

test("img-src takes the origin of each logo sites.json gives as an absolute URL, and no path's", () => {
  const sites = [
    { logo: '/logos/pre8.svg' },
    { logo: 'https://cdn.brand.example/logo.svg' },
    { logo: 'https://cdn.brand.example/other.png' },
    { logo: 'https://img.acme.example:8443/a.png' },
    {},
  ];
  assert.deepEqual(logoOrigins(sites), ['https://cdn.brand.example', 'https://img.acme.example:8443']);
  assert.deepEqual(directive(demoConfig, 'img-src', { sites }).slice(-2), ['https://cdn.brand.example', 'https://img.acme.example:8443']);
  assert.deepEqual(logoOrigins(demoSites), []);
});

test("the API under the host's origin: one host name and 'self' covers it; several and it stays listed for the others", () => {
  const config = { ...demoConfig, apiBase: 'http://localhost:3000', broadcastAuthBase: 'http://localhost:3000/' };
  const oneName = { selfOrigins: ['http://localhost:3000'], imageOrigins: ['http://localhost:3100'] };
  assert.deepEqual(directive(config, 'connect-src', oneName).slice(0, 3), ["'self'", 'ws://localhost:3100', 'wss://localhost:3100']);
  assert.deepEqual(directive(config, 'img-src', oneName), [
    "'self'",
    'data:',
    'http://localhost:3001',
    'http://localhost:3002',
    'http://localhost:3003',
    'http://localhost:3100',
  ]);
  // A page opened at 127.0.0.1 calls localhost:3000 across origins: the policy must still let it.
  const twoNames = { selfOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'] };
  assert.deepEqual(directive(config, 'connect-src', twoNames).slice(0, 2), ["'self'", 'http://localhost:3000']);
  // A path on the host's origin has no origin to list, whatever the names.
  const path = { ...demoConfig, apiBase: '/', broadcastAuthBase: '/' };
  assert.deepEqual(directive(path, 'connect-src', twoNames).slice(0, 2), ["'self'", 'ws://localhost:3100']);
  assert.deepEqual(directive(path, 'img-src').slice(0, 3), ["'self'", 'data:', 'http://localhost:3001']);
  // Without selfOrigins nothing changes.
  assert.deepEqual(directive(config, 'connect-src').slice(0, 2), ["'self'", 'http://localhost:3000']);
});

test('origins', () => {
  assert.equal(originOf('http://localhost:3002/mf-manifest.json'), 'http://localhost:3002');
  assert.equal(originOf('https://a.example:443/x'), 'https://a.example');
  assert.equal(originOf('/relative'), null);
  assert.equal(originOf('data:,x'), null);
  assert.deepEqual(parseOriginList('https://a.example, http://localhost:3000 https://a.example'), [
    'https://a.example',
    'http://localhost:3000',
  ]);
  assert.deepEqual(parseOriginList(''), []);
  assert.throws(() => parseOriginList('https://a.example/path'), /not an origin/);
  assert.throws(() => parseOriginList('ftp://a.example'), /not an origin/);
});

test('connect-src: the error report endpoint, by its origin, once; nothing extra without one', () => {
  const withReports = { ...demoConfig, errorReportUrl: 'https://reports.example.com/v1/member?site=x' };
  assert.deepEqual(directive(withReports, 'connect-src').slice(-1), ['https://reports.example.com']);
  const onApi = { ...demoConfig, errorReportUrl: `${demoConfig.apiBase}/reports` };
  assert.deepEqual(directive(onApi, 'connect-src'), directive({ ...demoConfig, errorReportUrl: undefined }, 'connect-src'));
});

test('connect-src: the field figures (web vitals) endpoint, by its origin, once; nothing extra without one', () => {
  const bare = { ...demoConfig, errorReportUrl: undefined, vitalsReportUrl: undefined };
  const withVitals = { ...bare, vitalsReportUrl: 'https://figures.example.com/v1/vitals?site=x' };
  assert.deepEqual(directive(withVitals, 'connect-src').slice(-1), ['https://figures.example.com']);
  const besideErrors = { ...withVitals, errorReportUrl: 'https://figures.example.com/v1/errors' };
  assert.deepEqual(directive(besideErrors, 'connect-src'), directive(withVitals, 'connect-src'));
  const onApi = { ...bare, vitalsReportUrl: `${demoConfig.apiBase}/reports/vitals` };
  assert.deepEqual(directive(onApi, 'connect-src'), directive(bare, 'connect-src'));
  assert.equal(directive(bare, 'connect-src').includes('https://figures.example.com'), false);
});

test("worker-src: the host's own service worker only, whatever origins the config names", () => {
  const config = { ...demoConfig, remotes: { default: 'https://cdn.example.com/mf-manifest.json' }, apiBase: 'https://api.example.com' };
  assert.deepEqual(directive(config, 'worker-src'), ["'self'"]);
  assert.match(contentSecurityPolicy(config), /; worker-src 'self'; /);
});

test("the answer's nonce allows its inline scripts and its inline stylesheet (a page drawn in the HTML carries one), and nothing broader", () => {
  const [script, style] = ['script-src', 'style-src'].map((name) => directive(demoConfig, name, { nonce: 'n1' }));
  assert.ok(script.includes("'nonce-n1'"));
  assert.ok(style.includes("'nonce-n1'"));
  assert.doesNotMatch(contentSecurityPolicy(demoConfig, { nonce: 'n1' }), /unsafe-inline/);
  assert.ok(!directive(demoConfig, 'style-src').some((source) => source.startsWith("'nonce-")));
});
