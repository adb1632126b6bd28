import { DEFAULT_THEME, type ThemeName } from '@member/shared-core';

/**
 * The themes to try for a page, in order: the one asked for, then the default theme, then every other
 * configured theme in `/config.json` order, so a member still gets a working page from any theme that is up
 * before the host's own built-in page. No theme appears twice.
 */
export function fallbackOrder(wanted: ThemeName, configured: readonly ThemeName[]): ThemeName[] {
  const order = [wanted, DEFAULT_THEME, ...configured];
  return order.filter((theme, index) => order.indexOf(theme) === index && (theme === wanted || configured.includes(theme)));
}
