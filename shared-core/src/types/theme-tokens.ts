/**
 * A theme's design tokens: the `--mc-*` custom properties the UI blocks read, plus the theme's own.
 * A type only, so a remote's production code can declare its tokens without importing the theme kit.
 */
export type TokenMap = Readonly<Record<string, string>>;

/** A site flavour: the colours it changes in each scheme (accents at least); every other token stays the theme's. */
export interface FlavourTokens {
  light: TokenMap;
  dark: TokenMap;
}

/**
 * A theme's design tokens, the one place their values live: values shared by both schemes, the colours of
 * each scheme, and the flavours a site may pick by its `css` name. The build writes them into the theme's
 * stylesheet as custom properties; the contrast checks read the same table.
 */
export interface ThemeTokenTable {
  common: TokenMap;
  light: TokenMap;
  dark: TokenMap;
  flavours?: Readonly<Record<string, FlavourTokens>>;
}

/** Two tokens drawn on each other, and the WCAG contrast they must reach. */
export interface ContrastPair {
  fg: string;
  bg: string;
  min: number;
  /** Where the pair appears, for the failure message. */
  use: string;
}
