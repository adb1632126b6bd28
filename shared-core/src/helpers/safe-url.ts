export type SafeUrlRefusal =
  | 'empty'
  | 'script-protocol'
  | 'protocol-relative'
  | 'credentials'
  | 'not-http'
  | 'invalid'
  | 'origin-not-allowed';

export type SafeUrlResult = { ok: true; url: string } | { ok: false; reason: SafeUrlRefusal };

export interface SafeUrlOptions {
  /**
   * Also a path on the page's own origin (`/logos/pre8.svg`): sites.json names its brands' logos so, and such a path
   * cannot leave the origin the page already trusts.
   */
  sameOriginPath?: boolean;
}

// Browsers drop leading C0 controls and spaces, and tabs/newlines anywhere, before reading a scheme.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here.
const strip = (raw: string) => raw.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');

/** Any origin would do: it only tells a path that stays on the page's origin from one that leaves it. */
const PATH_BASE = 'http://path.invalid';

/**
 * The one rule for a URL from config, sites.json or an API reply that becomes a link, a frame, an image, a new
 * window or the page's next address: http(s) only, no script or data schemes in any disguise, no protocol-relative
 * or credential-bearing URLs. With `allowedOrigins`, only those origins (what the page navigates to or frames: a
 * game launch, the LINE login, the promotion page); without (null), any http(s) origin (a link out such as the
 * brand's LINE contact, or an image, which the page's CSP governs). The accepted URL comes back as the browser
 * reads it, so what is checked is what is used.
 */
export function checkSafeUrl(raw: unknown, allowedOrigins: readonly string[] | null = null, options: SafeUrlOptions = {}): SafeUrlResult {
  if (typeof raw !== 'string') return { ok: false, reason: 'invalid' };
  const cleaned = strip(raw);
  if (cleaned === '') return { ok: false, reason: 'empty' };
  if (/^(javascript|data|vbscript|blob|file):/i.test(cleaned)) return { ok: false, reason: 'script-protocol' };
  if (/^[\\/]{2}/.test(cleaned)) return { ok: false, reason: 'protocol-relative' };
  if (options.sameOriginPath && cleaned.startsWith('/')) {
    let path: URL;
    try {
      path = new URL(cleaned, PATH_BASE);
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    // `/\evil.example` and the like are read as another host by the URL parser: only what stays here passes.
    if (path.origin !== PATH_BASE) return { ok: false, reason: 'protocol-relative' };
    return { ok: true, url: `${path.pathname}${path.search}${path.hash}` };
  }
  let parsed: URL;
  try {
    parsed = new URL(cleaned);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { ok: false, reason: 'not-http' };
  if (parsed.username !== '' || parsed.password !== '') return { ok: false, reason: 'credentials' };
  if (allowedOrigins !== null) {
    const allowed = allowedOrigins.some((origin) => {
      try {
        return new URL(origin).origin === parsed.origin;
      } catch {
        return false;
      }
    });
    if (!allowed) return { ok: false, reason: 'origin-not-allowed' };
  }
  return { ok: true, url: parsed.href };
}

export function isSafeUrl(raw: unknown, allowedOrigins: readonly string[] | null = null, options: SafeUrlOptions = {}): boolean {
  return checkSafeUrl(raw, allowedOrigins, options).ok;
}

/** The URL to put in an `href` or `src`, or null when it must not be used (render nothing, or the fallback). */
export function safeUrl(raw: unknown, allowedOrigins: readonly string[] | null = null, options: SafeUrlOptions = {}): string | null {
  const checked = checkSafeUrl(raw, allowedOrigins, options);
  return checked.ok ? checked.url : null;
}
