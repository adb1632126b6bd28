import { describe, expect, it } from 'vitest';
import { themeTokensCss } from './theme-tokens-css';

const table = {
  common: { '--mc-radius': '8px' },
  light: { '--mc-bg': '#ffffff', '--mc-primary': '#1040c0' },
  dark: { '--mc-bg': '#000000', '--mc-primary': '#9ab0ff' },
  flavours: {
    plain: { light: {}, dark: {} },
    'demo-green': { light: { '--mc-primary': '#0b6b3a' }, dark: { '--mc-primary': '#6fe3a4' } },
  },
};

/** The rules of a stylesheet as selector list → declarations. */
function rules(css: string): Map<string, string> {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return new Map([...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => [m[1]!.trim().replace(/\s+/g, ' '), m[2]!.trim().replace(/\s+/g, ' ')]));
}

describe('a theme’s tokens as CSS', () => {
  const css = rules(themeTokensCss('Acme', table));

  it('gives the theme’s class and the document it draws the common and light tokens', () => {
    expect(css.get(".theme, :global(html[data-page-theme='Acme'])")).toBe('--mc-theme-tokens: Acme; --mc-radius: 8px; --mc-bg: #ffffff; --mc-primary: #1040c0;');
  });

  it('gives the dark tokens under a dark document', () => {
    expect(css.get(":global(html[data-theme='dark']) .theme, :global(html[data-theme='dark'][data-page-theme='Acme'])")).toBe('--mc-bg: #000000; --mc-primary: #9ab0ff;');
  });

  it('gives each flavour its colours per scheme, naming the scheme so it outranks the scheme’s own rule', () => {
    expect(css.get(":global(html:not([data-theme='dark'])[data-site-css='demo-green']) .theme, :global(html:not([data-theme='dark'])[data-site-css='demo-green'][data-page-theme='Acme'])")).toBe('--mc-flavour: demo-green; --mc-primary: #0b6b3a;');
    expect(css.get(":global(html[data-theme='dark'][data-site-css='demo-green']) .theme, :global(html[data-theme='dark'][data-site-css='demo-green'][data-page-theme='Acme'])")).toBe('--mc-flavour: demo-green; --mc-primary: #6fe3a4;');
  });

  it('names every flavour it has, even one that changes no colour, so a missing one can be told apart', () => {
    expect(css.get(":global(html:not([data-theme='dark'])[data-site-css='plain']) .theme, :global(html:not([data-theme='dark'])[data-site-css='plain'][data-page-theme='Acme'])")).toBe('--mc-flavour: plain;');
    expect(css.size).toBe(6);
  });
});
