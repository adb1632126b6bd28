/** WCAG 2.x contrast arithmetic, a theme's token sets per scheme and flavour, and a reader for the rules of a theme's CSS. */
import type { ContrastPair, FlavourTokens, ThemeTokenTable, TokenMap } from '@member/shared-core';

// The token types belong to the contract (a remote's production code declares its tokens with them).
export type { ContrastPair, FlavourTokens, ThemeTokenTable, TokenMap };

export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;

/** The pairs every theme uses through the UI kit's ui.css and the layouts. */
export const CORE_CONTRAST_PAIRS: readonly ContrastPair[] = [
  { fg: '--mc-text', bg: '--mc-bg', min: AA_TEXT, use: 'body text on the page' },
  { fg: '--mc-text', bg: '--mc-surface', min: AA_TEXT, use: 'text on cards, labels, switches' },
  { fg: '--mc-muted', bg: '--mc-bg', min: AA_TEXT, use: 'secondary text on the page' },
  { fg: '--mc-muted', bg: '--mc-surface', min: AA_TEXT, use: 'hints and version on cards' },
  { fg: '--mc-on-primary', bg: '--mc-primary', min: AA_TEXT, use: 'primary button label' },
  { fg: '--mc-link', bg: '--mc-bg', min: AA_TEXT, use: 'links on the page' },
  { fg: '--mc-link', bg: '--mc-surface', min: AA_TEXT, use: 'links on cards' },
  { fg: '--mc-danger', bg: '--mc-surface', min: AA_TEXT, use: 'field error text' },
  { fg: '--mc-danger', bg: '--mc-bg', min: AA_TEXT, use: 'error text on the page' },
  { fg: '--mc-danger-text', bg: '--mc-danger-bg', min: AA_TEXT, use: 'form error banner' },
  { fg: '--mc-on-line', bg: '--mc-line', min: AA_TEXT, use: 'LINE button label' },
  { fg: '--mc-input-text', bg: '--mc-input-bg', min: AA_TEXT, use: 'typed text' },
  { fg: '--mc-placeholder', bg: '--mc-input-bg', min: AA_TEXT, use: 'example text inside empty fields' },
  { fg: '--mc-border', bg: '--mc-surface', min: AA_NON_TEXT, use: 'field and switch borders on cards' },
  { fg: '--mc-border', bg: '--mc-bg', min: AA_NON_TEXT, use: 'borders on the page' },
  { fg: '--mc-border', bg: '--mc-input-bg', min: AA_NON_TEXT, use: 'field border against the field' },
  { fg: '--mc-danger', bg: '--mc-input-bg', min: AA_NON_TEXT, use: 'invalid field border' },
  { fg: '--mc-primary', bg: '--mc-surface', min: AA_NON_TEXT, use: 'focus ring of fields, primary shapes on cards' },
  { fg: '--mc-primary', bg: '--mc-bg', min: AA_NON_TEXT, use: 'success notice border and icon, note rule on inset panels' },
  { fg: '--mc-focus', bg: '--mc-bg', min: AA_NON_TEXT, use: 'keyboard focus outline on the page' },
  { fg: '--mc-focus', bg: '--mc-surface', min: AA_NON_TEXT, use: 'keyboard focus outline on cards' },
];

/** [r, g, b] in 0–255 from #rgb or #rrggbb; null for anything else (gradients, rgba, names). */
export function parseHexColor(value: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

export function relativeLuminance(color: string): number {
  const rgb = parseHexColor(color);
  if (!rgb) throw new Error(`not an opaque hex colour: ${color}`);
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const normalise = (selector: string) => selector.replace(/\s+/g, ' ').replace(/"/g, "'").trim();

/**
 * The declarations of every top-level rule whose selector is exactly `selector`, in order;
 * each as [property, value] pairs, so a property declared twice is visible.
 */
export function readRuleDeclarations(cssText: string, selector: string): Array<Array<[string, string]>> {
  const css = cssText.replace(/\/\*[\s\S]*?\*\//g, '');
  const wanted = normalise(selector);
  const blocks: Array<Array<[string, string]>> = [];
  for (const match of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (normalise(match[1]!) !== wanted) continue;
    const declarations: Array<[string, string]> = [];
    for (const part of match[2]!.split(';')) {
      const colon = part.indexOf(':');
      if (colon < 0) continue;
      declarations.push([part.slice(0, colon).trim(), part.slice(colon + 1).trim()]);
    }
    blocks.push(declarations);
  }
  return blocks;
}

/** The scheme's full token set as the browser sees it: shared values, that scheme's colours, then the flavour's. */
export function schemeTokens(table: ThemeTokenTable, scheme: 'light' | 'dark', flavour?: string): Record<string, string> {
  return { ...table.common, ...table[scheme], ...(flavour === undefined ? undefined : table.flavours?.[flavour]?.[scheme]) };
}
