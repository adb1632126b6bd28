/**
 * The few lines index.html runs inline, before any bundle has arrived: they start what the first screen
 * needs as soon as the HTML is read instead of one step after another behind the host's JavaScript.
 *
 * - `/config.json` and `/sites.json` are fetched at once; the host's boot takes these replies (early-fetches.ts).
 * - The strings of the language the member reads are preloaded.
 * - Once both files are read: the brand's logo is preloaded, the origins of the theme remotes the site uses (and the
 *   default theme's) are preconnected, and the first page's signed theme code is preloaded (remote-preloads.ts).
 * - The brand shell is painted (the site's logo and name), and only then is the app's entry run (brand-shell.ts).
 *   Its scripts are preloaded by the HTML, so they download meanwhile; what waits is their evaluation, which on a
 *   mid-range phone holds the main thread for about a second and would otherwise hold the brand's first paint behind
 *   it. The wait is bounded (APP_START_BOUND_MS), and there is none when no brand is known or the page is hidden.
 * - A member with a stored session: their first API calls go at once (first-calls.ts), and on a member's lobby drawn
 *   in the HTML whose list the device does not keep, the list goes first on the wire (app-start.ts).
 *
 * Nothing here runs remote code or decides anything: a wrong guess costs a wasted download, never a wrong page.
 * The build bundles this folder into one inline script (first-screen-plugin.ts), so its modules import only each
 * other, and use only syntax every supported browser parses. The page's CSP allows it by the nonce its server puts in
 * each answer in place of the build's placeholder (scripts/csp.mjs).
 */
import { appStart } from './app-start';
import { paintBrandShell } from './brand-shell';
import { firstCalls } from './first-calls';
import { layGroundOf, layKeptGround } from './ground';
import { EARLY_GLOBAL, type EarlyFetches, type EarlyHints } from './hints';
import { earlyPage } from './page';
import { siteOf } from './raw-site';
import { preconnectSiteThemes, preloadFirstPageThemes } from './remote-preloads';
import { json, record, text } from './values';
import { isMember, memberCode, readVisit } from './visit';

export function earlyStart(win: Window, hints: EarlyHints): void {
  const early: EarlyFetches = { manifests: {}, signedLists: {} };
  (win as unknown as Record<string, unknown>)[EARLY_GLOBAL] = early;
  const page = earlyPage(win, hints, early);
  const { doc, link } = page;
  const app = appStart(page);
  const startApp = app.start;
  // A page drawn in the HTML is usable without the app: its own script runs the entry once the member has begun (drawn-start.ts).
  const drawn = doc.documentElement.hasAttribute('data-drawn-page');
  win.setTimeout(startApp, drawn ? hints.drawnStartBoundMs : hints.appStartBoundMs);
  // A hidden tab paints nothing, so there is nothing to wait for.
  if (doc.visibilityState === 'hidden') startApp();
  const visit = readVisit(win, hints);
  link('preload', visit.english ? hints.strings.en : hints.strings.th, 'script');

  // The default cache mode, so the HTML's own preloads of both files (first-screen-plugin.ts), which the browser sends
  // before this script has even been compiled, are the replies; the files' no-cache header still has them revalidated.
  const read = (file: string) => win.fetch(file, { credentials: 'same-origin' });
  try {
    early.config = read('/config.json');
    early.sites = read('/sites.json');
  } catch {
    startApp();
    return;
  }

  let prefix = visit.prefix;
  layKeptGround(page, prefix);
  const guessed = prefix;
  json(early.sites)
    .then((sitesJson) => {
      const site = siteOf(sitesJson, guessed);
      if (guessed !== null && site && !doc.getElementById('root')?.firstElementChild) layGroundOf(page, site);
    })
    .catch(() => undefined);
  // No brand named: no shell to wait for.
  if (prefix === null) startApp();

  // Not before the brand has painted: the brand goes first (app-start.ts).
  let member = isMember(visit, hints, prefix);
  app.setMemberCode(memberCode(visit, hints, member));
  const calls = firstCalls(page, app, visit);
  calls.sendHeldList(member, prefix);

  let asked: () => void = () => undefined;
  early.manifestsAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  Promise.all([json(early.config), json(early.sites)])
    .then(([configJson, sitesJson]) => {
      const config = record(configJson);
      // A login cookie of a brand sites.json does not have (any more) is passed over, as the host passes it over.
      if (visit.fromCookie && prefix !== null && !siteOf(sitesJson, prefix)) {
        prefix = visit.cookieBrands.find((brand) => !!siteOf(sitesJson, brand)) ?? null;
        member = isMember(visit, hints, prefix);
        app.setMemberCode(memberCode(visit, hints, member));
      }
      const site = siteOf(sitesJson, prefix);
      if (!site) {
        app.release();
        startApp();
        return;
      }
      if (site.logo) link('preload', site.logo, 'image');
      paintBrandShell(page, app, site, drawn);
      preconnectSiteThemes(page, config, site);
      // A member's page calls the API as soon as the app runs: its connection (CORS, no credentials, as the API
      // client asks) is opened now. A guest calls it only once they act, so nothing is opened for them.
      const api = text(config.apiBase);
      if (member && api) link('preconnect', new URL(api, win.location.href).origin, undefined, true);
      if (member && api && prefix) calls.send(config, site, api, prefix);
      else app.release();
      preloadFirstPageThemes(page, app, config, site);
    })
    .catch(() => {
      app.release();
      startApp();
    })
    .then(asked);
}
