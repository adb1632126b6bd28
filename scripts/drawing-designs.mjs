// The two designs for where pages are drawn, measured side by side on this workspace's builds (docs/architecture.md,
// "Pages drawn in the HTML", has the figures and the decision):
//
// (a) each theme's build draws its pages once, for a site of nobody in particular whose values are marks (its name,
//     key, logo, contacts), and ships them in its signed release; the host's serving step writes each site's values
//     in place of the marks;
// (b) the deploy step (and the demo server) draws every site's pages with the themes' verified server builds, in a
//     sandbox (scripts/drawn-pages.mjs), from the site's own entry of sites.json.
//
// For every page (b) draws, this takes the page (a) would serve (the page theme's drawing, the site's values written
// in) and compares the two byte for byte: a page (a) gets wrong is one the app would have to replace, or one the
// member would see wrong until it does. Also: the time each design spends drawing, and what (a) adds to each release.
//
// Usage (after `npm run build`): node scripts/drawing-designs.mjs [--json=out.json]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { drawingNames, drawPages } from './drawn-pages.mjs';
import { makeRuntimeConfig, portsFromEnv } from './serve.mjs';
import { importSharedCore } from './shared-core.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const json = process.argv.find((arg) => arg.startsWith('--json='))?.slice('--json='.length);
const config = makeRuntimeConfig(JSON.parse(readFileSync(path.join(root, 'host/public/config.json'), 'utf8')), portsFromEnv());
const sites = JSON.parse(readFileSync(path.join(root, 'sites.json'), 'utf8'));
const [{ validateSitesFile }, { changeSiteEntry, siteEntryDrawnBy }] = await Promise.all([
  importSharedCore('./schema/config'),
  importSharedCore('./schema/site-entries'),
]);
const checkedSites = validateSitesFile(sites);
if (!checkedSites.ok) throw new Error(`sites.json: ${checkedSites.field} ${checkedSites.problem}`);
const themes = Object.keys(config.remotes);
const releaseDirs = Object.fromEntries(themes.map((theme) => [theme, path.join(root, `remote-${theme.toLowerCase()}`, 'dist')]));
const drawing = {
  indexHtml: readFileSync(path.join(root, 'host/dist/index.html'), 'utf8'),
  hostDrawing: path.join(root, 'host/dist-server/drawing.cjs'),
  config,
  readRelease: async (theme, file) => readFileSync(path.join(releaseDirs[theme], file)),
  readHost: async (href) => readFileSync(path.join(root, 'host/dist', href)),
};

