import type { SiteConfig, SiteView } from '@member/shared-core';

/**
 * For a divided site the LINE contact is picked by the start of the member's game user name
 * (e.g. `ufkklacsag2…`); a game user of no division gets the first division's contact.
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

/** Every division's contact, for a visitor who belongs to none yet (a guest on a divided site). */
function everyDivisionContact(site: SiteConfig): { id: string; link: string; division: string }[] {
  if (typeof site.LineID === 'string') return [];
  const links = typeof site.LineLink === 'string' ? {} : site.LineLink;
  return Object.entries(site.LineID).map(([division, id]) => ({ id, link: links[division] ?? '', division }));
}

export function toSiteView(site: SiteConfig, gameUser: string | null): SiteView {
  // A guest on a divided site belongs to no division yet: none of the contacts is theirs, so all are offered.
  const guestOfDivisions = site.divisions === 'true' && gameUser === null && typeof site.LineID !== 'string';
  return {
    prefix: site.key,
    web: site.web,
    logo: site.logo,
    layout: site.layout,
    css: site.css,
    divisions: site.divisions === 'true',
    lineId: guestOfDivisions ? '' : pickDivisionContact(site.LineID, gameUser),
    lineLink: guestOfDivisions ? '' : pickDivisionContact(site.LineLink, gameUser),
    ...(guestOfDivisions ? { lineContacts: everyDivisionContact(site) } : {}),
    promoLink: site.promoLink,
    registerEnabled: site.register,
  };
}
