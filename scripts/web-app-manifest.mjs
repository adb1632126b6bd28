// Each site's web app manifest, built from its sites.json entry and its theme's colours: one pure function shared
// by the demo's server (scripts/serve.mjs, per request) and the production recipe (deploy/write-nginx-includes.mjs,
// as files), so a new site in sites.json is installable with no build of the host.
//
// URLs, all on the host's origin (the page's CSP covers them with 'self'):
//   /webapp/{key}/manifest-{th|en}.webmanifest   the manifest in the member's language (the page links the one it shows)
//   /webapp/{key}/icon-192-{hash}.png            the logo, 192×192, purpose "any"
//   /webapp/{key}/icon-512-{hash}.png            the logo, 512×512, purpose "any"
//   /webapp/{key}/icon-maskable-512-{hash}.png   the logo inside the maskable safe zone, on the site's background
//   /webapp/{key}/apple-touch-icon.png           180×180 on the site's background, for iOS's home screen
// `{hash}` is the first 10 hex digits of the SHA-256 of the logo's bytes and the icon's background: a new logo is a
// new icon URL, so the manifest changes with it and an installed app picks the new icon up on its next update check.
//
// Sites share one origin, so each is its own app by its `id` (`/?prefix={key}`); `start_url` carries the prefix too.
// `scope` is the whole origin: the brand is chosen by the query, which a scope cannot hold (scopes match paths).

/** Where everything of the installed apps is served. */
export const WEB_APP_BASE = '/webapp/';

/** The languages a manifest is written in: the site's own two. */
export const WEB_APP_LANGS = ['th', 'en'];

/** The icons every site gets, drawn from its logo (scripts/web-app-icons.mjs draws them). */
export const ICON_VARIANTS = [
  // The logo as it is, on no background: what a desktop's app list and Chromium's install dialog show.
  { name: 'icon-192', size: 192, purpose: 'any', scale: 1, background: false, hashed: true },
  { name: 'icon-512', size: 512, purpose: 'any', scale: 1, background: false, hashed: true },
  // Android crops a maskable icon to its own shape and keeps only the circle of 40 % radius around the centre: a
  // square inside that circle is 0.566 of the side, so the logo takes 0.56 of it, on the site's background.
  { name: 'icon-maskable-512', size: 512, purpose: 'maskable', scale: 0.56, background: true, hashed: true },
  // iOS lays a transparent icon on black and rounds the corners itself: an opaque square, the logo a little inset.
  { name: 'apple-touch-icon', size: 180, purpose: null, scale: 0.8, background: true, hashed: false },
];

const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
/** What a site shows while its theme's colours are unknown (a remote down when the files were written): the brand shell's. */
export const FALLBACK_COLORS = { light: { theme: '#f5f6fa', background: '#f5f6fa' }, dark: { theme: '#0d0f14', background: '#0d0f14' } };
/** The longest name taken from sites.json (the spec sets no limit; the schema holds its own names and short names to the same). */
const MAX_NAME = 60;

/** A CSS hex colour (the only form written into a manifest or drawn behind an icon), or null. */
export function hexColor(value) {
  return typeof value === 'string' && COLOR.test(value.trim()) ? value.trim().toLowerCase() : null;
}

/**
 * The logo as the safe-URL guard takes it (shared-core/src/helpers/safe-url.ts with `sameOriginPath`): a path on the
 * host's origin (`/logos/pre8.svg`) or an absolute http(s) URL without credentials. Anything else, null.
 */
export function checkedLogo(raw) {
  if (typeof raw !== 'string') return null;
  // eslint-disable-next-line no-control-regex -- browsers drop these before reading a scheme; so does the guard.
  const cleaned = raw.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
  if (cleaned === '' || /^(javascript|data|vbscript|blob|file):/i.test(cleaned) || /^[\\/]{2}/.test(cleaned)) return null;
  if (cleaned.startsWith('/')) {
    let url;
    try {
      url = new URL(cleaned, 'http://path.invalid');
    } catch {
      return null;
    }
    return url.origin === 'http://path.invalid' ? { kind: 'path', path: decodeURIComponent(url.pathname) } : null;
  }
  let url;
  try {
    url = new URL(cleaned);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password) return null;
  return { kind: 'url', url: url.href };
}

const text = (value, max) => (typeof value === 'string' && value.trim() !== '' && value.trim().length <= max ? value.trim() : null);

