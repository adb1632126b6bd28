// The sites' installed apps as the servers hand them out: the demo's (scripts/serve.mjs) answers each manifest and icon
// on request from the sites.json of the moment; the production recipe (deploy/write-nginx-includes.mjs) writes the
// same answers as files for nginx. Both read a theme's colours from its remote's mf-manifest.json (`metaData.appColors`).
import { mkdir, readFile, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  ICON_VARIANTS,
  WEB_APP_BASE,
  WEB_APP_LANGS,
  checkWebAppSite,
  iconPath,
  manifestPath,
  themeColorsFor,
  webAppManifest,
} from './web-app-manifest.mjs';
import { LogoRefused, createIconDrawer, iconHashOf, readLogo } from './web-app-icons.mjs';
import { importSharedCore } from './shared-core.mjs';

export const MANIFEST_TYPE = 'application/manifest+json; charset=utf-8';
export const PNG_TYPE = 'image/png';

/** The `appColors` of a remote's mf-manifest.json text, or null. */
export function appColorsFromManifest(text) {
  try {
    const colors = JSON.parse(text)?.metaData?.appColors;
    return colors && typeof colors === 'object' ? colors : null;
  } catch {
    return null;
  }
}

let schema;
/** shared-core's schema of sites.json, the host's own, loaded once. */
const sitesSchema = () => (schema ??= importSharedCore('./schema/config'));

/**
 * sites.json's entries as the host reads them (shared-core's validateSitesFile): the `Site`s it serves, and each entry
 * it refuses, by its key, with the problems named by the file's field paths (`sites[2].logo: …`). A refused entry gets
 * no installed app, as its brand gets no pages.
 * @param {unknown[]} entries
 * @returns {Promise<{ sites: object[], refused: { key: string | null, why: string }[] }>}
 */
export async function readSites(entries) {
  if (entries.length === 0) return { sites: [], refused: [] };
  const { validateSitesFile } = await sitesSchema();
  const checked = validateSitesFile({ sites: entries });
  if (!checked.ok) return { sites: [], refused: [{ key: null, why: `${checked.field}: ${checked.problem}` }] };
  const refused = (checked.value.invalid ?? []).map(({ key, problems }) => ({
    key,
    why: problems.map(({ field, problem }) => `${field}: ${problem}`).join('; '),
  }));
  return { sites: checked.value.sites, refused };
}

/**
 * Everything one site's app needs, from its `Site` (readSites): the manifest's view of it, its colours, its logo's
 * bytes and the hash its icons are named by. Throws LogoRefused when the logo cannot be had.
 * @param {object} site a site as the schema reads it
 * @param {{ root: string, appColors: (theme: string) => Promise<object | null> | object | null, readLogoBytes?: typeof readLogo }} options
 */
export async function prepareSite(site, { root, appColors, readLogoBytes = readLogo }) {
  const checked = checkWebAppSite(site);
  if (!checked.ok) return { ok: false, problems: checked.problems };
  const own = checked.site;
  const colors = themeColorsFor(await appColors(own.theme), own.schemes[0], own.flavour);
  const bytes = await readLogoBytes(own.logo, { root });
  // Opaque icons lie on the page's ground; the brand shell's when the theme's colours are unknown.
  const background = colors?.background ?? (own.schemes[0] === 'dark' ? '#0d0f14' : '#f5f6fa');
  return { ok: true, site: own, colors, bytes, background, hash: iconHashOf(bytes, background) };
}

/** A site's manifest text in one language (a prepared site). */
export function manifestText(prepared, lang) {
  return `${JSON.stringify(webAppManifest(prepared.site, { lang, colors: prepared.colors, iconHash: prepared.hash }), null, 2)}\n`;
}

const PATH = /^\/webapp\/([A-Za-z0-9]{4})\/(?:manifest-(th|en)\.webmanifest|([a-z0-9-]+?)(?:-([0-9a-f]{10}))?\.png)$/;

/**
 * The demo server's answers under /webapp/: `(urlPath) => Promise<answer | null>`, null for a path that is not one of
 * a site's (the static files then answer, or 404). Icons are drawn once per logo, background and size (kept for the
 * server's life, at most `maxIcons`); a logo on another origin is fetched again after `logoTtlMs`.
 * @param {object} options
 * @param {() => unknown[]} options.sites the served sites.json's entries, asked on every request (read through the
 *   schema once per list: the same list again is not read again)
 * @param {string} options.root the host's folder, where logos given as paths lie
 * @param {(theme: string) => object | null} options.appColors a theme's `appColors` (appColorsFromManifest)
 * @param {(line: string) => void} [options.warn]
 * @param {{ draw: (bytes: Buffer, variant: object, background: string) => Promise<Buffer> }} [options.drawer] where icons
 *   are drawn (web-app-icons.mjs createIconDrawer: a child process, within a deadline); one of its own unless given
 */
