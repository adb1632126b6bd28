import { describe, expect, it } from 'vitest';
import { PAGE_KEYS } from '../contract';
import type { RawSiteEntry } from '../types/site-config';
import { parseSite, toSite, validateSitesFile } from './site-config';

/** One entry as the operator's back office writes it. */
function entry(overrides: Partial<RawSiteEntry> = {}): RawSiteEntry {
  return {
    key: 'abcd',
    logo: '/logos/abcd.svg',
    web: 'ABCD Club',
    divisions: 'false',
    layout: 'PRE8',
    css: 'pre8-gold',
    LineID: '@abcd',
    LineLink: 'https://line.me/R/ti/p/@abcd',
    promoLink: 'https://promo.example/abcd',
    themes: [
      { title: 'dark', theme: 'dark' },
      { title: 'light', theme: 'light' },
    ],
    components: PAGE_KEYS.map((title) => ({ title, layout: 'PRE8' })),
    register: true,
    ...overrides,
  };
}

const THEMES = ['default', 'PRE8', 'OSAKA39'];

describe('toSite: a sites.json entry in the project words', () => {
  it('reads every field under its name', () => {
    expect(toSite(entry())).toEqual({
      key: 'abcd',
      brand: {
        name: 'ABCD Club',
        logo: '/logos/abcd.svg',
        lineId: '@abcd',
        lineLink: 'https://line.me/R/ti/p/@abcd',
        promoLink: 'https://promo.example/abcd',
      },
      theme: 'PRE8',
      flavour: 'pre8-gold',
      schemes: ['dark', 'light'],
      pages: Object.fromEntries(PAGE_KEYS.map((page) => [page, { theme: 'PRE8', frameTheme: 'PRE8' }])),
      divided: false,
      registerEnabled: true,
    });
  });
  it('keeps the order of the schemes (the first is the default)', () => {
    expect(toSite(entry({ themes: [{ title: 'light', theme: 'light' }] })).schemes).toEqual(['light']);
  });
  it('reads divisions "true" as a divided site, with its contacts per division', () => {
    const lineId = { ufkklacsag1: '@one', ufkklacsag2: '@two' };
    const lineLink = { ufkklacsag1: 'https://line.me/R/ti/p/@one', ufkklacsag2: 'https://line.me/R/ti/p/@two' };
    const site = toSite(entry({ divisions: 'true', LineID: lineId, LineLink: lineLink }));
    expect(site.divided).toBe(true);
    expect(site.brand).toMatchObject({ lineId, lineLink });
    expect(toSite(entry({ divisions: 'false' })).divided).toBe(false);
  });
  it("gives each page its own theme, and its frame the page's activeLayout, else the site's theme", () => {
    const components = PAGE_KEYS.map((title) =>
      title === 'slot'
        ? { title, layout: 'OSAKA39', activeLayout: 'default' }
        : title === 'fish'
          ? { title, layout: 'OSAKA39' }
          : { title, layout: 'PRE8' },
    );
    const { pages } = toSite(entry({ components }));
    expect(pages.slot).toEqual({ theme: 'OSAKA39', frameTheme: 'default' });
    expect(pages.fish).toEqual({ theme: 'OSAKA39', frameTheme: 'PRE8' });
    expect(pages.login).toEqual({ theme: 'PRE8', frameTheme: 'PRE8' });
    expect(Object.keys(pages).sort()).toEqual([...PAGE_KEYS].sort());
  });
  it("reads the installed app's short name and names into the brand", () => {
    const names = { th: { name: 'เอบีซีดี', shortName: 'เอบี' }, en: { name: 'ABCD Club' } };
    expect(toSite(entry({ shortName: 'ABCD', names })).brand).toMatchObject({ shortName: 'ABCD', appNames: names });
    expect(toSite(entry()).brand).not.toHaveProperty('shortName');
    expect(toSite(entry()).brand).not.toHaveProperty('appNames');
  });
});

describe('the schema hands out the mapped site', () => {
  it('maps every entry that passes', () => {
    const checked = validateSitesFile(
      {
        sites: [
          entry(),
          entry({ key: 'efgh', divisions: 'true', LineID: { ufkklacsag1: '@x' }, LineLink: { ufkklacsag1: 'https://line.me/R/ti/p/@x' } }),
        ],
      },
      THEMES,
    );
    expect(checked.ok && checked.value.sites.map((s) => [s.key, s.divided])).toEqual([
      ['abcd', false],
      ['efgh', true],
    ]);
    expect(parseSite(entry(), 'sites[0]', THEMES)).toEqual(toSite(entry()));
  });
  it("still names a problem by the file's own field path", () => {
    const components = PAGE_KEYS.map((title) => ({ title, layout: title === 'fish' ? 'NOPE' : 'PRE8' }));
    const checked = validateSitesFile({ sites: [entry({ components, divisions: 'yes' as 'true' })] }, THEMES);
    expect(checked.ok && checked.value.invalid?.[0]?.problems.map((p) => p.field)).toEqual([
      'sites[0].divisions',
      'sites[0].components[10].layout',
    ]);
  });
});
