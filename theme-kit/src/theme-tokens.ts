import { describe, expect, it } from 'vitest';
import { CORE_CONTRAST_PAIRS, contrastRatio, parseHexColor, readRuleDeclarations, schemeTokens, type ContrastPair, type ThemeTokenTable } from './contrast';

export interface ThemeTokenSuite {
  /** The theme's token table (src/tokens.ts). */
  tokens: ThemeTokenTable;
  /** Text of the CSS module that declares the tokens. */
  css: string;
  /** Pairs only this theme uses, checked in addition to CORE_CONTRAST_PAIRS. */
  extraPairs?: readonly ContrastPair[];
  lightSelector?: string;
  darkSelector?: string;
}

function customProperties(declarations: Array<[string, string]>): Array<[string, string]> {
  return declarations.filter(([property]) => property.startsWith('--'));
}

/**
 * The CSS holds exactly the values of the token table (one source, written twice, checked here),
 * and every token pair the theme draws meets WCAG AA in both schemes.
 */
export function describeThemeTokens({
  tokens,
  css,
  extraPairs = [],
  lightSelector = '.theme',
  darkSelector = ":global([data-theme='dark']) .theme",
}: ThemeTokenSuite): void {
  describe('design tokens', () => {
    it(`declares the light tokens once, in one "${lightSelector}" rule, exactly as tokens.ts`, () => {
      const blocks = readRuleDeclarations(css, lightSelector);
      expect(blocks).toHaveLength(1);
      const declared = customProperties(blocks[0]!);
      expect(declared.length).toBe(new Set(declared.map(([p]) => p)).size);
      expect(Object.fromEntries(declared)).toEqual({ ...tokens.common, ...tokens.light });
    });

    it(`declares the dark tokens once, in one "${darkSelector}" rule, exactly as tokens.ts`, () => {
      const blocks = readRuleDeclarations(css, darkSelector);
      expect(blocks).toHaveLength(1);
      const declared = customProperties(blocks[0]!);
      expect(declared.length).toBe(new Set(declared.map(([p]) => p)).size);
      expect(Object.fromEntries(declared)).toEqual({ ...tokens.dark });
    });

    it('gives every colour of the light scheme a dark value, and no others', () => {
      expect(Object.keys(tokens.dark).sort()).toEqual(Object.keys(tokens.light).sort());
      for (const key of Object.keys(tokens.common)) expect(tokens.light).not.toHaveProperty(key);
    });

    for (const scheme of ['light', 'dark'] as const) {
      describe(`${scheme} scheme contrast (WCAG AA)`, () => {
        const values = schemeTokens(tokens, scheme);
        for (const pair of [...CORE_CONTRAST_PAIRS, ...extraPairs]) {
          it(`${pair.fg} on ${pair.bg} ≥ ${pair.min}:1 (${pair.use})`, () => {
            const fg = values[pair.fg];
            const bg = values[pair.bg];
            expect(fg && parseHexColor(fg), `${pair.fg} must be an opaque hex colour`).toBeTruthy();
            expect(bg && parseHexColor(bg), `${pair.bg} must be an opaque hex colour`).toBeTruthy();
            const ratio = contrastRatio(fg!, bg!);
            expect(ratio, `${pair.fg} ${fg} on ${pair.bg} ${bg} is ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(pair.min);
          });
        }
      });
    }
  });
}
