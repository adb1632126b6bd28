// The host page's Content-Security-Policy, computed from the run-time configuration (`/config.json`
// and `/sites.json`). The same function feeds the demo server (scripts/serve.mjs) and the production
// recipe (deploy/write-nginx-includes.mjs writes it into an nginx include), so a deploy that changes where the
// API, the socket, the theme remotes or the promotion pages live regenerates the policy from the
// files it already writes instead of editing a header by hand.
//
// No 'unsafe-eval' and no 'unsafe-inline' anywhere:
// - scripts: the host's own bundle and the theme remotes' origins (Module Federation loads each
//   remoteEntry.js and its chunks with <script src>, never eval); an inline <script> in the host's
//   page is allowed by a nonce the server makes for that one answer and writes into both the page (in place of
//   CSP_NONCE_PLACEHOLDER) and the policy, so no build of the host and no policy can disagree, whatever the
//   order they were deployed in.
// - styles: the host's and the remotes' extracted CSS files. sweetalert2 would inject a <style>
//   element; the host imports its CSS-free build and its stylesheet instead, so nothing inline is needed.
//   React's `style` props go through the CSSOM, which the policy does not govern.
import { createHash, randomBytes } from 'node:crypto';

/**
 * What the built index.html carries as its inline scripts' nonce (`nonce="member-csp-nonce"`): the server that sends
 * the page puts a fresh nonce there, and the same one in the policy (the demo server per answer, nginx by its
 * sub_filter and `$request_id`).
 */
export const CSP_NONCE_PLACEHOLDER = 'member-csp-nonce';

/** A fresh nonce for one answer: 128 random bits, base64. */
export function newNonce() {
  return randomBytes(16).toString('base64');
}

/** The page with its inline scripts' nonce placeholder replaced by `nonce`. */
export function withNonce(html, nonce) {
  return String(html).replaceAll(`nonce="${CSP_NONCE_PLACEHOLDER}"`, `nonce="${nonce}"`);
}

/**
 * The brand a page request is for, as the host resolves it (host/src/core/config/resolve-prefix.ts): `?prefix=`, else the
 * first four characters of LINE's `?state=`, else the first login cookie (`member-X=X`) of a brand sites.json has.
 * Null when none is named or the one named is unknown. The policy frames that brand's promotion and shows its logo.
 * @param {{ search: string, cookie?: string }} request the query string and the Cookie header
 * @param {readonly string[]} keys the brands of sites.json
 */
export function brandOfRequest({ search, cookie = '' }, keys) {
  const params = new URLSearchParams(search);
  let prefix = params.get('prefix');
  const state = params.get('state');
  if (prefix === null && state !== null) prefix = state.slice(0, 4);
  if (prefix !== null) return keys.includes(prefix) ? prefix : null;
  for (const pair of cookie.split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (name === `member-${value}` && keys.includes(value)) return value;
  }
  return null;
}

/**
 * The host page's Permissions-Policy, sent with its HTML beside the policy above (by the demo server and by the nginx
 * recipe's include). The pages use none of these features, so each is denied to the page and to anything it frames
 * (the promotion page): camera, microphone, location, payment, USB, serial and HID devices, MIDI, gamepads, motion
 * sensors, screen capture, wake lock, XR, idle detection, passkeys and SMS one-time codes, local fonts, window
 * placement, ad topics, reading the clipboard. The one feature the pages use, writing to the clipboard (the copy
 * buttons), stays the page's own. Every name is one Chromium knows (an unknown one would only cost a console warning):
 * the deploy tests check the list against the browser.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'gamepad=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'local-fonts=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'otp-credentials=()',
  'payment=()',
  'publickey-credentials-create=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'window-management=()',
  'xr-spatial-tracking=()',
].join(', ');

/** `https://a.example:8443` for any absolute URL; null for what is not one. */
export function originOf(url) {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? null : parsed.origin;
  } catch {
    return null;
  }
}

function unique(list) {
  return [...new Set(list.filter(Boolean))];
}

/**
 * The origins the sites' logos come from when given as absolute http(s) URLs: the page shows a brand's logo itself (the
 * brand shell, the login), so the policy must let images come from there.
 * @param {{logo?: unknown}[]} sites sites.json's entries
 */
