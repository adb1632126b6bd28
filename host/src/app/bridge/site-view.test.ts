import { describe, expect, it } from 'vitest';
import { testSite } from '../../core/base/test-member';
import { pickDivisionContact, toSiteView } from './site-view';

const map = { ufkklacsag1: '@north', ufkklacsag2: '@south', ufkklacsag3: '@east', ufkklacsag4: '@west' };

describe('pickDivisionContact', () => {
  it('returns a plain contact as is', () => {
    expect(pickDivisionContact('@club', 'ufkklacsag2x')).toBe('@club');
  });
  it('picks the division that starts the game user name', () => {
    expect(pickDivisionContact(map, 'ufkklacsag3000123')).toBe('@east');
  });
  it('uses the first division when there is no game user', () => {
    expect(pickDivisionContact(map, null)).toBe('@north');
  });
});

describe('toSiteView: the LINE contact a visitor sees', () => {
  const dividedEntry = {
    key: 'ufkk',
    web: 'UFK Club',
    logo: '/l.svg',
    layout: 'default',
    css: 'x',
    divisions: 'true' as const,
    LineID: map,
    LineLink: {
      ufkklacsag1: 'https://line.me/R/ti/p/@north',
      ufkklacsag2: 'https://line.me/R/ti/p/@south',
      ufkklacsag3: 'https://line.me/R/ti/p/@east',
      ufkklacsag4: 'https://line.me/R/ti/p/@west',
    },
  };
  const divided = testSite(dividedEntry);

  it("a member of a division: that division's contact alone", () => {
    const view = toSiteView(divided, 'ufkklacsag2000777');
    expect([view.lineId, view.lineLink, view.lineContacts]).toEqual(['@south', 'https://line.me/R/ti/p/@south', undefined]);
  });

  it("a guest on a divided site: no one division's contact, but every division's to choose from, each naming its game users", () => {
    const view = toSiteView(divided, null);
    expect(view.lineId).toBe('');
    expect(view.divisions).toBe(true);
    expect(view.lineContacts).toEqual([
      { id: '@north', link: 'https://line.me/R/ti/p/@north', division: 'ufkklacsag1' },
      { id: '@south', link: 'https://line.me/R/ti/p/@south', division: 'ufkklacsag2' },
      { id: '@east', link: 'https://line.me/R/ti/p/@east', division: 'ufkklacsag3' },
      { id: '@west', link: 'https://line.me/R/ti/p/@west', division: 'ufkklacsag4' },
    ]);
  });

  it("a guest on an undivided site: the site's contact", () => {
    const view = toSiteView(
      testSite({ ...dividedEntry, divisions: 'false', LineID: '@club', LineLink: 'https://line.me/R/ti/p/@club' }),
      null,
    );
    expect([view.lineId, view.lineContacts]).toEqual(['@club', undefined]);
  });
});
