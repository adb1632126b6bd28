import { createHash } from 'node:crypto';
import * as React from 'react';
import type { ReactNode } from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import * as sharedCore from '@member/shared-core';
import { PAGES, isPageKey, type Locale, type RuntimeConfig, type Scheme, type SitesFile, type ThemeName } from '@member/shared-core';
import {
  DRAWN_KEPT_ACCOUNTS,
  DRAWN_KEPT_PROFILE,
  DRAWN_MEMBER_PAGES,
  DRAWN_NOT_FOUND,
  DRAWN_PATH_MARK,
  type DRAWING_SHARED,
  type DrawingBundle,
  type DrawnPageName,
} from '@member/shared-core/drawing';
import { Provider as JotaiProvider } from 'jotai';
import { webAppManifestPath, webAppTouchIconPath } from '@member/shared-core/web-app/app-colors';
import { checkRuntimeConfig, validateSitesFile } from '@member/shared-core/schema/config';
import { testIds } from '@member/shared-core/test-ids';
import { App } from './app';
import { RootBoundary } from './root-boundary';
import { drawnDocument, inlineStyles, type DrawnDocumentParts, type StylesheetLink } from './drawn-document';
import { isKeptPage, keptLobby, keptProfile } from './drawn-kept';
import { KEPT_FILL_CLASSES } from '../../core/config/drawn-kept';
import { gamesClearedAtom } from '../../features/accounts/state';
export { hostStylesheets } from './drawn-document';
import { redirectFor } from '../../core/base/guard-rules';
import { store } from '../../core/base/store';
import { bootReadyAtom } from '../../core/base/boot-state';
import { drawnPreferencesAtom } from '../../core/base/preferences';
import { drawnMemberAtom, sessionClearedAtom } from '../../core/base/session-state';
import { BridgeProvider } from '../bridge/bridge-provider';
import { TranslatorProvider } from '../../core/i18n/translator-provider';
import { DrawnMemberFrame } from './drawn-member-frame';
import { changeLocale, initI18n, loadMemberStrings } from '../../core/i18n/init-i18n';
import { registerThemeRemotes } from '../../features/remotes/drawing-registry';
import { setDrawings, usedExposes } from '../../features/remotes/drawing-loader';

/**
 * The drawing step's entry, built for Node (rsbuild.config.ts, the `drawing` environment): the host's own app, the
 * tree the browser hydrates, rendered at one address for a guest of one site, language and scheme, with the theme
 * releases' server builds in place of the federation runtime. It decides nothing the browser would not: the same
 * routes, guards, bridge and page hooks run, over the same run-time files.
 */

/** What the themes' server builds take from the drawing step (their `require`): this build's React and contract. */
export const shared: Record<(typeof DRAWING_SHARED)[number], unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react/jsx-dev-runtime': jsxRuntime,
  '@member/shared-core': sharedCore,
};

/** A theme release as the drawing step verified it: its identity and the stylesheets of each of its exposed modules. */
export interface DrawnRelease {
  /** The signed hash of its mf-manifest.json. */
  release: string;
  /** Each exposed module's stylesheets (`pages/login`, `layout`), as the page links them. */
  stylesheets: Record<string, StylesheetLink[]>;
}

export interface DrawRequest {
  /** config.json and sites.json as served. */
  config: unknown;
  sites: unknown;
  /** The site's key. */
  prefix: string;
  locale: Locale;
  scheme: Scheme;
  page: DrawnPageName;
  /** The host's built index.html, drawn into, and the stylesheets its first screen preloads (their address and text). */
  indexHtml: string;
  hostStyles: StylesheetLink[];
  /** Every configured theme's release, by theme. */
  releases: Record<ThemeName, DrawnRelease>;
  /** The server build of every theme the page may be drawn with, by theme (the sandbox adds them). */
  drawings: Record<ThemeName, DrawingBundle>;
}

/**
 * A drawn page's document, and the SHA-256 (base64) of its one inline `<style>`, which the page's policy must allow
 * (`'sha256-…'` in its style-src).
 */