export function logoOrigins(sites = []) {
  return unique(sites.map((site) => (typeof site?.logo === 'string' && /^https?:\/\//i.test(site.logo) ? originOf(site.logo) : null)));
}

/** The sha256 source (`'sha256-…'`) of an inline <style> element with this text, as a policy allows it. */
export function styleHash(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The socket origins pusher-js may open. It uses wss when `forceTLS` is set or the page itself is
 * https, ws otherwise; without `wsHost` it talks to Pusher Channels' cluster host. Default ports
 * (80 for ws, 443 for wss) are left out, as a browser compares them.
 */
export function socketSources(pusher = {}) {
  const host = pusher.wsHost || `ws-${pusher.cluster || 'mt1'}.pusher.com`;
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const wsPort = pusher.wsPort ?? 80;
  // Like the host: without wssPort, a configured wsPort serves both schemes.
  const wssPort = pusher.wssPort ?? pusher.wsPort ?? 443;
  const wss = `wss://${bracketed}${wssPort === 443 ? '' : `:${wssPort}`}`;
  if (pusher.forceTLS) return [wss];
  return [`ws://${bracketed}${wsPort === 80 ? '' : `:${wsPort}`}`, wss];
}

/**
 * The policy's directives, in order, each with its sources.
 * @param {object} config the run-time config (`/config.json`)
 * @param {object} [options]
 * @param {{key?: string, promoLink?: string, logo?: string}[]} [options.sites] `sites.json`'s sites: their promotion
 *   pages may be framed and their logos shown
 * @param {string | null} [options.brand] the page's brand (brandOfRequest): only its promotion is framed and only its
 *   logo's origin listed; null (no brand resolved) frames nothing and lists every logo's origin; undefined: every site's
 * @param {string} [options.nonce] the nonce of the page's inline scripts (this answer's)
 * @param {string[]} [options.imageOrigins] extra origins that serve images (a provider's CDN for game tiles)
 * @param {string[]} [options.connectOrigins] extra origins the page may call
 * @param {string[]} [options.styleHashes] `'sha256-…'` sources of inline <style> elements the page may apply (the dev
 *   server's build-error overlay; production pages have none)
 * @param {string[]} [options.styleAttributeHashes] `'sha256-…'` sources of `style` attribute values the page may apply
 *   (the overlay's coloured spans, in dev): a `style-src-attr` directive with 'unsafe-hashes' allows those values
 *   only. Without it there is no such directive, and style-src (which allows no attribute) governs them.
 * @param {string[]} [options.selfOrigins] the origins the page is served from (the host's). When there is one,
 *   a source equal to it is left out ('self' is that origin). With several, each stays: on a page opened under
 *   another of the names it is another origin, and 'self' does not cover it there.
 * @returns {[string, string[]][]}
 */
export function cspDirectives(config, options = {}) {
  const remoteOrigins = unique(Object.values(config.remotes ?? {}).map(originOf));
  const apiOrigin = originOf(config.apiBase);
  const authOrigin = originOf(config.broadcastAuthBase);
  const allowed = new Set((config.allowedOrigins ?? []).map(originOf).filter(Boolean));
  const allSites = options.sites ?? [];
  const brandSites = options.brand === undefined ? allSites : allSites.filter((site) => site?.key === options.brand);
  // The host frames a promotion page only when its origin is an allowed one (the safe-URL guard).
  const promoOrigins = unique(brandSites.map((site) => originOf(site?.promoLink)).filter((origin) => allowed.has(origin)));
  const logoSites = options.brand === null ? allSites : brandSites;
  const inline = options.nonce ? [`'nonce-${options.nonce}'`] : [];
  const extraImages = unique((options.imageOrigins ?? []).map(originOf));
  const extraConnect = unique((options.connectOrigins ?? []).map(originOf));
  const reportOrigins = [originOf(config.errorReportUrl), originOf(config.vitalsReportUrl)];
  // apiBase may be the host's own origin (the API proxied under it) or a path on it (no origin at all).
  const selfNames = unique((options.selfOrigins ?? []).map(originOf));
  const onlySelf = selfNames.length === 1 ? selfNames[0] : null;
  const sources = (list) => unique(list).filter((source) => source !== onlySelf);

  return [
    ['default-src', ["'self'"]],
    ['script-src', sources(["'self'", ...inline, ...remoteOrigins])],
    // A page drawn in the HTML carries its stylesheet inline, with the same nonce as its scripts.
    ['style-src', sources(["'self'", ...inline, ...(options.styleHashes ?? []), ...remoteOrigins])],
    ...(options.styleAttributeHashes?.length ? [['style-src-attr', ["'unsafe-hashes'", ...options.styleAttributeHashes]]] : []),
    // Game tiles, bank logos and avatars come from the operator API's origin (with the API proxied under the
    // host's, the deploy names that origin among imageOrigins); remotes may ship images; a brand's logo may live on
    // an origin of its own (an absolute URL in sites.json).
    ['img-src', sources(["'self'", 'data:', apiOrigin, ...remoteOrigins, ...extraImages, ...logoOrigins(logoSites)])],
    ['font-src', sources(["'self'", ...remoteOrigins])],
    // Each site's web app manifest and its icons are the host's own (/webapp/{key}/…, drawn from the logo by the server),
    // whatever origin the logo came from: nothing else is needed, and no other origin may name the app.
    ['manifest-src', ["'self'"]],
    // The API, channel authorisation, the live socket, the remotes' mf-manifest.json, the error reports and the field
    // figures (web vitals).
    [
      'connect-src',
      sources(["'self'", apiOrigin, authOrigin, ...socketSources(config.pusher), ...remoteOrigins, ...reportOrigins, ...extraConnect]),
    ],
    // The service worker (/sw.js, scope /): only the host's own script may be one; no remote, no blob, no data URL.
    ['worker-src', ["'self'"]],
    ['frame-src', promoOrigins.length ? promoOrigins : ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['object-src', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
}

/** The Content-Security-Policy header value for the host's HTML. */
export function contentSecurityPolicy(config, options = {}) {
  return cspDirectives(config, options)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** A comma- or space-separated list of bare origins (the host's, which the remotes' CORS names), each checked. */
export function parseOriginList(value) {
  return unique(
    String(value ?? '')
      .split(/[\s,]+/)
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => {
        const origin = originOf(item);
        if (!origin || !/^https?:$/.test(new URL(origin).protocol) || origin !== item.replace(/\/$/, '')) {
          throw new Error(`"${item}" is not an origin like https://members.example.com`);
        }
        return origin;
      }),
  );
}
