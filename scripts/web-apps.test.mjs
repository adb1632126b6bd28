import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pngSize } from './web-app-icons.mjs';
import { KEEP_SUPERSEDED_MS, MANIFEST_TYPE, appColorsFromManifest, remoteAppColors, webAppAnswers, writeWebApps } from './web-apps.mjs';

/** A logo made to stall its drawing: a blur and a morphology far past what an icon needs, in a few hundred bytes. */
const BOMB =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><filter id="f"><feGaussianBlur stdDeviation="900"/><feMorphology radius="900"/></filter><rect width="64" height="64" filter="url(#f)"/></svg>';

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
  const bad = [
    { ...sites[0], logo: 'javascript:alert(1)' },
    { ...sites[1], logo: '/logos/missing.svg' },
  ];
  const answer = webAppAnswers({ sites: () => bad, root, appColors: () => appColors, warn: (line) => warnings.push(line) });
  assert.equal(await answer(`/webapp/${sites[0].key}/manifest-th.webmanifest`), null);
  assert.equal(await answer(`/webapp/${sites[1].key}/manifest-th.webmanifest`), null);
  // Refused by the schema the host reads the file with, named by the file's field path.
  assert.match(warnings[0], /sites\[0\]\.logo: must be an absolute http\(s\) URL/);
  assert.match(warnings[1], /missing\.svg is not in/);
});

test("an entry the host's schema refuses gets no app from the writer either, its problems named; the others get theirs", async () => {
  const out = mkdtempSync(path.join(tmpdir(), 'webapp-refused-'));
  const { layout, ...themeless } = sites[0];
  assert.ok(layout);
  const { refused, warnings } = await writeWebApps({ sites: [themeless, sites[1]], root, appColors: async () => appColors, out });
  assert.deepEqual(
    refused.map((one) => one.key),
    [sites[0].key],
  );
  assert.match(warnings.join('\n'), /sites\[0\]\.layout: must be a theme name/);
  assert.equal(existsSync(path.join(out, 'webapp', sites[0].key)), false);
  assert.equal(readdirSync(path.join(out, 'webapp', sites[1].key)).filter((f) => f.endsWith('.webmanifest')).length, 2);
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
    fetchImpl: async (url) =>
      url.includes('down') ? new Response('', { status: 503 }) : new Response(JSON.stringify({ metaData: { appColors } })),
  });
  assert.deepEqual(await colors('PRE8'), appColors);
  assert.deepEqual(await colors('OSAKA39'), appColors);
  assert.equal(await colors('default'), null);
  assert.equal(await colors('Acme'), null);
  assert.equal(appColorsFromManifest('not json'), null);
});

test('the writer draws only what changed, keeps what no manifest names a day, then removes it, and serves every site it can', async () => {
  const out = mkdtempSync(path.join(tmpdir(), 'webapp-again-'));
  const logos = path.join(out, 'logos');
  mkdirSync(logos);
  writeFileSync(path.join(logos, 'a.svg'), readFileSync(path.join(root, 'logos', 'pre8.svg')));
  writeFileSync(path.join(logos, 'bomb.svg'), BOMB);
  writeFileSync(path.join(logos, 'broken.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><rect');
  const entries = [
    { ...sites[0], logo: '/logos/a.svg' },
    { ...sites[1], logo: '/logos/bomb.svg' },
    { ...sites[2], logo: '/logos/broken.svg' },
    { ...sites[3], logo: '/logos/a.svg' },
  ];
  const t0 = Date.parse('2026-06-01T00:00:00Z');
  const first = await writeWebApps({ sites: entries, root: out, appColors: async () => appColors, now: t0 });
  // The two good sites get their apps; each bad logo costs its own site alone, with a line naming it and why.
  assert.equal(first.written.length, 2 * 6);
  // Which sites, in whatever order their logos finished drawing.
  assert.deepEqual(first.refused.map((r) => r.key).sort(), [sites[1].key, sites[2].key].sort());
  assert.match(
    first.warnings.find((w) => w.includes(sites[1].key)),
    /asks for a blur of 900/,
  );
  assert.match(
    first.warnings.find((w) => w.includes(sites[2].key)),
    /cannot be read/,
  );
  assert.equal(existsSync(path.join(out, 'webapp', sites[1].key)), false);

  // Nothing changed: nothing drawn or written again.
  const icon = path.join(out, 'webapp', sites[0].key, 'apple-touch-icon.png');
  const before = statSync(icon).mtimeMs;
  const again = await writeWebApps({ sites: entries, root: out, appColors: async () => appColors, now: t0 + 1000 });
  assert.deepEqual(again.written, []);
  assert.equal(again.kept.length, 2 * 6);
  assert.equal(statSync(icon).mtimeMs, before);

  // A new logo for one site: its icons drawn anew; the old ones stay a day, then go.
  writeFileSync(path.join(logos, 'b.svg'), readFileSync(path.join(root, 'logos', 'os39.svg')));
  entries[0] = { ...entries[0], logo: '/logos/b.svg' };
  const changed = await writeWebApps({ sites: entries, root: out, appColors: async () => appColors, now: t0 + 2000 });
  assert.equal(changed.written.filter((file) => file.includes(`/${sites[0].key}/`)).length, 6);
  assert.deepEqual(
    changed.written.filter((file) => file.includes(`/${sites[3].key}/`)),
    [],
  );
  assert.deepEqual(changed.removed, []);
  const named = (key) => readdirSync(path.join(out, 'webapp', key)).filter((f) => f.startsWith('icon-'));
  assert.equal(named(sites[0].key).length, 6);
  const later = await writeWebApps({
    sites: entries.slice(0, 1),
    root: out,
    appColors: async () => appColors,
    now: t0 + 2000 + KEEP_SUPERSEDED_MS,
  });
  assert.equal(named(sites[0].key).length, 3);
  assert.equal(later.removed.length, 3);
  // A site gone from sites.json: its files stay a day from the run that found it gone, then go too.
  assert.equal(existsSync(path.join(out, 'webapp', sites[3].key)), true);
  const last = await writeWebApps({
    sites: entries.slice(0, 1),
    root: out,
    appColors: async () => appColors,
    now: t0 + 2000 + 2 * KEEP_SUPERSEDED_MS,
  });
  assert.equal(existsSync(path.join(out, 'webapp', sites[3].key)), false);
  assert.equal(last.removed.length, 6);
});

test('a logo made to stall the drawing is refused in time, and the demo keeps answering meanwhile', async () => {
  const out = mkdtempSync(path.join(tmpdir(), 'webapp-stall-'));
  mkdirSync(path.join(out, 'logos'));
  writeFileSync(path.join(out, 'logos', 'bomb.svg'), BOMB);
  const warnings = [];
  const answer = webAppAnswers({
    sites: () => [{ ...sites[0], logo: '/logos/bomb.svg' }, sites[1]],
    root: out,
    appColors: () => appColors,
    warn: (line) => warnings.push(line),
  });
  const manifest = JSON.parse((await answer(`/webapp/${sites[0].key}/manifest-en.webmanifest`)).body.toString());
  const started = performance.now();
  assert.equal(await answer(manifest.icons[0].src), null);
  assert.ok(performance.now() - started < 5000);
  assert.match(warnings.join('\n'), new RegExp(`webapp ${sites[0].key}: the SVG logo asks for a blur of 900`));
});
