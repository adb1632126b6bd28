// The home-screen icons of a site, drawn from its sites.json logo: SVG (the demo's logos) or PNG, JPEG or GIF, on the
// host's origin or at an absolute http(s) URL. resvg draws them; a logo is data from the deployment's files, so it is
// read with limits (size, time, a public address only) and an SVG logo may reference nothing outside itself (an `href`
// to a file or a URL is refused: resvg would read a local file it names) nor ask for more filtering than an icon
// needs. Drawing happens in child processes (scripts/icon-drawer.mjs), each icon within a deadline, at which the child
// is killed: a logo made to stall the drawing costs its own brand's icons and nothing else. The variants and their
// URLs are in web-app-manifest.mjs.
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns';
import { readFile, realpath } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** The largest logo read. */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
/** How long a logo on another origin may take to arrive. */
export const LOGO_FETCH_TIMEOUT_MS = 8000;
/** How long one icon may take to draw; the child drawing it is killed then. A good logo takes a few milliseconds. */
export const ICON_DEADLINE_MS = 4000;
/**
 * What an SVG logo may ask of the drawing: filter primitives, blur and morphology radii, and references (a `<use>`
 * repeated into a very large tree). A logo needs little of each; a file asking for more is refused before it is drawn.
 */
export const SVG_BUDGET = { filterPrimitives: 12, blurDeviation: 20, morphologyRadius: 8, convolveOrder: 5, uses: 64, elements: 5000 };

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
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
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
    if (!value.startsWith('#') && !/^data:image\//i.test(value))
      throw new LogoRefused(`the SVG logo references ${JSON.stringify(value.slice(0, 80))}: a logo must carry everything it draws`);
  }
  if (/<!DOCTYPE[^>]*\b(SYSTEM|PUBLIC)\b/i.test(svg)) throw new LogoRefused('the SVG logo names an external document type');
  return svg;
}

/**
 * Refuses an SVG logo that asks the drawing for more than SVG_BUDGET allows: the number of filter primitives, a blur's
 * standard deviation, a morphology radius, a convolution's order, the number of `<use>` references and of elements.
 */
export function checkSvgBudget(svg) {
  const over = (what) => {
    throw new LogoRefused(`the SVG logo asks for ${what}: more than an icon is drawn with`);
  };
  const numbers = (value) =>
    String(value)
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
  const filters = svg.match(/<fe[A-Z][A-Za-z]*\b/g) ?? [];
  if (filters.length > SVG_BUDGET.filterPrimitives) over(`${filters.length} filter primitives (at most ${SVG_BUDGET.filterPrimitives})`);
  for (const [, value] of svg.matchAll(/\bstdDeviation\s*=\s*["']([^"']*)["']/gi)) {
    if (numbers(value).some((n) => !(Math.abs(n) <= SVG_BUDGET.blurDeviation)))
      over(`a blur of ${value} (at most ${SVG_BUDGET.blurDeviation})`);
  }
  for (const [, tag] of svg.matchAll(/<feMorphology\b([^>]*)>/gi)) {
    const radius = /\bradius\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1] ?? '0';
    if (numbers(radius).some((n) => !(Math.abs(n) <= SVG_BUDGET.morphologyRadius)))
      over(`a morphology radius of ${radius} (at most ${SVG_BUDGET.morphologyRadius})`);
  }
  for (const [, tag] of svg.matchAll(/<feConvolveMatrix\b([^>]*)>/gi)) {
    const order = /\border\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1] ?? '3';
    if (numbers(order).some((n) => !(n <= SVG_BUDGET.convolveOrder)))
      over(`a convolution of order ${order} (at most ${SVG_BUDGET.convolveOrder})`);
  }
  const uses = svg.match(/<use\b/gi)?.length ?? 0;
  if (uses > SVG_BUDGET.uses) over(`${uses} <use> references (at most ${SVG_BUDGET.uses})`);
  const elements = svg.match(/<[A-Za-z]/g)?.length ?? 0;
  if (elements > SVG_BUDGET.elements) over(`${elements} elements (at most ${SVG_BUDGET.elements})`);
}

/** Addresses a logo is never fetched from: this machine, private networks, link-local, and the like. */
const PRIVATE = new BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
])
  PRIVATE.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
])
  PRIVATE.addSubnet(address, prefix, 'ipv6');

/** Whether an address (v4 or v6, a v4-mapped v6 as its v4) is one no logo is fetched from. */
export function isPrivateAddress(address) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** dns.lookup that answers only public addresses: the connection goes to the address checked, never another. */
function publicLookup(hostname, options, callback) {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error);
    const refused = addresses.find(({ address }) => isPrivateAddress(address));
    if (refused || addresses.length === 0)
      return callback(
        Object.assign(new Error(`${hostname} is at ${refused?.address ?? 'no address'}, not a public address`), { code: 'EPRIVATE' }),
      );
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
}

/**
 * GET of a logo URL, as `fetch` answers it, connecting only to public addresses (a host name is resolved, checked and
 * connected to as checked; an IP literal is checked as it is), following at most three redirects, each checked again.
 */
