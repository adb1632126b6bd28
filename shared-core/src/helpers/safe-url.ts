export type SafeUrlResult =
  | { ok: true; url: string }
  | { ok: false; reason: 'empty' | 'script-protocol' | 'protocol-relative' | 'credentials' | 'not-http' | 'invalid' | 'origin-not-allowed' };

// Browsers drop leading C0 controls and spaces, and tabs/newlines anywhere, before reading a scheme.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here.
const strip = (raw: string) => raw.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');

/**
 * The only way a URL from config or a reply may be opened: http(s) to an allow-listed origin,
 * no script or data schemes in any disguise, no protocol-relative or credential-bearing URLs.
 */
export function checkSafeUrl(raw: unknown, allowedOrigins: readonly string[]): SafeUrlResult {
  if (typeof raw !== 'string') return { ok: false, reason: 'invalid' };
  const cleaned = strip(raw);
  if (cleaned === '') return { ok: false, reason: 'empty' };
  if (/^(javascript|data|vbscript|blob|file):/i.test(cleaned)) return { ok: false, reason: 'script-protocol' };
  if (/^[\\/]{2}/.test(cleaned)) return { ok: false, reason: 'protocol-relative' };
  let parsed: URL;
  try {
    parsed = new URL(cleaned);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { ok: false, reason: 'not-http' };
  if (parsed.username !== '' || parsed.password !== '') return { ok: false, reason: 'credentials' };
  const allowed = allowedOrigins.some((origin) => {
    try {
      return new URL(origin).origin === parsed.origin;
    } catch {
      return false;
    }
  });
  if (!allowed) return { ok: false, reason: 'origin-not-allowed' };
  return { ok: true, url: parsed.href };
}

export function isSafeUrl(raw: unknown, allowedOrigins: readonly string[]): boolean {
  return checkSafeUrl(raw, allowedOrigins).ok;
}
