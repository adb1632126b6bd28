import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pngSize } from './web-app-icons.mjs';
import { MANIFEST_TYPE, appColorsFromManifest, remoteAppColors, webAppAnswers, writeWebApps } from './web-apps.mjs';

const workspace = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const root = path.join(workspace, 'host', 'public');
const sites = JSON.parse(readFileSync(path.join(workspace, 'sites.json'), 'utf8')).sites;
const appColors = {
  light: { theme: '#c8102e', background: '#fff5f7' },
  dark: { theme: '#ff8fab', background: '#121629' },
  flavours: { 'mix-violet': { light: { theme: '#6d28d9', background: '#f8f5ff' }, dark: { theme: '#b99cff', background: '#121629' } } },
};

test('the demo answers a manifest, then each icon it names, of its declared size; nothing for other paths', async () => {
  const warnings = [];
  const answer = webAppAnswers({ sites: () => sites, root, appColors: () => appColors, warn: (line) => warnings.push(line) });
  const reply = await answer('/webapp/sm88/manifest-en.webmanifest');
  assert.equal(reply.type, MANIFEST_TYPE);
  assert.equal(reply.cacheControl, 'no-cache');
  const manifest = JSON.parse(reply.body.toString());
  // sm88: OSAKA39 with the violet flavour, light first.
  assert.deepEqual([manifest.name, manifest.theme_color, manifest.background_color], ['Siam Mix 88', '#6d28d9', '#f8f5ff']);
  for (const icon of manifest.icons) {
    const png = await answer(icon.src);
    assert.equal(png.type, 'image/png');
    assert.equal(png.cacheControl, 'public, max-age=31536000, immutable');
    const [width, height] = icon.sizes.split('x').map(Number);
    assert.deepEqual(pngSize(png.body), { width, height });
  }
  assert.deepEqual(pngSize((await answer('/webapp/sm88/apple-touch-icon.png')).body), { width: 180, height: 180 });
  assert.equal(await answer('/webapp/sm88/icon-192-0000000000.png'), null, "an icon of another logo than today's");
  assert.equal(await answer('/webapp/nope/manifest-en.webmanifest'), null);
  assert.equal(await answer('/webapp/sm88/manifest-fr.webmanifest'), null);
  assert.equal(await answer('/logos/sm88.svg'), null);
  assert.deepEqual(warnings, []);
});

test('a site whose entry or logo is refused gets nothing, and the operator is told why', async () => {
  const warnings = [];
  const bad = [{ ...sites[0], logo: 'javascript:alert(1)' }, { ...sites[1], logo: '/logos/missing.svg' }];
  const answer = webAppAnswers({ sites: () => bad, root, appColors: () => appColors, warn: (line) => warnings.push(line) });
  assert.equal(await answer(`/webapp/${sites[0].key}/manifest-th.webmanifest`), null);
  assert.equal(await answer(`/webapp/${sites[1].key}/manifest-th.webmanifest`), null);
  assert.match(warnings[0], /logo: must be an absolute http\(s\) URL/);
  assert.match(warnings[1], /missing\.svg is not in/);
});

test('the writer leaves each site the files the demo answers, manifests naming icons that exist', async () => {
  const out = mkdtempSync(path.join(tmpdir(), 'webapp-write-'));
  writeFileSync(path.join(out, 'placeholder'), '');
  const { warnings } = await writeWebApps({ sites: sites.slice(0, 2), root, appColors: async () => appColors, out });
  assert.equal(warnings.length, 0, warnings.join('\n'));
  for (const site of sites.slice(0, 2)) {
    const dir = path.join(out, 'webapp', site.key);
    const files = readdirSync(dir);
    assert.equal(files.filter((f) => f.endsWith('.webmanifest')).length, 2);
    assert.ok(files.includes('apple-touch-icon.png'));
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest-th.webmanifest'), 'utf8'));
    for (const icon of manifest.icons) assert.ok(pngSize(readFileSync(path.join(out, icon.src))), icon.src);
  }
});

test("a theme's colours from a local copy of its manifest, or from its URL", async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'webapp-colors-')), 'mf-manifest.json');
  writeFileSync(file, JSON.stringify({ metaData: { appColors } }));
  const colors = remoteAppColors({
    remotes: { OSAKA39: 'https://osaka39.themes.example/mf-manifest.json', default: 'https://down.example/mf-manifest.json' },
    localManifests: { PRE8: file },
    fetchImpl: async (url) => (url.includes('down') ? new Response('', { status: 503 }) : new Response(JSON.stringify({ metaData: { appColors } }))),
  });
  assert.deepEqual(await colors('PRE8'), appColors);
  assert.deepEqual(await colors('OSAKA39'), appColors);
  assert.equal(await colors('default'), null);
  assert.equal(await colors('Acme'), null);
  assert.equal(appColorsFromManifest('not json'), null);
});
