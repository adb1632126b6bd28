import { local } from '../../core/lib/safe-storage';

/** Provider session values are kept in local storage for 7 days. */
export const PROVIDER_STORAGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The UFA keep-alive count of the member (followed by the prefix), shared by the brand's tabs. */
export const UFA_SHOTS_KEY = 'ufaShots_';

/** The provider sessions kept on the device (each followed by the prefix). */
export const PROVIDER_KEYS = ['gclubToken_', 'accountInfo_', 'ufaAccid_', 'ufaSessionsn_'] as const;
export type ProviderKey = (typeof PROVIDER_KEYS)[number];

export function storeProviderValue(key: ProviderKey, prefix: string, value: string, now = Date.now()): void {
  local.set(`${key}${prefix}`, JSON.stringify({ value, expires: now + PROVIDER_STORAGE_MS }));
}

export function readProviderValue(key: ProviderKey, prefix: string, now = Date.now()): string | null {
  const raw = local.get(`${key}${prefix}`);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { value?: unknown; expires?: unknown };
    if (typeof parsed.value !== 'string' || typeof parsed.expires !== 'number' || parsed.expires <= now) {
      local.remove(`${key}${prefix}`);
      return null;
    }
    return parsed.value;
  } catch {
    local.remove(`${key}${prefix}`);
    return null;
  }
}

/** `/profile` needs a provider session token stored, else it goes to /404. */
export function hasProviderSession(prefix: string): boolean {
  return readProviderValue('gclubToken_', prefix) !== null || readProviderValue('ufaAccid_', prefix) !== null;
}