export function publicFetch(url, { signal, headers = {} } = {}, redirects = 3) {
  return new Promise((resolve, reject) => {
    let target;
    try {
      target = new URL(url);
    } catch {
      reject(new Error(`${url} is not a URL`));
      return;
    }
    if (!/^https?:$/.test(target.protocol)) {
      reject(new Error(`${url} is not http(s)`));
      return;
    }
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && isPrivateAddress(literal)) {
      reject(new Error(`${literal} is not a public address`));
      return;
    }
    const get = target.protocol === 'https:' ? https.get : http.get;
    const request = get(target, { headers, signal, lookup: publicLookup, agent: false }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (redirects === 0) {
          reject(new Error(`${url} redirects too often`));
          return;
        }
        publicFetch(new URL(response.headers.location, target).href, { signal, headers }, redirects - 1).then(resolve, reject);
        return;
      }
      const replyHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers))
        if (value !== undefined) replyHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
      resolve(new Response(status === 204 || status === 304 ? null : Readable.toWeb(response), { status, headers: replyHeaders }));
    });
    request.on('error', reject);
  });
}

/**
 * A logo's bytes. A path is a file under `root` (the host's folder, where /logos/ lies) and may not lead out of it;
 * a URL is fetched (http(s), from a public address only, at most MAX_LOGO_BYTES, within LOGO_FETCH_TIMEOUT_MS).
 * @param {{kind: 'path', path: string} | {kind: 'url', url: string}} logo a checked logo (web-app-manifest.mjs checkedLogo)
 */
export async function readLogo(logo, { root, fetchImpl = publicFetch, timeoutMs = LOGO_FETCH_TIMEOUT_MS } = {}) {
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
    reply = await fetchImpl(logo.url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { Accept: 'image/svg+xml, image/png, image/jpeg, image/gif' },
    });
  } catch (error) {
    throw new LogoRefused(`the logo ${logo.url} could not be fetched (${error.message})`);
  }
  if (!reply.ok) throw new LogoRefused(`the logo ${logo.url} answered HTTP ${reply.status}`);
  if (Number(reply.headers.get('content-length') ?? 0) > MAX_LOGO_BYTES)
    throw new LogoRefused(`the logo ${logo.url} is over ${MAX_LOGO_BYTES} bytes`);
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
 * kept), on `background` for the opaque variants and on nothing for the others. Drawn where it is called, without a
 * deadline: the servers draw through createIconDrawer, which calls this in a child process it can kill.
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
    checkSvgBudget(svg);
    // Drawn on its own first, with the system's fonts (an SVG drawn inside another gets none), at the size it takes.
    let size;
    try {
      size = new Renderer(svg);
    } catch (error) {
      throw new LogoRefused(`the SVG logo cannot be read (${String(error.message ?? error).split('\n')[0]})`);
    }
    const { width, height } = size;
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

const DRAWER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'icon-drawer.mjs');

/**
 * Icons drawn in child processes (scripts/icon-drawer.mjs), `size` of them at a time, each icon within `deadlineMs`: a
 * child still drawing then is killed (and another started for what follows), and that icon is refused. Nothing a logo
 * does holds up the caller's own process. `draw` rejects with LogoRefused for a logo that cannot be drawn.
 * @param {{ size?: number, deadlineMs?: number }} [options]
 */
export function createIconDrawer({ size = 1, deadlineMs = ICON_DEADLINE_MS } = {}) {
  const idle = [];
  const queue = [];
  const all = new Set();
  let closed = false;
  let next = 0;
  const spawnChild = () => {
    const child = fork(DRAWER, [], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], serialization: 'advanced' });
    child.unref();
    child.channel?.unref();
    all.add(child);
    child.once('exit', () => all.delete(child));
    return child;
  };
  const run = () => {
    while (queue.length > 0 && (idle.length > 0 || all.size < size)) {
      const job = queue.shift();
      const child = idle.pop() ?? spawnChild();
      const id = (next += 1);
      let settled = false;
      const finish = (outcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (outcome.kill) {
          child.kill('SIGKILL');
        } else if (!closed) {
          idle.push(child);
        } else {
          child.kill('SIGKILL');
        }
        if (outcome.png) job.resolve(Buffer.from(outcome.png));
        else job.reject(new LogoRefused(outcome.error));
        run();
      };
      const onMessage = (message) => {
        if (message?.id !== id) return;
        finish(message.png ? { png: message.png } : { error: message.error ?? 'the logo could not be drawn' });
      };
      const onExit = () => finish({ error: 'the logo could not be drawn (its drawing stopped)', kill: true });
      const timer = setTimeout(() => finish({ error: `drawing the logo took over ${deadlineMs} ms`, kill: true }), deadlineMs);
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ id, bytes: job.bytes, variant: job.variant, background: job.background });
    }
  };
  return {
    /** One icon as PNG bytes (drawIcon's), drawn in a child within the deadline. */
    draw(bytes, variant, background) {
      if (closed) return Promise.reject(new Error('the icon drawer is closed'));
      return new Promise((resolve, reject) => {
        queue.push({ bytes: Uint8Array.from(bytes), variant, background, resolve, reject });
        run();
      });
    },
    /** Stops every child; what is still queued is refused. */
    close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('the icon drawer is closed'));
      for (const child of all) child.kill('SIGKILL');
    },
  };
}
