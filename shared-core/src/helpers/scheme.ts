import type { Scheme, SiteTheme } from '../types/site-config';

/** With two or more themes the stored isDark decides; otherwise the first theme is used. */
export function resolveScheme(themes: readonly SiteTheme[], storedIsDark: string | null | undefined): Scheme {
  const first = themes[0]?.theme ?? 'light';
  if (themes.length < 2) return first;
  if (storedIsDark === 'true') return themes.some((t) => t.theme === 'dark') ? 'dark' : first;
  if (storedIsDark === 'false') return themes.some((t) => t.theme === 'light') ? 'light' : first;
  return first;
}

export function canSwitchScheme(themes: readonly SiteTheme[]): boolean {
  return new Set(themes.map((t) => t.theme)).size >= 2;
}