/** (a)'s site of nobody in particular, one per theme: every page of that theme, both schemes, registration open. */
const MARKS = {
  key: 'zz',
  name: 'ZZSITEZZ',
  css: 'zzcss',
  line: '@zzline',
  lineLink: 'https://line.me/R/ti/p/@zzline',
  promo: 'https://promo.invalid/zz',
};
const template = sites.sites[0];
const markSite = (theme, index) => {
  const key = `${MARKS.key}${String.fromCharCode(97 + index)}${String.fromCharCode(97 + index)}`;
  return {
    key,
    site: changeSiteEntry(siteEntryDrawnBy({ ...template, key }, theme, { frames: 'site' }), {
      logo: `/logos/${key}.svg`,
      name: MARKS.name,
      divided: false,
      flavour: MARKS.css,
      lineId: MARKS.line,
      lineLink: MARKS.lineLink,
      promoLink: MARKS.promo,
      schemes: ['light', 'dark'],
      registerEnabled: true,
    }),
  };
};
const marked = themes.map(markSite);

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escape = (text) => String(text).replace(/[&<>"']/g, (ch) => ESCAPES[ch]);

/**
 * (a)'s serving step: a site's values written where the theme's drawing holds the marks. `entry` is the hash of the
 * site's checked entry, as the host computes it (the step has sites.json: it is taken from (b)'s page of the site).
 */
function servedPage(html, mark, site, entry) {
  const schemes = [...new Set(site.schemes)];
  return html
    .replace(/data-drawn-entry="[^"]*"/, `data-drawn-entry="${entry}"`)
    .replace(/data-drawn-schemes="[^"]*"/, `data-drawn-schemes="${schemes.join(' ')}"`)
    .replaceAll(`/logos/${mark.key}.svg`, escape(site.brand.logo))
    .replaceAll(MARKS.lineLink, escape(site.brand.lineLink))
    .replaceAll(MARKS.promo, escape(site.brand.promoLink))
    .replaceAll(MARKS.line, escape(site.brand.lineId))
    .replaceAll(MARKS.name, escape(site.brand.name))
    .replaceAll(MARKS.css, escape(site.flavour))
    .replaceAll(mark.key, escape(site.key));
}

/** Where two pages first differ, a little of each. */
function firstDifference(a, b) {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return { at, drawn: b.slice(Math.max(0, at - 60), at + 60), served: a.slice(Math.max(0, at - 60), at + 60) };
}

const { DRAWN_GUEST_PAGES, DRAWN_NOT_FOUND, DRAWN_LINE_CHECK } = await drawingNames();
const guestPages = new Set([...DRAWN_GUEST_PAGES, DRAWN_NOT_FOUND, DRAWN_LINE_CHECK]);

// (a): each theme's build draws its pages for its site of marks.
let started = performance.now();
const aDrawn = await drawPages({ ...drawing, sites: { ...sites, sites: marked.map((m) => m.site) } });
const aSeconds = (performance.now() - started) / 1000;
// What a release would carry: each page's drawing and its stylesheet (the rest of the document is the host's).
const brotli = (text) => zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const perTheme = Object.fromEntries(themes.map((theme) => [theme, { pages: 0, bytes: 0, brotli: 0 }]));
for (const [file, { html }] of aDrawn.pages) {
  const theme = themes[marked.findIndex((m) => file.startsWith(`${m.key}/`))];
  if (/\/(th|en)\//.test(file)) continue;
  const carried = `${/<style>[^]*?<\/style>/.exec(html)?.[0] ?? ''}${html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</body>'))}`;
  perTheme[theme].pages++;
  perTheme[theme].bytes += Buffer.byteLength(carried);
  perTheme[theme].brotli += brotli(carried);
}

// (b): the deploy step draws every site's pages from its own entry.
started = performance.now();
const bDrawn = await drawPages({ ...drawing, sites });
const bSeconds = (performance.now() - started) / 1000;

// Each page (b) draws, against the one (a) would serve in its place.
const names = await drawingNames();
const rows = [];
for (const [file, { html }] of bDrawn.pages) {
  const [siteKey, variant] = file.split('/');
  if (!variant.includes('-')) continue;
  const site = checkedSites.value.sites.find((entry) => entry.key === siteKey);
  const page = file.slice(siteKey.length + variant.length + 2, -'.html'.length);
  const theme = site.pages[page]?.theme ?? site.theme;
  const mark = marked[themes.indexOf(theme)];
  const theirs = aDrawn.pages.get(
    names.drawnPagePath({ site: mark.key, locale: variant.split('-')[0], scheme: variant.split('-')[1], page }),
  );
  const served = theirs ? servedPage(theirs.html, mark, site, /data-drawn-entry="([^"]*)"/.exec(html)[1]) : null;
  const same = served === html;
  rows.push({
    site: siteKey,
    variant,
    page,
    guest: guestPages.has(page),
    theme,
    same,
    missing: !theirs,
    ...(same || !served ? {} : { difference: firstDifference(served, html) }),
  });
}

const count = (filter) => ({ same: rows.filter((r) => filter(r) && r.same).length, all: rows.filter(filter).length });
const guest = count((r) => r.guest);
const kinds = [...new Set(rows.map((r) => r.page))].map((page) => ({ page, ...count((r) => r.page === page) }));
const member = count((r) => !r.guest);
console.log(`(a) drawn by the themes' builds: ${aDrawn.pages.size} pages for ${themes.length} themes in ${aSeconds.toFixed(1)} s`);
for (const [theme, size] of Object.entries(perTheme)) {
  console.log(
    `    ${theme}: ${size.pages} pages, ${(size.bytes / 1024).toFixed(0)} KiB (${(size.brotli / 1024).toFixed(0)} KiB brotli) more in its release`,
  );
}
console.log(`(b) drawn by the deploy step: ${bDrawn.pages.size} pages for ${sites.sites.length} sites in ${bSeconds.toFixed(1)} s`);
console.log(
  `(a)'s pages, the site's values written in, the same as (b)'s: guest pages ${guest.same} of ${guest.all}, member frames ${member.same} of ${member.all}`,
);
console.log(`  by page: ${kinds.map((k) => `${k.page} ${k.same}/${k.all}`).join(', ')}`);
const bySite = new Map();
for (const row of rows.filter((r) => !r.same)) {
  const key = `${row.site} ${row.page}`;
  if (!bySite.has(key)) bySite.set(key, row);
}
for (const [key, row] of bySite) {
  console.log(`  differs: ${key} (${row.theme})${row.missing ? ': (a) has no such page' : `: at ${row.difference.at}`}`);
  if (row.difference)
    console.log(`    (b) …${row.difference.drawn.replace(/\s+/g, ' ')}…\n    (a) …${row.difference.served.replace(/\s+/g, ' ')}…`);
}
if (json) writeFileSync(json, JSON.stringify({ aSeconds, bSeconds, perTheme, guest, member, kinds, rows }, null, 2));
