/** Cookie access in one place, so names and lifetimes stay exactly the product's. */

export interface CookieOptions {
  maxAgeSeconds?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
}

export const DAY = 24 * 60 * 60;

export function readCookie(name: string, source: string = document.cookie): string | null {
  for (const part of source.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    if (key === name) {
      const raw = part.slice(eq + 1).trim();
      // An emptied cookie is an absent one (some engines keep it until the next read).
      if (raw === '') return null;
      try {
        return decodeURIComponent(raw);
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function readCookiesStartingWith(prefix: string, source: string = document.cookie): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const part of source.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    if (key.startsWith(prefix)) {
      try {
        found.push([key, decodeURIComponent(part.slice(eq + 1).trim())]);
      } catch {
        // A cookie another app wrote with broken escaping is not ours to read.
      }
    }
  }
  return found;
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`, `SameSite=${options.sameSite ?? 'Lax'}`];
  if (options.maxAgeSeconds !== undefined) parts.push(`max-age=${Math.round(options.maxAgeSeconds)}`);
  if (options.secure ?? location.protocol === 'https:') parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function deleteCookie(name: string, path = '/'): void {
  document.cookie = `${name}=; path=${path}; max-age=0; SameSite=Lax`;
}
