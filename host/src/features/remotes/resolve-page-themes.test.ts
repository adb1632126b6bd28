import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '@member/shared-core';
import { resolvePageThemes } from './resolve-page-themes';

const site = {
  key: 'pre8',
  layout: 'default',
  components: [{ title: 'slot', layout: 'PRE8', activeLayout: 'OSAKA39' }],
} as unknown as SiteConfig;

describe('the themes of a page', () => {
  it('takes page and frame from the site\'s components, else the site\'s layout', () => {
    expect(resolvePageThemes(site, 'slot', null)).toEqual({ page: 'PRE8', frame: 'OSAKA39' });
    expect(resolvePageThemes(site, 'profile', null)).toEqual({ page: 'default', frame: 'default' });
  });
  it('keeps the site\'s frame around a page of another theme that names no frame of its own', () => {
    const mixed = { ...site, layout: 'OSAKA39', components: [{ title: 'history', layout: 'PRE8' }, { title: 'fish', layout: 'default' }] } as unknown as SiteConfig;
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