/**
 * What the manifest takes of one site, a `Site` as shared-core's schema reads it from sites.json (its key, brand,
 * theme, flavour and schemes already checked there), or the problems of the manifest's own: a name no longer than a
 * launcher shows, and a logo in the form its icons are drawn from (checkedLogo). A site that fails gets no manifest
 * and no icons; the problems name the file's fields, which the operator fixes.
 * @param {import('../shared-core/src/types/site-config').Site} site
 */
export function checkWebAppSite(site) {
  const problems = [];
  const name = text(site.brand.name, MAX_NAME);
  if (!name) problems.push(`web: must be a name of 1 to ${MAX_NAME} characters for the installed app`);
  const logo = checkedLogo(site.brand.logo);
  if (!logo) problems.push('logo: must be an absolute http(s) URL or a path on this origin');
  if (problems.length) return { ok: false, problems };
  const names = {};
  for (const lang of WEB_APP_LANGS) {
    const own = site.brand.appNames?.[lang];
    if (own) names[lang] = { name: own.name.trim(), shortName: own.shortName === undefined ? null : own.shortName.trim() };
  }
  return {
    ok: true,
    site: {
      key: site.key,
      name,
      logo,
      schemes: [...new Set(site.schemes)],
      theme: site.theme,
      flavour: site.flavour,
      shortName: site.brand.shortName === undefined ? null : site.brand.shortName.trim(),
      names,
    },
  };
}

/**
 * A short name for a launcher's label when the site gives none: the name itself when it fits in 12 characters, else
 * its words' initials (Bangkok Member Club → BMC), else its first 12 characters.
 */
export function shortNameOf(name) {
  if (name.length <= 12) return name;
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length > 1) {
    const initials = words
      .map((word) => [...word][0])
      .join('')
      .toUpperCase();
    if (initials.length <= 12) return initials;
  }
  return [...name].slice(0, 12).join('').trim();
}

/**
 * The colours a theme's remote states in its mf-manifest.json (`metaData.appColors`, written by its build from its
 * tokens: build-preset's appColorsOf) for one scheme and site flavour: the flavour's where it has them, else the
 * theme's. Null when the remote says nothing usable.
 */
export function themeColorsFor(appColors, scheme, flavour) {
  const pick = (colors) => {
    const theme = hexColor(colors?.theme);
    const background = hexColor(colors?.background);
    return theme && background ? { theme, background } : null;
  };
  const own =
    flavour && appColors?.flavours && Object.hasOwn(appColors.flavours, flavour) ? pick(appColors.flavours[flavour]?.[scheme]) : null;
  return own ?? pick(appColors?.[scheme]);
}

export const manifestPath = (key, lang) => `${WEB_APP_BASE}${key}/manifest-${lang}.webmanifest`;
export const iconPath = (key, variant, hash) => `${WEB_APP_BASE}${key}/${variant.name}${variant.hashed ? `-${hash}` : ''}.png`;

/**
 * One site's manifest in one language.
 * @param {ReturnType<typeof checkWebAppSite>['site']} site a checked entry (checkWebAppSite)
 * @param {object} options
 * @param {'th' | 'en'} options.lang the language of its names
 * @param {{theme: string, background: string} | null} options.colors the site's first scheme's colours
 *   (themeColorsFor); null: the brand shell's colours of that scheme
 * @param {string} options.iconHash the hash in the icons' names (web-app-icons.mjs iconHashOf)
 */
export function webAppManifest(site, { lang, colors, iconHash }) {
  const own = site.names[lang];
  const name = own?.name ?? site.name;
  const shortName = own?.shortName ?? site.shortName ?? shortNameOf(name);
  const scheme = site.schemes[0];
  const { theme, background } = colors ?? FALLBACK_COLORS[scheme];
  const start = `/?prefix=${encodeURIComponent(site.key)}`;
  return {
    id: start,
    name,
    short_name: shortName,
    lang,
    dir: 'ltr',
    start_url: start,
    scope: '/',
    display: 'standalone',
    theme_color: theme,
    background_color: background,
    icons: ICON_VARIANTS.filter((variant) => variant.purpose).map((variant) => ({
      src: iconPath(site.key, variant, iconHash),
      sizes: `${variant.size}x${variant.size}`,
      type: 'image/png',
      purpose: variant.purpose,
    })),
  };
}
