import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { ICON_VARIANTS } from './web-app-manifest.mjs';
import http from 'node:http';
import {
  LogoRefused,
  MAX_LOGO_BYTES,
  checkSvgBudget,
  createIconDrawer,
  drawIcon,
  iconHashOf,
  isPrivateAddress,
  logoFormat,
  pngSize,
  publicFetch,
  readLogo,
  selfContainedSvg,
} from './web-app-icons.mjs';

const workspace = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const logos = path.join(workspace, 'host', 'public');
const pre8 = readFileSync(path.join(logos, 'logos', 'pre8.svg'));
const variant = (name) => ICON_VARIANTS.find((v) => v.name === name);

/** The first pixel of a PNG (RGBA): whatever a row's filter, its first pixel has no neighbour, so it is stored as it is. */
function cornerPixel(png) {
  const chunks = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.subarray(at + 4, at + 8).toString('latin1') === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(chunks));
  return [...raw.subarray(1, 5)];
}

test('every icon is a real PNG of its declared size', () => {
  for (const each of ICON_VARIANTS) {
    const png = drawIcon(pre8, each, '#0b0a08');
    assert.equal(logoFormat(png), 'png');
    assert.deepEqual(pngSize(png), { width: each.size, height: each.size }, each.name);
  }
});

test('the opaque icons lie on the background, the others on nothing', () => {
  assert.deepEqual(cornerPixel(drawIcon(pre8, variant('icon-maskable-512'), '#123456')), [0x12, 0x34, 0x56, 255]);
  assert.deepEqual(cornerPixel(drawIcon(pre8, variant('apple-touch-icon'), '#123456')), [0x12, 0x34, 0x56, 255]);
  // The PRE8 logo is round: its corner stays see-through.
  assert.equal(cornerPixel(drawIcon(pre8, variant('icon-192'), '#123456'))[3], 0);
});

test('a raster logo (PNG) is drawn too, at the declared size', () => {
  const png = drawIcon(pre8, { size: 64, scale: 1, background: false }, '#000000');
  const icon = drawIcon(png, variant('icon-maskable-512'), '#ffffff');
  assert.deepEqual(pngSize(icon), { width: 512, height: 512 });
});

test('an SVG logo that reaches outside itself, or what is no image, is refused', () => {
  const outside = (href) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/1999/xlink" width="10" height="10"><image ${href} width="10" height="10"/></svg>`,
    );
  for (const href of [
    'href="/etc/ssl/certs/x.png"',
    "x:href='file:///tmp/a.png'",
    'href="https://tracker.example/p.png"',
    'href="&#47;tmp/a.png"',
  ]) {
    assert.throws(() => selfContainedSvg(outside(href)), LogoRefused, href);
    assert.throws(() => drawIcon(outside(href), variant('icon-192'), '#000000'), LogoRefused, href);
  }
  assert.doesNotThrow(() => selfContainedSvg(outside('href="#g"')));
  assert.throws(
    () => selfContainedSvg(Buffer.from('<!DOCTYPE svg SYSTEM "file:///etc/passwd"><svg xmlns="http://www.w3.org/2000/svg"/>')),
    LogoRefused,
  );
  assert.throws(() => drawIcon(Buffer.from('<html><body>not a logo</body></html>'), variant('icon-192'), '#000000'), LogoRefused);
});

test('a logo path is read from the host folder and may not lead out of it', async () => {
  assert.deepEqual(await readLogo({ kind: 'path', path: '/logos/pre8.svg' }, { root: logos }), pre8);
  const root = mkdtempSync(path.join(tmpdir(), 'webapp-root-'));
  writeFileSync(path.join(tmpdir(), 'outside-logo.svg'), pre8);
  symlinkSync(path.join(tmpdir(), 'outside-logo.svg'), path.join(root, 'link.svg'));
  await assert.rejects(readLogo({ kind: 'path', path: '/link.svg' }, { root }), LogoRefused);
  await assert.rejects(readLogo({ kind: 'path', path: '/missing.svg' }, { root }), LogoRefused);
});

