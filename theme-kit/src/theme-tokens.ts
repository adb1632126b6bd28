import { describe, expect, it } from 'vitest';
import { validateSitesFile } from '@member/shared-core/schema/config';
import {
  CORE_CONTRAST_PAIRS,
  contrastRatio,
  parseHexColor,
  readRuleDeclarations,
  schemeTokens,
  type ContrastPair,
  type ThemeTokenTable,
} from './contrast';

export interface ThemeTokenSuite {
  /** The theme's token table (src/tokens.ts): the one place its values live. */
  tokens: ThemeTokenTable;
  /** Text of the theme's CSS module (src/theme.module.css): structure only, no token values. */
  css: string;
  /** Pairs only this theme uses, checked in addition to CORE_CONTRAST_PAIRS. */
  extraPairs?: readonly ContrastPair[];
  /** Flavours the theme must offer (the `css` names of the sites that use it). */
  flavours?: readonly string[];
}

/**
 * The flavours a deployment's sites ask of a theme: the flavour of every site that shows the theme, as its own theme
 * or for one of its pages. `sitesJson` is the text of a sites.json, read through the schema the host reads it with
 * (an entry the host would refuse asks nothing).
 */
export function flavoursUsedBy(theme: string, sitesJson: string): string[] {
  const checked = validateSitesFile(JSON.parse(sitesJson));
  if (!checked.ok) throw new Error(`${checked.field} ${checked.problem}`);
  const names = checked.value.sites
    .filter((site) => site.theme === theme || Object.values(site.pages).some((page) => page.theme === theme))
    .map((site) => site.flavour);
  return [...new Set(names)].sort();
}

/** Every custom property a stylesheet declares, with the rule that declares it. */
function declaredCustomProperties(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(/([^{}]+)\{([^{}]*)\}/g)].flatMap((rule) =>
    readRuleDeclarations(text, rule[1]!)
      .flat()
      .filter(([property]) => property.startsWith('--'))
      .map(([property]) => `${rule[1]!.trim()} { ${property} }`),
  );
}

/**
 * The token table is the one source of the theme's values (its CSS declares none of them), every
 * flavour changes only colours the theme has, in both schemes, and every token pair the theme draws
 * meets WCAG AA in both schemes, in the base look and in every flavour.
 */
export function describeThemeTokens({ tokens, css, extraPairs = [], flavours = [] }: ThemeTokenSuite): void {
  describe('design tokens', () => {
    it('keeps token values out of the CSS module: the build writes them from tokens.ts', () => {
      expect(declaredCustomProperties(css)).toEqual([]);
    });

    it('gives every colour of the light scheme a dark value, and no others', () => {
      expect(Object.keys(tokens.dark).sort()).toEqual(Object.keys(tokens.light).sort());
      for (const key of Object.keys(tokens.common)) expect(tokens.light).not.toHaveProperty(key);
    });

    for (const name of flavours) {
      it(`offers the "${name}" flavour`, () => {
        expect(tokens.flavours ?? {}).toHaveProperty([name]);
      });
    }

    for (const [name, flavour] of Object.entries(tokens.flavours ?? {})) {
      it(`flavour "${name}" changes the same scheme colours in light and dark, and only colours the theme has`, () => {
        expect(Object.keys(flavour.dark).sort()).toEqual(Object.keys(flavour.light).sort());
        for (const key of Object.keys(flavour.light)) expect(tokens.light).toHaveProperty([key]);
      });
    }

    const looks: Array<[string, string | undefined]> = [
      ['base', undefined],
      ...Object.keys(tokens.flavours ?? {}).map((name): [string, string] => [`flavour "${name}"`, name]),
    ];
    for (const [look, flavour] of looks) {
      for (const scheme of ['light', 'dark'] as const) {
        describe(`${look}, ${scheme} scheme contrast (WCAG AA)`, () => {
          const values = schemeTokens(tokens, scheme, flavour);
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
    }
  });
}
