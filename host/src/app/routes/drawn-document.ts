import { DRAWN_ATTRIBUTES, DRAWN_END_ID, DRAWN_KEPT_ATTRIBUTES, releasesText, type DrawnPageName } from '@member/shared-core/drawing';
import { classesOf, stylesForMarkup } from './page-styles';
import { isLobbyPage } from '../../features/lobby/lobby-pages';

/**
 * A drawn page's document: the host's built index.html (its scripts, preloads, inline start and policy hashes as they
 * are) with the page drawn into its root, the stylesheets the page needs linked in its head, and on the document
 * element what the page was drawn for and with, which the host reads before it takes the page over (app/boot/drawn-page.ts).
 * Plain text work on the built file, so it runs wherever the drawing step does.
 */

export interface StylesheetLink {
  href: string;
  /** The signed hash of a theme's file (`sha384-…`); none for the host's own. */
  integrity?: string;
  /** The stylesheet's text, as the drawing step read it (a theme's checked against its signed list). */
  text: string;
}

export interface DrawnDocumentParts {
  page: DrawnPageName;
  /** The site: its key, the flavour of its theme (the page's `data-site-css`) and its logo. */
  site: { key: string; flavour: string; logo: string };
  locale: 'th' | 'en';
  scheme: 'light' | 'dark';
  /** The schemes the site offers, its first first. */
  schemes: readonly ('light' | 'dark')[];
  /** A member's frame, which the app replaces rather than hydrates. */
  member: boolean;
  /** The API base config.json gives, written on a member's lobby for its inline start (DRAWN_ATTRIBUTES.api). */
  apiBase?: string;
  /** The theme drawing the outermost part of the page (its `data-theme-name`), or null for a screen of the host's. */
  pageTheme: string | null;
  /** The SHA-256 of the site's checked entry (DRAWN_ATTRIBUTES.entry). */
  entryHash: string;
  /** The theme releases drawn with, by theme: the signed hash of each one's mf-manifest.json. */
  releases: Readonly<Record<string, string>>;
  /** What React drew into the root. */
  markup: string;
  /**
   * A lobby's page around stand-in games, drawn into `<template>`s before the root for the page's first script to fill
   * from the member's kept list (app/routes/drawn-kept.tsx), each with its attributes; none for other pages. Before the
   * root, so they are read whole by the time the frame's page place is, and the page can be filled as the parser
   * reaches that place rather than once the whole document is read.
   */
  kept?: readonly { attributes: readonly [string, string][]; markup: string }[];
  /** The page's stylesheets, inlined (inlineStyles); the page keeps the rules its markup can use. */
  styles: string;
  /** Classes a script of the page writes before the app runs, on elements of its own (a member frame's fill). */
  scriptClasses?: readonly string[];
  /** Head elements the page names (the manifest link in the member's language, the touch icon). */
  headLinks: readonly { rel: string; href: string }[];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', "'": '&#39;' };
export const escapeAttribute = (value: string) => value.replace(/[&"<>']/g, (ch) => ESCAPES[ch]!);

/**
 * React puts the resources a page preloads (its logo) first in what it draws; they belong in the head. Returns them and
 * the rest of the markup.
 */
export function hoistedResources(markup: string): { head: string; body: string } {
  let rest = markup;
  let head = '';
  for (;;) {
    const match = /^<link\b[^>]*\/?>/.exec(rest);
    if (!match) break;
    head += match[0];
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

/**
 * A lobby's template. What React would hoist from it (the stand-in games' image preloads) is left out: nothing of it
 * is fetched until it is filled.
 */
function keptTemplate(kept: NonNullable<DrawnDocumentParts['kept']>[number]): string {
  const { body } = hoistedResources(kept.markup);
  if (/<link\b/i.test(body)) throw new Error("a lobby's template holds a resource React hoists, which a template cannot fetch");
  // A style attribute would be refused by the page's policy even in a template: it is carried under another name (React
  // escapes `>` in attribute values, so a tag ends at the first one).
  const styled = body.replace(/(<[a-zA-Z][^>]*?\s)style="/g, (_, tag: string) => `${tag}${DRAWN_KEPT_ATTRIBUTES.style}="`);
  return `<template ${kept.attributes.map(([name, value]) => `${name}="${escapeAttribute(value)}"`).join(' ')}>${styled}</template>`;
}

/** The stylesheets the host's own page preloads (its first screen's CSS, index.html's `as="style"` preloads), by address. */
export function hostStylesheets(indexHtml: string): string[] {
  const links: string[] = [];
  for (const [tag] of indexHtml.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="preload"/.test(tag) || !/\bas="style"/.test(tag)) continue;
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href) links.push(href);
  }
  return links;
}

/**
 * The page's stylesheets as one `<style>` element's text, in order: in the same response, so the page is painted
 * without a round trip for them. It carries the nonce the page's inline scripts carry (the server that sends the page
 * puts that answer's nonce in place of the build's placeholder, in both), which the policy's style-src names. A text
 * that could end the element early is refused rather than inlined.
 */
export function inlineStyles(stylesheets: readonly StylesheetLink[]): string {
  const text = stylesheets.map((sheet) => sheet.text).join('\n');
  if (/<\/style/i.test(text))
    throw new Error(`a stylesheet of the page holds "</style" (${stylesheets.map((sheet) => sheet.href).join(', ')})`);
  return text;
}

/** The host's script preloads in index.html (first-screen-plugin.ts): its entry and what the entry loads at start. */
const SCRIPT_PRELOAD = /<link\b[^>]*\brel="preload"[^>]*\bas="script"[^>]*>/g;

/**
 * A member's lobby: its list, when the device keeps none, is what the member waits for, and on a phone's network the
 * app's code would share the line with it. The script preloads move into a template before the inline start, which
 * asks for them once the list is in, or at once when the list is kept (early-start.ts, "the list first"). A template's
 * content is inert: the browser asks for nothing in it. The service worker still reads the frame's scripts from it
 * (cache-rules.ts `keptFrameAnswers`).
 */
export function holdScriptPreloads(html: string): string {
  const preloads = html.match(SCRIPT_PRELOAD) ?? [];
  if (preloads.length === 0) return html;
  const without = html.replace(SCRIPT_PRELOAD, '');
  if (!/<script\b/.test(without)) throw new Error('index.html has no inline start to hold the scripts before');
  return without.replace(/<script\b/, () => `<template ${DRAWN_ATTRIBUTES.heldCode}>${preloads.join('')}</template><script`);
}

/** The inline script that fills a member's frame from what the device keeps (first-screen-plugin.ts marks it). */
const KEPT_FILL_SCRIPT = new RegExp(`<script\\b[^>]*\\s${DRAWN_ATTRIBUTES.keptFill}\\b[^>]*>[\\s\\S]*?</script>`);

/**
 * A guest's page without the script that fills a member's frame: it finds nothing to fill there, and it is three
 * quarters of the page's inline code (12.7 of 16.8 KB), which the page's first bytes would carry before its body.
 */
export function withoutKeptFill(html: string): string {
  return html.replace(KEPT_FILL_SCRIPT, '');
}

/** A member's lobby, whose list goes first (holdScriptPreloads). */
const heldLobby = (parts: DrawnDocumentParts) => parts.member && isLobbyPage(parts.page);

export function drawnDocument(indexHtml: string, parts: DrawnDocumentParts): string {
  const { head, body } = hoistedResources(parts.markup);
  // The page's policy allows no style attribute: a page drawn with one would not look as drawn.
  if (/<[a-zA-Z][^>]*?\sstyle="/.test(body)) throw new Error('the page is drawn with a style attribute, which its policy refuses');
  const attributes: [string, string][] = [
    ['lang', parts.locale],
    ['data-theme', parts.scheme],
    ['data-site-css', parts.site.flavour],
    ...(parts.pageTheme ? ([['data-page-theme', parts.pageTheme]] as [string, string][]) : []),
    [DRAWN_ATTRIBUTES.page, parts.page],
    [DRAWN_ATTRIBUTES.site, parts.site.key],
    [DRAWN_ATTRIBUTES.entry, parts.entryHash],
    [DRAWN_ATTRIBUTES.releases, releasesText(parts.releases)],
    [DRAWN_ATTRIBUTES.schemes, parts.schemes.join(' ')],
    ...(parts.member ? ([[DRAWN_ATTRIBUTES.kind, 'member']] as [string, string][]) : []),
    ...(heldLobby(parts) && parts.apiBase ? ([[DRAWN_ATTRIBUTES.api, parts.apiBase]] as [string, string][]) : []),
  ];
  const htmlTag = `<html ${attributes.map(([name, value]) => `${name}="${escapeAttribute(value)}"`).join(' ')}>`;
  const built = parts.member ? indexHtml : withoutKeptFill(indexHtml);
  const nonce = /<script nonce="([^"]+)"/.exec(built)?.[1];
  const templates = (parts.kept ?? []).map(keptTemplate).join('');
  // The stylesheets less the rules none of the page's elements can use (page-styles.ts), the templates' and those the
  // fill writes counted: a login's 58 KB to 12 KB, a lobby's frame's 65 KB to 25 KB.
  const styles = stylesForMarkup(parts.styles, new Set([...classesOf(`${built}${body}${templates}`), ...(parts.scriptClasses ?? [])]));
  const links = [
    // Nothing is painted until the page is read whole: on a slow phone the parser yields mid-page, and a page painted
    // half-read grows under the member's eyes (a centred login card moved 0.1-0.3 of the screen as its rest arrived).
    // The mark after the root, not the root: Chromium lets the page paint once the root's start tag is read.
    `<link rel="expect" href="#${DRAWN_END_ID}" blocking="render">`,
    `<style${nonce ? ` nonce="${escapeAttribute(nonce)}"` : ''}>${styles}</style>`,
    ...parts.headLinks.map(({ rel, href }) => `<link rel="${escapeAttribute(rel)}" href="${escapeAttribute(href)}">`),
    head,
  ].join('');
  const replaced = built
    // The host's first-screen stylesheets are in the page's own <style>: no request for them competes with the page.
    .replace(/<link\b[^>]*\brel="preload"[^>]*\bas="style"[^>]*>/g, '')
    .replace(/<html\b[^>]*>/, () => htmlTag)
    .replace(/(<meta name="color-scheme" content=")[^"]*(")/, (_, open: string, close: string) => `${open}${parts.scheme}${close}`)
    .replace(/<link rel="icon" href="[^"]*"/, () => `<link rel="icon" href="${escapeAttribute(parts.site.logo)}"`)
    .replace('</head>', () => `${links}</head>`)
    .replace(/<div id="root"><\/div>/, () => `${templates}<div id="root">${body}</div><i id="${DRAWN_END_ID}" hidden></i>`);
  if (!replaced.includes(body) || !replaced.includes(htmlTag))
    throw new Error('index.html has no <html> element or no empty <div id="root"></div> to draw into');
  return heldLobby(parts) ? holdScriptPreloads(replaced) : replaced;
}
