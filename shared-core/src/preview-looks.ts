/**
 * What a theme's dev server tells its preview gallery it can show: build-preset's dev server answers it, theme-kit's
 * gallery reads it for its flavour picker. One shape for both ends.
 */

/** Where a theme's dev server answers it. */
export const PREVIEW_LOOKS_PATH = '/__preview-looks.json';

/** A site of sites.json that shows the theme, and the flavour it asks for. */
export interface PreviewSite {
  key: string;
  /** The brand's name. */
  name: string;
  flavour: string;
  /** The theme is the site's own (its frame and most pages), not only one of its pages'. */
  main: boolean;
}

export interface PreviewLooks {
  theme: string;
  /** The flavours of the theme's tokens.ts, in its order. */
  flavours: string[];
  /** The sites of the workspace's sites.json that show the theme, in its order. */
  sites: PreviewSite[];
}