export function webAppAnswers({
  sites,
  root,
  appColors,
  warn = (line) => console.warn(line),
  readLogoBytes = readLogo,
  logoTtlMs = 60_000,
  maxIcons = 200,
  now = Date.now,
  drawer,
}) {
  let ownDrawer;
  const drawing = () => drawer ?? (ownDrawer ??= createIconDrawer());
  const logos = new Map();
  const icons = new Map();
  const read = new WeakMap();
  const readOnce = (entries) => {
    if (!read.has(entries)) read.set(entries, readSites(entries));
    return read.get(entries);
  };
  const cachedLogo = (logo, options) => {
    if (logo.kind === 'path') return readLogoBytes(logo, options);
    const kept = logos.get(logo.url);
    if (kept && now() - kept.at < logoTtlMs) return kept.bytes;
    const bytes = Promise.resolve(readLogoBytes(logo, options));
    logos.set(logo.url, { at: now(), bytes });
    bytes.catch(() => logos.delete(logo.url));
    return bytes;
  };
  return async (urlPath) => {
    const match = PATH.exec(urlPath);
    if (!match) return null;
    const [, key, lang, variantName, hash] = match;
    const entries = sites();
    const { sites: served, refused } = await readOnce(Array.isArray(entries) ? entries : []);
    const site = served.find((one) => one.key === key);
    if (!site) {
      const why = refused.find((one) => one.key === key)?.why;
      if (why) warn(`webapp ${key}: sites.json entry refused (${why})`);
      return null;
    }
    let prepared;
    try {
      prepared = await prepareSite(site, { root, appColors, readLogoBytes: cachedLogo });
    } catch (error) {
      if (!(error instanceof LogoRefused)) throw error;
      warn(`webapp ${key}: ${error.message}`);
      return null;
    }
    if (!prepared.ok) {
      warn(`webapp ${key}: sites.json entry refused (${prepared.problems.join('; ')})`);
      return null;
    }
    if (lang) return { body: Buffer.from(manifestText(prepared, lang)), type: MANIFEST_TYPE, cacheControl: 'no-cache' };
    const variant = ICON_VARIANTS.find((v) => v.name === variantName);
    // An icon of another logo than today's (or a name no variant has) is no longer drawn.
    if (!variant || (variant.hashed ? hash !== prepared.hash : hash !== undefined)) return null;
    const cacheKey = `${variant.name}:${prepared.hash}`;
    let png = icons.get(cacheKey);
    if (!png) {
      try {
        // Drawn apart from this server, within a deadline: a logo made to stall the drawing costs this brand its icon.
        png = await drawing().draw(prepared.bytes, variant, prepared.background);
      } catch (error) {
        if (!(error instanceof LogoRefused)) throw error;
        warn(`webapp ${key}: ${error.message}`);
        return null;
      }
      if (icons.size >= maxIcons) icons.delete(icons.keys().next().value);
      icons.set(cacheKey, png);
    }
    return { body: png, type: PNG_TYPE, cacheControl: variant.hashed ? 'public, max-age=31536000, immutable' : 'no-cache' };
  };
}

async function writeAtomically(file, data) {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/** Where the writer keeps what it wrote for each site, and since when a file is no longer named (hidden: nginx serves no dotfile). */
const WRITTEN_STATE = '.written.json';
/** How long an icon no manifest names any more stays (a page may still hold the manifest that named it). */
export const KEEP_SUPERSEDED_MS = 24 * 60 * 60 * 1000;

/** Runs `fn` over `items`, `limit` at a time, in order of start. */
async function eachAtMost(items, limit, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/** The files under `dir` (relative, `/`-separated), none when it does not exist. */
async function filesUnder(dir, base = dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const found = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(full, base)));
    else if (entry.isFile() && entry.name !== WRITTEN_STATE) found.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return found;
}

/**
 * Writes every site's manifests and icons under `<root>/webapp/<key>/`, as the demo server would answer them, for nginx
 * to serve as files. Only what changed is written: an icon already drawn from the same logo on the same background is
 * kept, a manifest whose text is the same is not touched. A file no manifest names any more (an earlier logo, a site
 * gone from sites.json) is removed once it has been so for KEEP_SUPERSEDED_MS (a page may still hold the manifest that
 * named it). Icons are drawn in child processes within a deadline (web-app-icons.mjs createIconDrawer). Returns what
 * was written, kept and removed, and one line per site left out (its entry or its logo refused) saying why.
 * @param {object} options
 * @param {unknown[]} options.sites sites.json's entries
 * @param {string} options.root the host's folder (logos given as paths are read there)
 * @param {string} [options.out] where `webapp/` is written (the root)
 * @param {(theme: string) => Promise<object | null>} options.appColors
 */
