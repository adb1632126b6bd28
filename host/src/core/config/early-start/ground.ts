import type { EarlyPage } from './page';
import type { EarlySite } from './raw-site';
import { storage, stored } from './values';

/**
 * The page's ground, before anything paints: the brand's, so a dark brand never flashes white. The ground this brand
 * was last painted on is laid at once; a first visit gets it the moment sites.json names the brand (config.json is
 * not waited for). The shell, and then the app, paint over it; it goes with the shell.
 */
export const groundOf = (dark: boolean): string => (dark ? '#0d0f14' : '#f5f6fa');

const layGround = (doc: Document, colour: string) => {
  const style = doc.documentElement.style;
  style.backgroundColor = colour;
  style.colorScheme = colour === groundOf(true) ? 'dark' : 'light';
};

/** Lays the ground this brand was last painted on, if the device keeps one. */
export function layKeptGround({ win, doc, hints }: EarlyPage, prefix: string | null): void {
  const kept = prefix === null ? null : stored(win, hints.groundKey + prefix);
  if (kept === groundOf(true) || kept === groundOf(false)) layGround(doc, kept);
}

/** The scheme as the host resolves it: the site's first, or the member's stored choice among the site's two. */
export function isDarkSite({ win, hints }: EarlyPage, site: EarlySite): boolean {
  const { schemes } = site;
  const choice = stored(win, hints.darkKey);
  let scheme = schemes[0] || 'light';
  if (schemes.length > 1 && choice === 'true' && schemes.indexOf('dark') >= 0) scheme = 'dark';
  if (schemes.length > 1 && choice === 'false' && schemes.indexOf('light') >= 0) scheme = 'light';
  return scheme === 'dark';
}

/** Lays the site's ground and keeps it for the brand's next visit. */
export function layGroundOf(page: EarlyPage, site: EarlySite): void {
  const colour = groundOf(isDarkSite(page, site));
  layGround(page.doc, colour);
  try {
    storage(page.win)?.setItem(page.hints.groundKey + site.key, colour);
  } catch {
    // Storage refused or full: the next visit lays it when sites.json comes.
  }
}
