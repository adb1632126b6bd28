// The sites' installed apps as the servers hand them out: the demo's (scripts/serve.mjs) answers each manifest and icon
// on request from the sites.json of the moment; the production recipe (deploy/write-nginx-includes.mjs) writes the
// same answers as files for nginx. Both read a theme's colours from its remote's mf-manifest.json (`metaData.appColors`).
import { mkdir, readFile, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import {
  ICON_VARIANTS, WEB_APP_BASE, WEB_APP_LANGS, checkWebAppSite, iconPath, manifestPath, themeColorsFor, webAppManifest,
} from './web-app-manifest.mjs';
import { LogoRefused, drawIcon, iconHashOf, readLogo } from './web-app-icons.mjs';

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

/**
 * Everything one site's app needs, from its sites.json entry: the checked entry, its colours, its logo's bytes and
 * the hash its icons are named by. Throws LogoRefused when the logo cannot be had.
 * @param {unknown} entry the raw sites.json entry
 * @param {{ root: string, appColors: (theme: string) => Promise<object | null> | object | null, readLogoBytes?: typeof readLogo }} options
 */
export async function prepareSite(entry, { root, appColors, readLogoBytes = readLogo }) {
  const checked = checkWebAppSite(entry);
  if (!checked.ok) return { ok: false, problems: checked.problems };
  const { site } = checked;
  const colors = themeColorsFor(await appColors(site.layout), site.schemes[0], site.css);
  const bytes = await readLogoBytes(site.logo, { root });
  // Opaque icons lie on the page's ground; the brand shell's when the theme's colours are unknown.
  const background = colors?.background ?? (site.schemes[0] === 'dark' ? '#0d0f14' : '#f5f6fa');
  return { ok: true, site, colors, bytes, background, hash: iconHashOf(bytes, background) };
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
 * @param {() => unknown[]} options.sites the served sites.json's entries, asked on every request
 * @param {string} options.root the host's folder, where logos given as paths lie
 * @param {(theme: string) => object | null} options.appColors a theme's `appColors` (appColorsFromManifest)
 * @param {(line: string) => void} [options.warn]
 */
export function webAppAnswers({ sites, root, appColors, warn = (line) => console.warn(line), readLogoBytes = readLogo, logoTtlMs = 60_000, maxIcons = 200, now = Date.now }) {
  const logos = new Map();
  const icons = new Map();
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
    const entry = sites().find((site) => site && typeof site === 'object' && site.key === key);
    if (!entry) return null;
    let prepared;
    try {
      prepared = await prepareSite(entry, { root, appColors, readLogoBytes: cachedLogo });
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
        png = drawIcon(prepared.bytes, variant, prepared.background);
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
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/**
 * Writes every site's manifests and icons under `<root>/webapp/<key>/`, as the demo server would answer them, for nginx
 * to serve as files. Icons of an earlier logo stay (a page may still hold the manifest that names them); remove them
 * by hand once no member can hold it. Returns what was written and a warning per site left out.
 * @param {object} options
 * @param {unknown[]} options.sites sites.json's entries
 * @param {string} options.root the host's folder (logos given as paths are read there)
 * @param {string} [options.out] where `webapp/` is written (the root)
 * @param {(theme: string) => Promise<object | null>} options.appColors
 */
export async function writeWebApps({ sites, root, out = root, appColors, readLogoBytes = readLogo }) {
  const written = [];
  const warnings = [];
  for (const entry of sites) {
    const key = entry && typeof entry === 'object' ? entry.key : undefined;
    let prepared;
    try {
      prepared = await prepareSite(entry, { root, appColors, readLogoBytes });
    } catch (error) {
      if (!(error instanceof LogoRefused)) throw error;
      warnings.push(`site ${JSON.stringify(key)} gets no installed app: ${error.message}`);
      continue;
    }
    if (!prepared.ok) {
      warnings.push(`site ${JSON.stringify(key)} gets no installed app: ${prepared.problems.join('; ')}`);
      continue;
    }
    if (!prepared.colors) warnings.push(`site ${prepared.site.key}: theme ${prepared.site.layout} states no app colours (is its remote's mf-manifest.json reachable, and built with this version?); the brand shell's are used`);
    const dir = path.join(out, WEB_APP_BASE, prepared.site.key);
    await mkdir(dir, { recursive: true });
    const files = [];
    try {
      for (const lang of WEB_APP_LANGS) files.push([manifestPath(prepared.site.key, lang), Buffer.from(manifestText(prepared, lang))]);
      for (const variant of ICON_VARIANTS) files.push([iconPath(prepared.site.key, variant, prepared.hash), drawIcon(prepared.bytes, variant, prepared.background)]);
    } catch (error) {
      if (!(error instanceof LogoRefused)) throw error;
      warnings.push(`site ${prepared.site.key} gets no installed app: ${error.message}`);
      continue;
    }
    // The icons first and the manifests last, so no manifest ever names an icon not written yet.
    for (const [urlPath, data] of files.reverse()) {
      const file = path.join(out, urlPath);
      await writeAtomically(file, data);
      written.push(file);
    }
  }
  return { written, warnings };
}

/**
 * A theme's app colours for the writer: from a local copy of its remote's mf-manifest.json when one is given
 * (`--remote-manifest=THEME=FILE`), else fetched from the URL config.json's `remotes` names.
 */
export function remoteAppColors({ remotes, localManifests = {}, fetchImpl = fetch, timeoutMs = 8000 }) {
  const cache = new Map();
  return (theme) => {
    if (!cache.has(theme)) {
      cache.set(theme, (async () => {
        if (localManifests[theme]) return appColorsFromManifest(await readFile(localManifests[theme], 'utf8'));
        const url = remotes?.[theme];
        if (typeof url !== 'string') return null;
        try {
          const reply = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
          return reply.ok ? appColorsFromManifest(await reply.text()) : null;
        } catch {
          return null;
        }
      })());
    }
    return cache.get(theme);
  };
}