export type DrawResult = { drawn: true; html: string } | { drawn: false; reason: string };

/** The run-time files as the browser's boot takes them (load-boot-config.ts), or why they cannot be drawn from. */
export function checkedFiles(config: unknown, sites: unknown): { config: RuntimeConfig; sites: SitesFile } {
  const checkedConfig = checkRuntimeConfig(config);
  if (!checkedConfig.ok) throw new Error(`config.json: ${checkedConfig.problems.map((p) => `${p.field} ${p.problem}`).join('; ')}`);
  const checkedSites = validateSitesFile(sites, Object.keys(checkedConfig.value.remotes));
  if (!checkedSites.ok) throw new Error(`sites.json: ${checkedSites.field} ${checkedSites.problem}`);
  return { config: checkedConfig.value, sites: checkedSites.value };
}

/** Each site of the run-time files the host would show, with the schemes it offers (its first one first). */
export function drawableSites(config: unknown, sites: unknown): { key: string; schemes: Scheme[] }[] {
  return checkedFiles(config, sites).sites.sites.map((site) => ({ key: site.key, schemes: [...new Set(site.schemes)] }));
}

// Not in the store: the drawing process's own i18next, readied once; the drawing step under Node has no app store.
let i18nReady: Promise<unknown> | null = null;

/** The address a page is drawn at: what the browser's router sees on a visit that asks for it. */
function addressOf(page: DrawnPageName, prefix: string): string {
  const path = page === DRAWN_NOT_FOUND ? DRAWN_PATH_MARK : `/${page}`;
  return `${path}?prefix=${encodeURIComponent(prefix)}`;
}

