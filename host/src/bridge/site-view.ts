import type { SiteConfig, SiteView } from '@member/shared-core';

/**
 * For a divided site the LINE contact is picked by the start of the member's game user name
 * (e.g. `ufkklacsag2…`); without one, the first division's contact stands in.
 */
export function pickDivisionContact(value: string | Record<string, string>, gameUser: string | null): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value);
  if (gameUser) {
    const match = entries
      .filter(([division]) => gameUser.startsWith(division))
      .sort((a, b) => b[0].length - a[0].length)[0];
    if (match) return match[1];
  }
  return entries[0]?.[1] ?? '';
}

export function toSiteView(site: SiteConfig, gameUser: string | null): SiteView {
  return {
    prefix: site.key,
    web: site.web,
    logo: site.logo,
    layout: site.layout,
    css: site.css,
    divisions: site.divisions === 'true',
    lineId: pickDivisionContact(site.LineID, gameUser),
    lineLink: pickDivisionContact(site.LineLink, gameUser),
    promoLink: site.promoLink,
    registerEnabled: site.register,
  };
}
