import { withPre25Names, type LineContact, type Site, type SiteView } from '@member/shared-core';

/**
 * For a divided site the LINE contact is picked by the start of the member's game user name
 * (e.g. `ufkklacsag2…`); a game user of no division gets the first division's contact.
 */
export function pickDivisionContact(value: LineContact, gameUser: string | null): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value);
  if (gameUser) {
    const match = entries.filter(([division]) => gameUser.startsWith(division)).sort((a, b) => b[0].length - a[0].length)[0];
    if (match) return match[1];
  }
  return entries[0]?.[1] ?? '';
}

/** Every division's contact, for a visitor who belongs to none yet (a guest on a divided site). */
function everyDivisionContact(site: Site): { id: string; link: string; division: string }[] {
  const { lineId, lineLink } = site.brand;
  if (typeof lineId === 'string') return [];
  const links: Readonly<Record<string, string>> = typeof lineLink === 'string' ? {} : lineLink;
  return Object.entries(lineId).map(([division, id]) => ({ id, link: links[division] ?? '', division }));
}

export function toSiteView(site: Site, gameUser: string | null): SiteView {
  // A guest on a divided site belongs to no division yet: none of the contacts is theirs, so all are offered.
  const { brand } = site;
  const guestOfDivisions = site.divided && gameUser === null && typeof brand.lineId !== 'string';
  return withPre25Names({
    prefix: site.key,
    name: brand.name,
    logo: brand.logo,
    theme: site.theme,
    flavour: site.flavour,
    divided: site.divided,
    lineId: guestOfDivisions ? '' : pickDivisionContact(brand.lineId, gameUser),
    lineLink: guestOfDivisions ? '' : pickDivisionContact(brand.lineLink, gameUser),
    ...(guestOfDivisions ? { lineContacts: everyDivisionContact(site) } : {}),
    promoLink: brand.promoLink,
    registerEnabled: site.registerEnabled,
  });
}
