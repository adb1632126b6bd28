import type { RsbuildPlugin } from '@rsbuild/core';
// The subpaths, not the package's index: the config is loaded by Node, which reads no JSX.
import { CONTRACT_VERSION, MANIFEST_CONTRACT_KEY, MANIFEST_MIN_HOST_KEY } from '@member/shared-core/contract';
import { FRAMELESS_PAGES, PAGE_PATH_PATTERN, PAGES } from '@member/shared-core/routes';
import { inlineScript } from './inline-script';
import {
  APP_START_BOUND_MS,
  DRAWN_START_BOUND_MS,
  GROUND_KEY,
  LIST_FIRST_BOUND_MS,
  type EarlyHints,
} from './src/core/config/early-start/hints';
import { DRAWN_IDLE_START_MS, DRAWN_TYPING_PAUSE_MS, type DrawnHints } from './src/core/config/drawn-start';
import { DRAWN_ATTRIBUTES, DRAWN_LINE_CHECK, DRAWN_PATH_MARK, SCHEME_COOKIE } from '@member/shared-core/drawing';
import { KEPT_HINTS } from './src/app/boot/kept-hints';
import { DARK_KEY, LOCALE_COOKIE, LOCALE_KEY } from './src/core/lib/locale-key';
import { DEFAULT_BRANDS, GAME_MENU, isGameBrandOpen } from '@member/shared-core/games/menu';
import { EARLY_CALLS } from './src/core/api/early-calls';
import { EARLY_CALL_MAX_AGE_MS } from './src/core/config/early-fetches';
import { KEPT_LIST_MAX_AGE_MS, KEPT_LIST_TAGS_KEY } from './src/features/lobby/kept-lists';
import { brandStorageKey, isLobbyPage, LOBBY_PAGES } from './src/features/lobby/lobby-pages';
import { loginTypeCookie, tokenCookie } from './src/core/base/session-cookies';
import { RELEASE_MEMORY_KEY } from './src/features/remotes/release-memory';
import { SIGNED_FILES_FORMAT } from './src/features/remotes/remote-signature';
// @ts-expect-error: the workspace's scripts are plain Node modules, without type declarations.
import { CSP_NONCE_PLACEHOLDER } from '../scripts/csp.mjs';

/**
 * Puts into index.html what the first screen needs, so the browser asks for it while the HTML is read:
 * - a preload of the entry and of every file it loads at start (the app behind its async boundary and the
 *   shared modules' own chunks), which the browser would otherwise find only once the entry has run;
 * - the inline early start (src/core/config/early-start/), bundled into one minified script and given this build's
 *   entry and string chunks;
 *   it runs the entry, which the HTML only preloads, once the brand shell has painted. Its nonce is a placeholder the
 *   server that sends the page replaces with a fresh one, which the page's policy names (scripts/csp.mjs): nothing of
 *   this build is in the policy, so a deploy of the host can never disagree with it.
 */
