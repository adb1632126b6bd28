/**
 * A theme's design tokens: the `--mc-*` custom properties the UI blocks read, plus the theme's own.
 * A type only, so a remote's production code can declare its tokens without importing the theme kit.
 */
export type TokenMap = Readonly<Record<string, string>>;

/** A theme's design tokens as one table: values shared by both schemes, and the colours of each scheme. */
export interface ThemeTokenTable {
  common: TokenMap;
  light: TokenMap;
  dark: TokenMap;
}

/** Two tokens drawn on each other, and the WCAG contrast they must reach. */
export interface ContrastPair {
  fg: string;
  bg: string;
  min: number;
  /** Where the pair appears, for the failure message. */
  use: string;
}
