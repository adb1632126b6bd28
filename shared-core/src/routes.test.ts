import { describe, expect, it } from 'vitest';
import { PAGE_PATH_PATTERN, pagePathOf, themeVariantPath } from './routes';

describe('pagePathOf', () => {
  it.each([
    ['/', { page: '', variant: null }],
    ['', { page: '', variant: null }],
    ['/slot', { page: 'slot', variant: null }],
    ['/slot/slotGame', { page: 'slot', variant: null }],
    ['/slot/theme/PRE8', { page: 'slot', variant: 'PRE8' }],
    ['/slot/theme/PRE8/slotGame', { page: 'slot', variant: 'PRE8' }],
    ['/profile/theme', { page: 'profile', variant: null }],
    ['/profile/theme/', { page: 'profile', variant: null }],
    ['/profile/themes/PRE8', { page: 'profile', variant: null }],
    ['/slot/theme/constructor', { page: 'slot', variant: 'constructor' }],
  ])('%s names %o', (pathname, expected) => {
    expect(pagePathOf(pathname)).toEqual(expected);
  });

  it('reads a path as a split on "/" reads its first three segments', () => {
    for (const pathname of ['/a', '/a/b', '/a/theme/c', '/a/theme/c/d', '/a/theme', '/a/theme//d', '/a/b/c', '//x']) {
      const [, first = '', second, third] = pathname.split('/');
      expect(pagePathOf(pathname)).toEqual({ page: first, variant: second === 'theme' && third ? third : null });
    }
  });

  it('is the pattern whose source the early start is handed', () => {
    expect(new RegExp(PAGE_PATH_PATTERN.source).exec('/login/theme/OSAKA39')?.slice(1)).toEqual(['login', 'OSAKA39']);
  });
});

describe('themeVariantPath', () => {
  it('builds the path pagePathOf reads', () => {
    expect(themeVariantPath('slot', 'PRE8')).toBe('/slot/theme/PRE8');
    expect(themeVariantPath('slot', 'PRE8', 'slotGame')).toBe('/slot/theme/PRE8/slotGame');
    expect(pagePathOf(themeVariantPath('info', 'default', 'changePassword'))).toEqual({ page: 'info', variant: 'default' });
  });

  it('builds the router patterns from parameter names', () => {
    expect(themeVariantPath(':page', ':theme', ':sub')).toBe('/:page/theme/:theme/:sub');
  });
});