export function firstScreenPlugin(): RsbuildPlugin {
  return {
    name: 'member-first-screen',
    setup(api) {
      api.modifyHTMLTags(async (tags, { compilation, assetPrefix }) => {
        const url = (file: string) => `${assetPrefix.replace(/\/$/, '')}/${file}`;
        const startFiles = new Set<string>();
        for (const chunk of compilation.chunks) {
          const atStart = [...chunk.groupsIterable].some((group) => group.getParents().some((parent) => parent.name === 'index'));
          if (atStart) for (const file of chunk.files) if (/\.(js|css)$/.test(file)) startFiles.add(file);
        }
        const stringsChunk = (locale: 'th' | 'en', who: 'guest' | 'member' = 'guest') => {
          const group = compilation.namedChunkGroups.get(`strings-${locale}-${who}`);
          const file = group?.chunks.flatMap((chunk) => [...chunk.files]).find((f) => f.endsWith('.js'));
          if (!file) throw new Error(`first-screen plugin: no chunk for the ${locale} ${who} strings (init-i18n.ts names them)`);
          return url(file);
        };
        // The JS files of a named chunk group (a `webpackChunkName`), less those the HTML already preloads.
        const groupFiles = (name: string) => {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`first-screen plugin: no chunk group "${name}" (its dynamic import names it)`);
          return group.chunks
            .flatMap((chunk) => [...chunk.files])
            .filter((f) => f.endsWith('.js') && !startFiles.has(f))
            .map(url);
        };
        const memberFiles = [...new Set([...groupFiles('session'), ...groupFiles('api-core')])];
        const pageFiles = Object.fromEntries(
          Object.entries(PAGES).map(([page, facts]) => {
            const files = [
              ...facts.hookChunks.flatMap((chunk) => groupFiles(`hooks-${chunk}`)),
              ...(isLobbyPage(page) ? groupFiles('lobby-prefetch') : []),
            ];
            return [page, [...new Set(files)].filter((file) => !memberFiles.includes(file))];
          }),
        );
        // The entry is run by the early start once the brand has painted (early-start.ts); the HTML only preloads it.
        const entryTags = tags.headTags.filter((tag) => tag.tag === 'script' && typeof tag.attrs?.src === 'string');
        if (entryTags.length === 0) throw new Error('first-screen plugin: the page has no entry script');
        const hints: EarlyHints = {
          entry: entryTags.map((tag) => String(tag.attrs!.src)),
          appStartBoundMs: APP_START_BOUND_MS,
          drawnStartBoundMs: DRAWN_START_BOUND_MS,
          heldCodeAttribute: DRAWN_ATTRIBUTES.heldCode,
          drawnApiAttribute: DRAWN_ATTRIBUTES.api,
          listFirstBoundMs: LIST_FIRST_BOUND_MS,
          sessionCookies: [tokenCookie(''), loginTypeCookie('')],
          memberFiles,
          pageFiles,
          strings: { th: stringsChunk('th'), en: stringsChunk('en') },
          memberStrings: { th: stringsChunk('th', 'member'), en: stringsChunk('en', 'member') },
          localeKey: LOCALE_KEY,
          localeCookie: LOCALE_COOKIE,
          darkKey: DARK_KEY,
          groundKey: GROUND_KEY,
          frameless: FRAMELESS_PAGES,
          pagePath: PAGE_PATH_PATTERN.source,
          contractKey: MANIFEST_CONTRACT_KEY,
          contractMajor: CONTRACT_VERSION.split('.')[0]!,
          minHostKey: MANIFEST_MIN_HOST_KEY,
          contractVersion: CONTRACT_VERSION,
          apiCalls: EARLY_CALLS,
          earlyCallMaxAgeMs: EARLY_CALL_MAX_AGE_MS,
          keptListTagsKey: KEPT_LIST_TAGS_KEY,
          keptListMaxAgeMs: KEPT_LIST_MAX_AGE_MS,
          releasesKey: RELEASE_MEMORY_KEY,
          signedFormat: SIGNED_FILES_FORMAT,
          lobbies: Object.fromEntries(
            LOBBY_PAGES.map((page) => [
              page,
              {
                storageKey: brandStorageKey(page),
                fallback: DEFAULT_BRANDS[page],
                urls: Object.fromEntries(GAME_MENU[page].map((entry) => [entry.code, entry.url])),
                tags: Object.fromEntries(GAME_MENU[page].map((entry) => [entry.code, entry.storageKey])),
                open: GAME_MENU[page].filter(isGameBrandOpen).map((entry) => entry.code),
              },
            ]),
          ),
        };
        const code = await inlineScript('src/core/config/early-start/index.ts', 'earlyStart', hints);
        // A page drawn in the HTML (docs/architecture.md): held presses, the 404's path, a drawing in another language
        // or scheme than the member's kept from showing. It does nothing on a page that is not drawn.
        const drawnHints: DrawnHints = {
          localeKey: LOCALE_KEY,
          localeCookie: LOCALE_COOKIE,
          darkKey: DARK_KEY,
          schemeCookie: SCHEME_COOKIE,
          pathMark: DRAWN_PATH_MARK,
          idleStartMs: DRAWN_IDLE_START_MS,
          typingPauseMs: DRAWN_TYPING_PAUSE_MS,
          sessionCookies: [tokenCookie(''), loginTypeCookie('')],
          workingPage: DRAWN_LINE_CHECK,
          // ui-kit/src/button.tsx: the class every Button carries, and the spinner it shows while busy.
          busy: { buttonClass: 'mc-btn', spinnerClass: 'mc-spinner' },
        };
        // A member's frame drawn with its templates: a lobby's first tiles, the profile's balances (kept-hints.ts).
        const drawnCode = await inlineScript('src/core/config/drawn-start.ts', 'drawnStart', drawnHints);
        // A script of its own, marked, so that a page drawn for a guest is sent without it (drawn-document.ts).
        const keptCode = await inlineScript('src/core/config/drawn-kept.ts', 'drawnKept', KEPT_HINTS);
        // The host's scripts download from the first moment but at low priority, behind the run-time files and the
        // brand's logo that the early start asks for: on a slow link the brand paints first (measured on a throttled
        // phone profile: 0.68 s instead of 0.99 s), the form about 0.1 s later. The entry is listed first.
        const scriptPreload = (href: string) => ({ tag: 'link', attrs: { rel: 'preload', as: 'script', href, fetchpriority: 'low' } });
        const preloads = [...startFiles]
          .sort()
          .map((file) =>
            file.endsWith('.css') ? { tag: 'link', attrs: { rel: 'preload', as: 'style', href: url(file) } } : scriptPreload(url(file)),
          );
        const entryPreloads = entryTags.map((tag) => scriptPreload(String(tag.attrs!.src)));
        const headTags = tags.headTags.filter((tag) => !entryTags.includes(tag));
        // The run-time files first of all: the preload scanner asks for them with the HTML's first bytes, before the
        // inline script that reads them has been compiled (about 0.1-0.2 s on a mid-range phone).
        const runtimeFiles = ['/config.json', '/sites.json'].map((href) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'fetch', href, crossorigin: 'anonymous' },
        }));
        const nonce = { nonce: CSP_NONCE_PLACEHOLDER as string };
        return {
          ...tags,
          headTags: [
            ...runtimeFiles,
            { tag: 'script', attrs: nonce, children: code },
            { tag: 'script', attrs: nonce, children: drawnCode },
            { tag: 'script', attrs: { ...nonce, [DRAWN_ATTRIBUTES.keptFill]: true }, children: keptCode },
            ...headTags,
            ...entryPreloads,
            ...preloads,
          ],
        };
      });
    },
  };
}
