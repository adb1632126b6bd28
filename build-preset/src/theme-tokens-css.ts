import path from 'node:path';
import type { ThemeTokenTable, TokenMap } from '@member/shared-core';
import { remoteThemeOf } from './federation';
import { readThemeTokens, ThemeTokensError } from './read-theme-tokens';

/** Set by every flavour rule to the flavour's name, and by the base rule to the theme's (ThemeRoot reads both). */
export const FLAVOUR_PROPERTY = '--mc-flavour';
export const THEME_PROPERTY = '--mc-theme-tokens';

/** The properties of one rule, in the table's order. */
const declarations = (...maps: TokenMap[]): string =>
  maps
    .flatMap((map) => Object.entries(map))
    .map(([property, value]) => `  ${property}: ${value};`)
    .join('\n');

const rule = (selectors: string[], ...maps: TokenMap[]): string => `${selectors.join(',\n')} {\n${declarations(...maps)}\n}`;

/**
 * A theme's tokens as CSS, for its CSS module (`.theme` is that module's root class). Every element with the
 * class gets the tokens of the scheme and the site's flavour the document names (`html[data-theme]`,
 * `html[data-site-css]`); the document itself gets them while this theme draws the outermost frame
 * (`html[data-page-theme]`), so what the host draws outside the theme's tree (its dialogs) wears them too.
 * Specificity keeps the order scheme < flavour whatever the rule order: a flavour rule names the scheme as well.
 * A flavour the theme does not have matches no rule: the base colours show, and `--mc-flavour` is unset.
 */
export function themeTokensCss(theme: string, table: ThemeTokenTable): string {
  const page = (conditions: string) => `:global(html${conditions}[data-page-theme='${theme}'])`;
  const within = (conditions: string) => `:global(html${conditions}) .theme`;
  const light = ":not([data-theme='dark'])";
  const dark = "[data-theme='dark']";
  const rules = [
    rule(['.theme', page('')], { [THEME_PROPERTY]: theme }, table.common, table.light),
    rule([within(dark), page(dark)], table.dark),
  ];
  for (const [name, flavour] of Object.entries(table.flavours ?? {})) {
    const site = `[data-site-css='${name}']`;
    // The flavour's name as well, so the theme root can tell a flavour the theme has from one it lacks.
    const marker = { [FLAVOUR_PROPERTY]: name };
    rules.push(rule([within(light + site), page(light + site)], marker, flavour.light));
    rules.push(rule([within(dark + site), page(dark + site)], marker, flavour.dark));
  }
  return `/* ${theme}'s tokens, written from src/tokens.ts by the build. */\n${rules.join('\n\n')}\n`;
}

type TransformContext = {
  code: string;
  resourcePath: string;
  addDependency: (file: string) => void;
};
type PluginApi = {
  transform: (descriptor: { test: RegExp; order: 'pre' }, handler: (context: TransformContext) => Promise<string>) => void;
};

/**
 * Appends the theme's tokens (src/tokens.ts, its one source) to its CSS module (src/theme.module.css) at build
 * time, in production and in the dev preview alike: the values reach the browser as a stylesheet, not as
 * JavaScript every first page would have to download and run. `dirname` is the remote's folder.
 *
 * tokens.ts is read under Node (`readThemeTokens`), not executed by the bundler, and it and the files it imports
 * are dependencies of the CSS module: under `rsbuild dev` a saved change rebuilds the stylesheet and the page takes
 * it as a hot CSS update. A tokens.ts that does not parse or exports no table fails this module's build with a
 * message naming the file; the dev server stays up and the next save is built again.
 */
export function themeTokensPlugin(dirname: string) {
  const { name: theme } = remoteThemeOf(dirname);
  return {
    name: 'member-theme-tokens',
    setup(api: PluginApi) {
      api.transform({ test: /[\\/]src[\\/]theme\.module\.css$/, order: 'pre' }, async ({ code, resourcePath, addDependency }) => {
        const source = path.join(path.dirname(resourcePath), 'tokens.ts');
        const watch = (files: readonly string[]) => {
          for (const file of files) addDependency(file);
        };
        try {
          const { tokens, files } = await readThemeTokens(source);
          watch(files);
          return `${code}\n${themeTokensCss(theme, tokens)}`;
        } catch (error) {
          watch(error instanceof ThemeTokensError ? error.files : [source]);
          throw error;
        }
      });
    },
  };
}
