import { describe, expect, it } from 'vitest';
import { appColorsOf, webAppManifestPath } from './app-colors';

describe('appColorsOf', () => {
  const table = {
    common: { '--mc-radius': '12px' },
    light: { '--mc-bg': '#f3f6fc', '--mc-primary': '#3346d3' },
    dark: { '--mc-bg': '#0b1020', '--mc-primary': '#8c9bff' },
    flavours: {
      'default-blue': { light: {}, dark: {} },
      'default-emerald': { light: { '--mc-primary': '#047857' }, dark: { '--mc-primary': '#34d399', '--mc-bg': '#001010' } },
    },
  };
  it("states each scheme's accent and ground, and each flavour's over them", () => {
    expect(appColorsOf(table)).toEqual({
      light: { theme: '#3346d3', background: '#f3f6fc' },
      dark: { theme: '#8c9bff', background: '#0b1020' },
      flavours: {
        'default-blue': { light: { theme: '#3346d3', background: '#f3f6fc' }, dark: { theme: '#8c9bff', background: '#0b1020' } },
        'default-emerald': { light: { theme: '#047857', background: '#f3f6fc' }, dark: { theme: '#34d399', background: '#001010' } },
      },
    });
  });
  it('names the manifest the server writes for a site and language', () => {
    expect(webAppManifestPath('pre8', 'th')).toBe('/webapp/pre8/manifest-th.webmanifest');
  });
});
