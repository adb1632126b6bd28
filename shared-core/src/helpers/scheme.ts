import type { Scheme } from '../types/site-config';

/** With two or more schemes the stored isDark decides; otherwise the first scheme is used. */
export function resolveScheme(schemes: readonly Scheme[], storedIsDark: string | null | undefined): Scheme {
  const first = schemes[0] ?? 'light';
  if (schemes.length < 2) return first;
  if (storedIsDark === 'true') return schemes.includes('dark') ? 'dark' : first;
  if (storedIsDark === 'false') return schemes.includes('light') ? 'light' : first;
  return first;
}

export function canSwitchScheme(schemes: readonly Scheme[]): boolean {
  return new Set(schemes).size >= 2;
}
