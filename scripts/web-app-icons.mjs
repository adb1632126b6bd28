// The home-screen icons of a site, drawn from its sites.json logo: SVG (the demo's logos) or PNG, JPEG or GIF, on the
// host's origin or at an absolute http(s) URL. resvg draws them; a logo is data from the deployment's files, so it is
// read with limits (size, time) and an SVG logo may reference nothing outside itself (an `href` to a file or a URL
// is refused: resvg would read a local file it names). The variants and their URLs are in web-app-manifest.mjs.
import { createHash } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The largest logo read. */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
/** How long a logo on another origin may take to arrive. */
export const LOGO_FETCH_TIMEOUT_MS = 8000;

/** A logo that cannot become an icon; the message says why, for the operator. */
export class LogoRefused extends Error {
  constructor(message) {
    super(message);
    this.name = 'LogoRefused';
  }
}

/** The image format of a logo's bytes, by their content (a server's content type is not trusted), or null. */
export function logoFormat(bytes) {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  const head = bytes.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('<') && /<svg[\s>]/i.test(bytes.toString('utf8'))) return 'svg';
  return null;
}

/**
 * The SVG text of a logo, when it references nothing outside itself: every `href` (any namespace prefix) is a
 * fragment (`#id`) or an embedded image (`data:image/…`), and no DOCTYPE names an external document.
 */
export function selfContainedSvg(bytes) {
  const svg = bytes.toString('utf8');
  for (const [, , value] of svg.matchAll(/\bhref\s*=\s*(["'])([\s\S]*?)\1/gi)) {
    if (!value.startsWith('#') && !/^data:image\//i.test(value)) throw new LogoRefused(`the SVG logo references ${JSON.stringify(value.slice(0, 80))}: a logo must carry everything it draws`);
  }
  if (/<!DOCTYPE[^>]*\b(SYSTEM|PUBLIC)\b/i.test(svg)) throw new LogoRefused('the SVG logo names an external document type');
  return svg;
}

/**
 * A logo's bytes. A path is a file under `root` (the host's folder, where /logos/ lies) and may not lead out of it;
 * a URL is fetched (http(s), at most MAX_LOGO_BYTES, within LOGO_FETCH_TIMEOUT_MS).
 * @param {{kind: 'path', path: string} | {kind: 'url', url: string}} logo a checked logo (web-app-manifest.mjs checkedLogo)
 */
export async function readLogo(logo, { root, fetchImpl = fetch, timeoutMs = LOGO_FETCH_TIMEOUT_MS } = {}) {
  if (logo.kind === 'path') {
    const realRoot = await realpath(root);
    let file;
    try {
      file = await realpath(path.join(realRoot, logo.path));
    } catch {
      throw new LogoRefused(`the logo ${logo.path} is not in ${root}`);
    }
    if (!file.startsWith(realRoot + path.sep)) throw new LogoRefused(`the logo ${logo.path} leads out of ${root}`);
    const bytes = await readFile(file);
    if (bytes.length > MAX_LOGO_BYTES) throw new LogoRefused(`the logo ${logo.path} is over ${MAX_LOGO_BYTES} bytes`);
    return bytes;
  }
  let reply;
  try {
    reply = await fetchImpl(logo.url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow', headers: { Accept: 'image/svg+xml, image/png, image/jpeg, image/gif' } });
  } catch (error) {
    throw new LogoRefused(`the logo ${logo.url} could not be fetched (${error.message})`);
  }
  if (!reply.ok) throw new LogoRefused(`the logo ${logo.url} answered HTTP ${reply.status}`);
  if (Number(reply.headers.get('content-length') ?? 0) > MAX_LOGO_BYTES) throw new LogoRefused(`the logo ${logo.url} is over ${MAX_LOGO_BYTES} bytes`);
  const chunks = [];
  let size = 0;
  for await (const chunk of reply.body) {
    size += chunk.length;
    if (size > MAX_LOGO_BYTES) throw new LogoRefused(`the logo ${logo.url} is over ${MAX_LOGO_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The hash in a site's icon names: its logo's bytes and the background its opaque icons are drawn on. */
export function iconHashOf(bytes, background) {
  return createHash('sha256').update(bytes).update(`\0${background}`).digest('hex').slice(0, 10);
}

let resvg;
/** resvg, loaded on the first icon (its native binary costs the demo's start nothing until then). */
function Resvg() {
  resvg ??= createRequire(import.meta.url)('@resvg/resvg-js').Resvg;
  return resvg;
}

const MIME = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif' };

/**
 * One icon as PNG bytes, `variant.size` square: the logo scaled to `variant.scale` of it and centred (its aspect
 * kept), on `background` for the opaque variants and on nothing for the others.
 * @param {Buffer} bytes the logo (readLogo)
 * @param {{size: number, scale: number, background: boolean}} variant one of web-app-manifest.mjs ICON_VARIANTS
 * @param {string} background a hex colour (web-app-manifest.mjs hexColor)
 */
export function drawIcon(bytes, variant, background) {
  const format = logoFormat(bytes);
  if (!format) throw new LogoRefused('the logo is not SVG, PNG, JPEG or GIF');
  const inner = Math.round(variant.size * variant.scale);
  const Renderer = Resvg();
  let image;
  if (format === 'svg') {
    const svg = selfContainedSvg(bytes);
    // Drawn on its own first, with the system's fonts (an SVG drawn inside another gets none), at the size it takes.
    const { width, height } = new Renderer(svg);
    if (!(width > 0 && height > 0)) throw new LogoRefused('the SVG logo has no size');
    const fitTo = width >= height ? { mode: 'width', value: inner } : { mode: 'height', value: inner };
    const png = new Renderer(svg, { fitTo, font: { loadSystemFonts: true } }).render().asPng();
    image = `data:image/png;base64,${png.toString('base64')}`;
  } else {
    image = `data:${MIME[format]};base64,${bytes.toString('base64')}`;
  }
  const offset = (variant.size - inner) / 2;
  const fill = variant.background ? `<rect width="${variant.size}" height="${variant.size}" fill="${background}"/>` : '';
  const frame = `<svg xmlns="http://www.w3.org/2000/svg" width="${variant.size}" height="${variant.size}" viewBox="0 0 ${variant.size} ${variant.size}">${fill}<image href="${image}" x="${offset}" y="${offset}" width="${inner}" height="${inner}" preserveAspectRatio="xMidYMid meet"/></svg>`;
  return new Renderer(frame, { fitTo: { mode: 'original' } }).render().asPng();
}

/** A PNG's width and height from its header (IHDR), or null for bytes that are not a PNG. */
export function pngSize(bytes) {
  if (logoFormat(bytes) !== 'png' || bytes.length < 24 || bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