export async function writeWebApps({ sites, root, out = root, appColors, readLogoBytes = readLogo, drawer, now = Date.now() }) {
  const base = path.join(out, WEB_APP_BASE);
  const stateFile = path.join(base, WRITTEN_STATE);
  const state = await readFile(stateFile, 'utf8').then(
    (text) => JSON.parse(text),
    () => ({}),
  );
  const drawn = state.drawn && typeof state.drawn === 'object' ? state.drawn : {};
  const superseded = state.superseded && typeof state.superseded === 'object' ? state.superseded : {};
  const written = [];
  const kept = [];
  const warnings = [];
  const refused = [];
  const current = new Set();
  const nextDrawn = {};
  const uncoloured = new Map();
  const ownDrawer = drawer ? null : createIconDrawer({ size: Math.max(1, availableParallelism()) });
  // Sites that share a logo and a ground (a group of brands on one theme) share their icons' drawing: once a run.
  const drawings = new Map();
  const draw = (bytes, variant, background, hash) => {
    const key = `${hash}:${variant.name}`;
    if (!drawings.has(key)) drawings.set(key, (drawer ?? ownDrawer).draw(bytes, variant, background));
    return drawings.get(key);
  };
  const put = async (urlPath, data) => {
    const file = path.join(out, urlPath);
    await writeAtomically(file, data);
    written.push(file);
  };
  const read = await readSites(sites);
  for (const { key, why } of read.refused) {
    refused.push({ key, why });
    warnings.push(`site ${JSON.stringify(key)} gets no installed app: ${why}`);
  }
  try {
    await eachAtMost(read.sites, 8, async (site) => {
      const { key } = site;
      let prepared;
      try {
        prepared = await prepareSite(site, { root, appColors, readLogoBytes });
        if (!prepared.ok) throw new LogoRefused(prepared.problems.join('; '));
        const { hash } = prepared;
        if (!prepared.colors) uncoloured.set(site.theme, [...(uncoloured.get(site.theme) ?? []), site.key]);
        // The icons first and the manifests last, so no manifest ever names an icon not written yet.
        const icons = await Promise.all(
          ICON_VARIANTS.map(async (variant) => {
            const urlPath = iconPath(site.key, variant, hash);
            const exists = await stat(path.join(out, urlPath)).then(
              (info) => info.isFile(),
              () => false,
            );
            // Same logo, same background: the same icon (hashed names say so; the touch icon's last drawing says so).
            const same = exists && (variant.hashed || drawn[site.key] === hash);
            return { urlPath, png: same ? null : await draw(prepared.bytes, variant, prepared.background, hash) };
          }),
        );
        for (const { urlPath, png } of icons) {
          current.add(urlPath);
          if (png) await put(urlPath, png);
          else kept.push(path.join(out, urlPath));
        }
        for (const lang of WEB_APP_LANGS) {
          const urlPath = manifestPath(site.key, lang);
          const text = manifestText(prepared, lang);
          current.add(urlPath);
          const before = await readFile(path.join(out, urlPath), 'utf8').catch(() => null);
          if (before === text) kept.push(path.join(out, urlPath));
          else await put(urlPath, Buffer.from(text));
        }
        nextDrawn[site.key] = hash;
      } catch (error) {
        if (!(error instanceof LogoRefused)) throw error;
        refused.push({ key, why: error.message });
        warnings.push(`site ${JSON.stringify(key)} gets no installed app: ${error.message}`);
      }
    });
  } finally {
    ownDrawer?.close();
  }
  for (const [theme, keys] of uncoloured) {
    warnings.push(
      `theme ${theme} states no app colours (its remote's mf-manifest.json unreachable, or built before it stated them): ${keys.length} site${keys.length === 1 ? '' : 's'} (${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}) get the brand shell's neutral colours; run this again once the remote is served, or give --remote-manifest=${theme}=FILE`,
    );
  }
  // Files no manifest names now: kept a day from the run that first found them so, then removed.
  const removed = [];
  const stillSuperseded = {};
  for (const rel of await filesUnder(base)) {
    const urlPath = `${WEB_APP_BASE}${rel}`;
    if (current.has(urlPath)) continue;
    const since = typeof superseded[urlPath] === 'number' ? superseded[urlPath] : now;
    if (now - since >= KEEP_SUPERSEDED_MS) {
      await rm(path.join(out, urlPath), { force: true });
      removed.push(path.join(out, urlPath));
      await rmdir(path.dirname(path.join(out, urlPath))).catch(() => undefined);
    } else {
      stillSuperseded[urlPath] = since;
    }
  }
  await mkdir(base, { recursive: true });
  await writeAtomically(stateFile, `${JSON.stringify({ drawn: nextDrawn, superseded: stillSuperseded })}\n`);
  return { written, kept, removed, warnings, refused };
}

/**
 * A theme's app colours for the writer: from a local copy of its remote's mf-manifest.json when one is given
 * (`--remote-manifest=THEME=FILE`), else fetched from the URL config.json's `remotes` names.
 */
export function remoteAppColors({ remotes, localManifests = {}, fetchImpl = fetch, timeoutMs = 8000 }) {
  const cache = new Map();
  return (theme) => {
    if (!cache.has(theme)) {
      cache.set(
        theme,
        (async () => {
          if (localManifests[theme]) return appColorsFromManifest(await readFile(localManifests[theme], 'utf8'));
          const url = remotes?.[theme];
          if (typeof url !== 'string') return null;
          try {
            const reply = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
            return reply.ok ? appColorsFromManifest(await reply.text()) : null;
          } catch {
            return null;
          }
        })(),
      );
    }
    return cache.get(theme);
  };
}