/** A tree rendered to its markup once all of it is there; any error while drawing (which React would otherwise draw around, as a client-rendered boundary) fails it. */
async function rendered(tree: ReactNode, identifierPrefix?: string): Promise<{ ok: true; markup: string } | { ok: false; reason: string }> {
  let failed: unknown = null;
  const { prelude } = await prerenderToNodeStream(tree, {
    identifierPrefix,
    onError(error: unknown) {
      failed ??= error;
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  if (failed) return { ok: false, reason: failed instanceof Error ? failed.message : String(failed) };
  return { ok: true, markup: Buffer.concat(chunks).toString('utf8') };
}

async function drawOnce(request: DrawRequest): Promise<DrawResult> {
  const { config, sites } = checkedFiles(request.config, request.sites);
  const site = sites.sites.find((entry) => entry.key === request.prefix);
  if (!site) return { drawn: false, reason: `sites.json has no valid site ${request.prefix}` };
  const memberPage = isPageKey(request.page) && (DRAWN_MEMBER_PAGES as readonly string[]).includes(request.page) ? request.page : null;
  if (isPageKey(request.page) && !memberPage) {
    // A page a guest is sent away from (registration on a site without it) is not drawn: the app sends them on.
    const guest = { logged: false, needsRegistration: false, registerEnabled: site.registerEnabled };
    const away = PAGES[request.page].middleware.map((middleware) => redirectFor(middleware, guest)).find(Boolean);
    if (away) return { drawn: false, reason: `a guest is sent from /${request.page} to ${away}` };
  }
  i18nReady ??= initI18n('th').then(() => loadMemberStrings());
  await i18nReady;
  await changeLocale(request.locale);
  registerThemeRemotes(config);
  setDrawings(request.drawings);
  store.set(drawnPreferencesAtom, { locale: request.locale, scheme: request.scheme });
  store.set(bootReadyAtom, { config, sites, prefix: site.key });
  // A guest's pages for a guest; a member's frame for nobody in particular (core/base/session-state.ts).
  store.set(memberPage ? drawnMemberAtom : sessionClearedAtom);
  const address = addressOf(request.page, site.key);
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={address}>{children}</StaticRouter>;
  // A guest's page is the tree bootstrap.tsx hydrates, boundary and all: the same components in the same places, so
  // the same ids. A member's frame is replaced by the app's page, not hydrated: the frame around the page's place.
  const tree = memberPage ? (
    <RootBoundary>
      <JotaiProvider store={store}>
        <TranslatorProvider>
          <Router>
            <BridgeProvider>
              <DrawnMemberFrame page={memberPage} />
            </BridgeProvider>
          </Router>
        </TranslatorProvider>
      </JotaiProvider>
    </RootBoundary>
  ) : (
    <RootBoundary>
      <App Router={Router} />
    </RootBoundary>
  );
  const markup = await rendered(tree);
  if (!markup.ok) return { drawn: false, reason: markup.reason };
  // A page whose code could not be loaded here is the browser's to load, not a failure to send as the page.
  if (markup.markup.includes(`data-testid="${testIds.loadFailure}"`))
    return { drawn: false, reason: "the page's code could not be loaded" };
  // A lobby's frame also carries the page around stand-in games, for the kept list to be filled into (drawn-kept.tsx).
  const kept: NonNullable<DrawnDocumentParts['kept']>[number][] = [];
  const keptPage = memberPage && isKeptPage(memberPage) ? memberPage : null;
  // The profile's frame carries the page around stand-in accounts, for the kept balances to be written into.
  const keptProfilePage = memberPage === DRAWN_KEPT_PROFILE;
  for (const accounts of keptPage || keptProfilePage ? DRAWN_KEPT_ACCOUNTS : []) {
    const lobby = keptPage ? keptLobby(site, keptPage, accounts) : keptProfile(site, accounts);
    const template = await rendered(
      <JotaiProvider store={store}>
        <TranslatorProvider>
          <Router>
            <BridgeProvider>{lobby.tree}</BridgeProvider>
          </Router>
        </TranslatorProvider>
      </JotaiProvider>,
      // Its ids must not be the frame's, beside which it is shown.
      'kept-',
    );
    if (!template.ok) return { drawn: false, reason: `the ${keptPage ? 'lobby' : 'profile'}'s template: ${template.reason}` };
    kept.push({ attributes: lobby.attributes, markup: template.markup });
  }
  // The stand-in accounts' balances are no other drawing's.
  if (keptProfilePage) store.set(gamesClearedAtom);
  const exposes = usedExposes();
  const releases: Record<string, string> = {};
  const stylesheets: StylesheetLink[] = [...request.hostStyles];
  for (const { theme, exposed } of exposes) {
    const release = request.releases[theme];
    if (!release) return { drawn: false, reason: `theme ${theme} has no verified release` };
    releases[theme] = release.release;
    for (const link of release.stylesheets[exposed] ?? [])
      if (!stylesheets.some((known) => known.href === link.href)) stylesheets.push(link);
  }
  const styles = inlineStyles(stylesheets);
  const html = drawnDocument(request.indexHtml, {
    page: request.page,
    site: { key: site.key, flavour: site.flavour, logo: site.brand.logo },
    locale: request.locale,
    scheme: request.scheme,
    schemes: [...new Set(site.schemes)],
    member: memberPage !== null,
    apiBase: config.apiBase,
    pageTheme: /\bdata-theme-name="([^"]+)"/.exec(markup.markup)?.[1] ?? null,
    entryHash: createHash('sha256').update(JSON.stringify(site)).digest('base64url'),
    releases,
    markup: markup.markup,
    kept,
    styles,
    scriptClasses: memberPage !== null ? Object.values(KEPT_FILL_CLASSES) : [],
    headLinks: [
      { rel: 'manifest', href: webAppManifestPath(site.key, request.locale) },
      { rel: 'apple-touch-icon', href: webAppTouchIconPath(site.key) },
    ],
  });
  return { drawn: true, html };
}

// Not in the store: the drawing step under Node has no app store; this queue draws one page at a time.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Draws one page. The app's store and strings are one per process, as in the browser, so drawings run one after
 * another, each from the state it sets.
 */
export function drawPage(request: DrawRequest): Promise<DrawResult> {
  const drawn = queue.then(() => drawOnce(request));
  queue = drawn.catch(() => undefined);
  return drawn;
}
