import { describe, expect, it } from 'vitest';
import { PAGE_KEYS, type RawSiteComponent, type RawSiteEntry } from '@member/shared-core';
import { toSite } from '@member/shared-core/schema/config';
import { resolvePageThemes } from './resolve-page-themes';

/** A site whose entry names `layout` and, for the pages given, their own `layout` and `activeLayout`. */
function siteOf(layout: string, components: RawSiteComponent[]) {
  const entry = {
    key: 'pre8',
    logo: '/logo.svg',
    web: 'PRE8',
    divisions: 'false',
    layout,
    css: 'pre8-gold',
    LineID: '@pre8',
    LineLink: 'https://line.me/R/ti/p/@pre8',
    promoLink: 'https://promo.example',
    themes: [{ title: 'dark', theme: 'dark' }],
    register: true,
    components: PAGE_KEYS.map((title) => components.find((c) => c.title === title) ?? { title, layout }),
  } satisfies RawSiteEntry;
  return toSite(entry);
}

const site = siteOf('default', [{ title: 'slot', layout: 'PRE8', activeLayout: 'OSAKA39' }]);

describe('the themes of a page', () => {
  it("takes page and frame from the site's pages, else the site's theme", () => {
    expect(resolvePageThemes(site, 'slot', null)).toEqual({ page: 'PRE8', frame: 'OSAKA39' });
    expect(resolvePageThemes(site, 'profile', null)).toEqual({ page: 'default', frame: 'default' });
  });
  it("keeps the site's frame around a page of another theme that names no frame of its own", () => {
    const mixed = siteOf('OSAKA39', [
      { title: 'history', layout: 'PRE8' },
      { title: 'fish', layout: 'default' },
    ]);
    expect(resolvePageThemes(mixed, 'history', null)).toEqual({ page: 'PRE8', frame: 'OSAKA39' });
    expect(resolvePageThemes(mixed, 'fish', null)).toEqual({ page: 'default', frame: 'OSAKA39' });
    expect(resolvePageThemes(mixed, 'profile', null)).toEqual({ page: 'OSAKA39', frame: 'OSAKA39' });
  });
  it('draws page and frame from a theme variant', () => {
    expect(resolvePageThemes(site, 'slot', 'default')).toEqual({ page: 'default', frame: 'default' });
  });
  it('gives a page that stands alone no frame', () => {
    expect(resolvePageThemes(site, 'login', 'PRE8')).toEqual({ page: 'PRE8', frame: null });
  });
});