test('a logo URL is fetched within its limits', async () => {
  const answer = (body, init) => async () => new Response(body, init);
  const logo = { kind: 'url', url: 'https://cdn.example/logo.svg' };
  assert.deepEqual(await readLogo(logo, { fetchImpl: answer(pre8) }), pre8);
  await assert.rejects(readLogo(logo, { fetchImpl: answer('gone', { status: 404 }) }), /HTTP 404/);
  await assert.rejects(readLogo(logo, { fetchImpl: answer(Buffer.alloc(MAX_LOGO_BYTES + 1)) }), /over/);
  await assert.rejects(
    readLogo(logo, {
      fetchImpl: async () => {
        throw new TypeError('fetch failed');
      },
    }),
    LogoRefused,
  );
});

test("the icons' hash follows the logo and the background", () => {
  assert.equal(iconHashOf(pre8, '#000000'), iconHashOf(Buffer.from(pre8), '#000000'));
  assert.notEqual(iconHashOf(pre8, '#000000'), iconHashOf(pre8, '#000001'));
  assert.notEqual(iconHashOf(pre8, '#000000'), iconHashOf(Buffer.concat([pre8, Buffer.from(' ')]), '#000000'));
  assert.match(iconHashOf(pre8, '#000000'), /^[0-9a-f]{10}$/);
});

test('an SVG logo that asks the drawing for more than an icon needs is refused before it is drawn; a broken one is named', () => {
  const svg = (filter) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><filter id="f">${filter}</filter><rect width="64" height="64" filter="url(#f)"/></svg>`,
    );
  assert.throws(() => drawIcon(svg('<feGaussianBlur stdDeviation="900"/>'), variant('icon-192'), '#000000'), /a blur of 900/);
  assert.throws(
    () => drawIcon(svg('<feMorphology operator="dilate" radius="50 2"/>'), variant('icon-192'), '#000000'),
    /a morphology radius of 50 2/,
  );
  assert.throws(() => drawIcon(svg('<feBlend/>'.repeat(13)), variant('icon-192'), '#000000'), /13 filter primitives/);
  assert.throws(() => checkSvgBudget(`<svg>${'<use href="#a"/>'.repeat(65)}</svg>`), /65 <use> references/);
  assert.doesNotThrow(() => drawIcon(svg('<feGaussianBlur stdDeviation="2"/>'), variant('icon-192'), '#000000'));
  assert.throws(
    () => drawIcon(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect'), variant('icon-192'), '#000000'),
    (error) => error instanceof LogoRefused && /cannot be read/.test(error.message),
  );
});

test('icons are drawn in a child killed at the deadline: what outlasts it is refused, and the next icon is drawn', async () => {
  const slow = createIconDrawer({ deadlineMs: 1 });
  await assert.rejects(
    slow.draw(pre8, variant('icon-512'), '#000000'),
    (error) => error instanceof LogoRefused && /took over 1 ms/.test(error.message),
  );
  slow.close();
  const drawer = createIconDrawer({ size: 2 });
  try {
    const [a, b] = await Promise.all([
      drawer.draw(pre8, variant('icon-192'), '#000000'),
      drawer.draw(pre8, variant('icon-512'), '#000000'),
    ]);
    assert.deepEqual(
      [pngSize(a), pngSize(b)],
      [
        { width: 192, height: 192 },
        { width: 512, height: 512 },
      ],
    );
    await assert.rejects(drawer.draw(Buffer.from('not an image'), variant('icon-192'), '#000000'), /not SVG, PNG, JPEG or GIF/);
  } finally {
    drawer.close();
  }
});

test('a logo is never fetched from this machine, a private network or a link-local address', async () => {
  for (const address of [
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '100.64.0.1',
  ]) {
    assert.equal(isPrivateAddress(address), true, address);
  }
  for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '1.1.1.1'])
    assert.equal(isPrivateAddress(address), false, address);
  let asked = 0;
  const server = http.createServer((_req, res) => {
    asked += 1;
    res.end(pre8);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  try {
    for (const url of [`http://127.0.0.1:${port}/logo.svg`, `http://localhost:${port}/logo.svg`, `http://[::1]:${port}/logo.svg`]) {
      await assert.rejects(
        readLogo({ kind: 'url', url }),
        (error) => error instanceof LogoRefused && /not a public address|could not be fetched/.test(error.message),
        url,
      );
    }
    await assert.rejects(publicFetch('file:///etc/passwd'), /not http/);
    assert.equal(asked, 0, 'the server behind the loopback address was never asked');
  } finally {
    server.close();
  }
});
