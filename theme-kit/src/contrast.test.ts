import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColor, readRuleDeclarations, relativeLuminance, schemeTokens } from './contrast';

describe('contrast arithmetic', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#777')).toBe(contrastRatio('#777777', '#ffffff'));
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 5);
  });

  it('reads only opaque hex colours', () => {
    expect(parseHexColor('#0a0B0c')).toEqual([10, 11, 12]);
    expect(parseHexColor('#abc')).toEqual([170, 187, 204]);
    expect(parseHexColor('rgb(0 0 0)')).toBeNull();
    expect(parseHexColor('#12345678')).toBeNull();
    expect(() => relativeLuminance('red')).toThrow(/hex/);
  });
});

describe('readRuleDeclarations', () => {
  const css = `/* tokens */
.theme { --a: #fff; color: var(--a); --b: 1px solid #000 }
:global([data-theme="dark"])   .theme {
  --a: #000; /* dark */
  --a: #111;
}
.other { --a: red; }`;

  it('finds each rule with exactly that selector, comments removed and quotes normalised', () => {
    expect(readRuleDeclarations(css, '.theme')).toEqual([
      [
        ['--a', '#fff'],
        ['color', 'var(--a)'],
        ['--b', '1px solid #000'],
      ],
    ]);
    expect(readRuleDeclarations(css, ":global([data-theme='dark']) .theme")).toEqual([
      [
        ['--a', '#000'],
        ['--a', '#111'],
      ],
    ]);
    expect(readRuleDeclarations(css, '.missing')).toEqual([]);
  });

  it('layers a scheme over the shared tokens', () => {
    expect(schemeTokens({ common: { '--r': '4px' }, light: { '--a': '#fff' }, dark: { '--a': '#000' } }, 'dark')).toEqual({
      '--r': '4px',
      '--a': '#000',
    });
  });
});
