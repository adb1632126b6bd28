import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FALLBACK_COLORS,
  checkWebAppSite,
  checkedLogo,
  hexColor,
  iconPath,
  manifestPath,
  shortNameOf,
  themeColorsFor,
  webAppManifest,
} from './web-app-manifest.mjs';
import { importSharedCore } from './shared-core.mjs';

const workspace = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// The demo's sites as the host reads them (shared-core's schema), which is what the manifest is given.
const { validateSitesFile } = await importSharedCore('./schema/config');
const read = validateSitesFile(JSON.parse(readFileSync(path.join(workspace, 'sites.json'), 'utf8')));
assert.equal(read.ok, true);
const demoSites = read.value.sites;
/** A demo site with some of its brand changed. */
const siteOf = (key, brand = {}) => {
  const site = demoSites.find((one) => one.key === key);
  return { ...site, brand: { ...site.brand, ...brand } };
};
const checked = (entry) => {
  const result = checkWebAppSite(entry);
  assert.equal(result.ok, true, JSON.stringify(result.problems));
  return result.site;
};
const defaultColors = {
  light: { theme: '#3346d3', background: '#f3f6fc' },
  dark: { theme: '#8c9bff', background: '#0b1020' },
  flavours: {
    'default-emerald': { light: { theme: '#047857', background: '#f3f6fc' }, dark: { theme: '#34d399', background: '#0b1020' } },
  },
};

test("a site's manifest: its name, its own app by id, the prefix kept, standalone, its icons, its first scheme's colours", () => {
  const site = checked(siteOf('pre8'));
  const manifest = webAppManifest(site, { lang: 'th', colors: { theme: '#d9b24c', background: '#0b0a08' }, iconHash: '0123456789' });
  assert.deepEqual(manifest, {
    id: '/?prefix=pre8',
    name: 'PRE8',
    short_name: 'PRE8',
    lang: 'th',
    dir: 'ltr',
    start_url: '/?prefix=pre8',
    scope: '/',
    display: 'standalone',
    theme_color: '#d9b24c',
    background_color: '#0b0a08',
    icons: [
      { src: '/webapp/pre8/icon-192-0123456789.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/webapp/pre8/icon-512-0123456789.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/webapp/pre8/icon-maskable-512-0123456789.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  });
});

test('every demo site is its own app: distinct ids and start URLs, each carrying its prefix', () => {
  const manifests = demoSites.map((entry) => webAppManifest(checked(entry), { lang: 'en', colors: null, iconHash: 'a'.repeat(10) }));
  assert.equal(new Set(manifests.map((m) => m.id)).size, demoSites.length);
  for (const [i, manifest] of manifests.entries()) {
    const prefix = new URL(manifest.start_url, 'http://x').searchParams.get('prefix');
    assert.equal(prefix, demoSites[i].key);
    assert.equal(new URL(manifest.id, 'http://x').searchParams.get('prefix'), demoSites[i].key);
  }
});

test("the names: the language's own where the site gives one, else the brand's; the short name given, else derived", () => {
  const site = checked(siteOf('bkmc', { shortName: undefined, appNames: { th: { name: 'บางกอก เมมเบอร์ คลับ', shortName: 'บางกอก' } } }));
  const th = webAppManifest(site, { lang: 'th', colors: null, iconHash: 'a'.repeat(10) });
  const en = webAppManifest(site, { lang: 'en', colors: null, iconHash: 'a'.repeat(10) });
  assert.deepEqual([th.name, th.short_name, th.lang], ['บางกอก เมมเบอร์ คลับ', 'บางกอก', 'th']);
  assert.deepEqual([en.name, en.short_name, en.lang], ['Bangkok Member Club', 'BMC', 'en']);
  const given = checked(siteOf('bkmc', { shortName: 'BK Club' }));
  assert.equal(webAppManifest(given, { lang: 'en', colors: null, iconHash: 'a'.repeat(10) }).short_name, 'BK Club');
  assert.equal(shortNameOf('Siam Mix 88'), 'Siam Mix 88');
  assert.equal(shortNameOf('Bangkok Member Club'), 'BMC');
  assert.equal(shortNameOf('Supercalifragilistic'), 'Supercalifra');
});

test("colours: the flavour's where the theme has it, else the theme's; the brand shell's when the theme states none", () => {
  assert.deepEqual(themeColorsFor(defaultColors, 'dark', 'default-emerald'), { theme: '#34d399', background: '#0b1020' });
  assert.deepEqual(themeColorsFor(defaultColors, 'light', 'default-blue'), { theme: '#3346d3', background: '#f3f6fc' });
  assert.deepEqual(themeColorsFor(defaultColors, 'light', 'constructor'), { theme: '#3346d3', background: '#f3f6fc' });
  assert.equal(themeColorsFor(null, 'light', ''), null);
  // Only a hex colour is written into a manifest or drawn behind an icon.
  assert.equal(themeColorsFor({ light: { theme: 'red"/><script>', background: '#fff' } }, 'light', ''), null);
  assert.equal(hexColor(' #ABCDEF '), '#abcdef');
  assert.equal(hexColor('url(x)'), null);
  const site = checked(siteOf('ufkk'));
  assert.equal(site.schemes[0], 'dark');
  const fallback = webAppManifest(site, { lang: 'th', colors: null, iconHash: 'a'.repeat(10) });
  assert.deepEqual([fallback.theme_color, fallback.background_color], [FALLBACK_COLORS.dark.theme, FALLBACK_COLORS.dark.background]);
});

test('the logo passes the safe-URL rule or the site gets no app', () => {
  assert.deepEqual(checkedLogo('/logos/pre8.svg'), { kind: 'path', path: '/logos/pre8.svg' });
  assert.deepEqual(checkedLogo('https://cdn.example/brand/logo.png'), { kind: 'url', url: 'https://cdn.example/brand/logo.png' });
  for (const bad of [
    'javascript:alert(1)',
    ' data:image/svg+xml,<svg/>',
    '//evil.example/x.svg',
    '/\\evil.example/x.svg',
    'ftp://x.example/a.png',
    'https://u:p@x.example/a.png',
    'logo.svg',
    '',
    3,
  ]) {
    assert.equal(checkedLogo(bad), null, String(bad));
    assert.equal(checkWebAppSite(siteOf('pre8', { logo: bad })).ok, false, String(bad));
  }
});

test("the manifest's own checks: a name a launcher can show and a logo its icons can be drawn from; the rest is the schema's", () => {
  const result = checkWebAppSite(siteOf('pre8', { name: 'x'.repeat(61), logo: 'javascript:1' }));
  assert.equal(result.ok, false);
  assert.deepEqual(
    result.problems.map((p) => p.split(':')[0]),
    ['web', 'logo'],
  );
  // What the schema already read is taken as read: the site's theme, flavour and schemes, in the project's words.
  const site = checked(siteOf('sm88'));
  assert.deepEqual([site.theme, site.flavour, site.schemes], ['OSAKA39', 'mix-violet', ['light', 'dark']]);
});

test('the URLs the page links and the manifest names', () => {
  assert.equal(manifestPath('pre8', 'en'), '/webapp/pre8/manifest-en.webmanifest');
  assert.equal(iconPath('pre8', { name: 'icon-192', hashed: true }, 'abcdef0123'), '/webapp/pre8/icon-192-abcdef0123.png');
  assert.equal(iconPath('pre8', { name: 'apple-touch-icon', hashed: false }, 'abcdef0123'), '/webapp/pre8/apple-touch-icon.png');
});
