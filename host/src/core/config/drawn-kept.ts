/**
 * The lines index.html runs inline (beside drawn-start.ts, in the same script) for a lobby's frame that came drawn in
 * the HTML with its template (app/routes/drawn-kept.tsx): a member who comes back finds the first tiles of the list their
 * device kept (features/lobby/kept-lists.ts) in the page before the app's code runs. Inlined by its source text, so it uses
 * nothing from outside itself and only syntax every supported browser parses; allowed by the script's hash.
 *
 * The template is the site's lobby as the app renders it around stand-in games; this fills each stand-in's name, id
 * and image with the kept game's, drops the stand-ins the list has no game for, writes the list's count where the
 * drawn count stood, and puts the result in the frame's page place, in place of its "on its way". It does so only when the
 * lobby would show that list itself: the visit carries the site's session cookies, the member's brand is the one the
 * template was drawn with, the list is kept and young enough, and the template is the one for the game accounts the
 * member has (what the lobby offers besides the games depends on them; their kept balances tell which). Otherwise, or when anything of a stand-in is left
 * unfilled, the frame stays as drawn. The app then replaces the page as it replaces any member's frame.
 */
export interface KeptHints {
  /** The local-storage key of the site's kept lists, followed by the site's key. */
  keptListsKey: string;
  /** The local-storage key of the member's kept balances, followed by the site's key: which game accounts they have. */
  keptBalancesKey: string;
  /** The providers of game accounts (`GCLUB`, `UFA`), in the order a template names them. */
  services: string[];
  keptListMaxAgeMs: number;
  /** The session cookies' names, each followed by the site's key. */
  sessionCookies: string[];
  /** The template's attributes (shared-core's DRAWN_KEPT_ATTRIBUTES). */
  attributes: {
    page: string;
    brand: string;
    tag: string;
    choiceKey: string;
    accounts: string;
    countDrawn: string;
    countOne: string;
    countMany: string;
    style: string;
  };
  /** A stand-in game's marks, `#` for its index (shared-core's keptGameMark('#')). */
  marks: { id: string; name: string; image: string };
  /** What every mark starts with (KEPT_MARK_START, KEPT_IMAGE_START). */
  markStarts: string[];
  countMark: string;
  /** A tile's test id (ui-kit's game tile carries it). */
  tileTestId: string;
  /**
   * The page's place in the frame (its test id), and the classes of what the frame holds before it there (the live
   * updates notice, the update offer): the template, the page as the app renders it there, takes the place of all three.
   */
  placeTestId: string;
  placeSiblings: string[];
}

/**
 * What a member's frame holds before its page place (app/routes/drawn-member-frame.tsx), by class: the live updates notice and
 * the update offer, which the page as the app renders it there holds too.
 */
export const DRAWN_PLACE_SIBLINGS = ['host-live-notice', 'host-update-offer'] as const;

/** Set on the document element once a template was filled (for the app's takeover and the tests). */
export const KEPT_FILLED_ATTRIBUTE = 'data-drawn-kept-filled';

export function drawnKept(win: Window, hints: KeptHints): void {
  const doc = win.document;
  const html = doc.documentElement;
  if (html.getAttribute('data-drawn-kind') !== 'member') return;
  const a = hints.attributes;

  // A tile's image as the lobby takes it (shared-core's guardedImageUrl): an http(s) URL or a path on this site.
  const imageUrl = (raw: unknown): string => {
    if (typeof raw !== 'string') return '';
    // eslint-disable-next-line no-control-regex -- as the browser reads a URL: leading controls and spaces dropped.
    const cleaned = raw.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
    if (!cleaned || /^(javascript|data|vbscript|blob|file):/i.test(cleaned) || /^[\\/]{2}/.test(cleaned)) return '';
    try {
      if (cleaned.charAt(0) === '/') {
        const path = new URL(cleaned, 'http://path.invalid');
        return path.origin === 'http://path.invalid' ? path.pathname + path.search + path.hash : '';
      }
      const parsed = new URL(cleaned);
      return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !parsed.username && !parsed.password ? parsed.href : '';
    } catch {
      return '';
    }
  };

  // The games to show, or null when the lobby would not show this template's list.
  const keptGames = (template: Element): { id: string; name: string; image: string }[] | null => {
    const site = html.getAttribute('data-drawn-site') || '';
    const cookie = doc.cookie;
    for (const name of hints.sessionCookies) if (!new RegExp('(?:^|;\\s*)' + name + site + '=[^;]').test(cookie)) return null;
    const brand = template.getAttribute(a.brand);
    let chosen: string | null = new URLSearchParams(win.location.search).get('brand');
    let kept: unknown;
    try {
      chosen = chosen || win.localStorage.getItem(template.getAttribute(a.choiceKey) || '');
      kept = JSON.parse(win.localStorage.getItem(hints.keptListsKey + site) || '[]');
    } catch {
      return null;
    }
    if (chosen && chosen !== brand) return null;
    const list = Array.isArray(kept) ? kept.filter((k) => k && k.tag === template.getAttribute(a.tag))[0] : null;
    if (!list || typeof list.savedAt !== 'number' || Date.now() - list.savedAt > hints.keptListMaxAgeMs || !Array.isArray(list.games))
      return null;
    const games: { id: string; name: string; image: string }[] = [];
    for (const game of list.games as unknown[]) {
      const g = game as { id?: unknown; name?: unknown; imageName?: unknown } | null;
      if (!g || typeof g.id !== 'string' || (g.name !== undefined && typeof g.name !== 'string')) return null;
      games.push({ id: g.id, name: typeof g.name === 'string' ? g.name : g.id, image: imageUrl(g.imageName) });
    }
    return games.length > 0 ? games : null;
  };

  const fill = (template: HTMLTemplateElement): boolean => {
    const games = keptGames(template);
    const place = doc.querySelector('#root [data-testid="' + hints.placeTestId + '"]');
    if (!games || !place || !place.parentNode) return false;
    const page = template.content.cloneNode(true) as DocumentFragment;
    const tiles = page.querySelectorAll('[data-testid="' + hints.tileTestId + '"]');
    for (let i = 0; i < tiles.length; i++) {
      const tile = tiles[i]!;
      const game = games[i];
      if (!game) {
        tile.parentNode!.removeChild(tile);
        continue;
      }
      const id = hints.marks.id.replace('#', String(i));
      const name = hints.marks.name.replace('#', String(i));
      const image = hints.marks.image.replace('#', String(i));
      const put = (text: string) => text.split(id).join(game.id).split(name).join(game.name);
      const elements = [tile].concat(Array.prototype.slice.call(tile.querySelectorAll('*')));
      for (const element of elements) {
        for (const attribute of Array.prototype.slice.call(element.attributes) as Attr[]) {
          if (attribute.name === 'aria-setsize') element.setAttribute(attribute.name, String(games.length));
          else if (attribute.value === image && game.image) element.setAttribute(attribute.name, game.image);
          else if (attribute.value === image) {
            // No image: the tile's empty image box, as the lobby draws one.
            const box = doc.createElement('span');
            box.className = element.getAttribute('class') || '';
            element.parentNode!.replaceChild(box, element);
            break;
          } else element.setAttribute(attribute.name, put(attribute.value));
        }
      }
      const walker = doc.createTreeWalker(tile, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) walker.currentNode.nodeValue = put(walker.currentNode.nodeValue || '');
    }
    // The list's count where the stand-ins' stood.
    const drawnCount = template.getAttribute(a.countDrawn);
    const count =
      games.length === 1
        ? template.getAttribute(a.countOne)
        : (template.getAttribute(a.countMany) || '').split(hints.countMark).join(String(games.length));
    const texts = doc.createTreeWalker(page, NodeFilter.SHOW_TEXT);
    const left = (text: string | null) => !!text && hints.markStarts.some((start) => text.indexOf(start) >= 0);
    while (texts.nextNode()) {
      const node = texts.currentNode;
      if (drawnCount && node.nodeValue === drawnCount && count) node.nodeValue = count;
      if (left(node.nodeValue)) return false;
    }
    const all = page.querySelectorAll('*');
    for (let i = 0; i < all.length; i++)
      for (const attribute of Array.prototype.slice.call(all[i]!.attributes) as Attr[]) if (left(attribute.value)) return false;
    // The page's policy allows no style attribute: what the drawing carried under another name (the grid's geometry)
    // is set through the element's style once the page is in the document.
    const styled = Array.prototype.slice.call(page.querySelectorAll('[' + a.style + ']')) as HTMLElement[];
    const before = (element: Element | null) => !!element && hints.placeSiblings.some((name) => element.classList.contains(name));
    while (before(place.previousElementSibling)) place.parentNode.removeChild(place.previousElementSibling!);
    const pressed = page.querySelectorAll('[aria-pressed="true"]');
    place.parentNode.replaceChild(page, place);
    for (const element of styled) {
      element.style.cssText = element.getAttribute(a.style) || '';
      element.removeAttribute(a.style);
    }
    // A chosen brand far along a sideways row of brands is brought into view, as the row does once the app runs.
    for (let i = 0; i < pressed.length; i++) {
      const row = pressed[i]!.parentElement;
      if (!row || row.scrollWidth <= row.clientWidth) continue;
      const box = row.getBoundingClientRect();
      const entry = pressed[i]!.getBoundingClientRect();
      if (entry.left < box.left || entry.right > box.right) row.scrollLeft += entry.left + entry.width / 2 - (box.left + box.width / 2);
    }
    html.setAttribute('data-drawn-kept-filled', template.getAttribute(a.page) || '');
    return true;
  };

  // The game accounts the member has, as their kept balances tell (none kept: no template is taken).
  const accounts = (): string | null => {
    try {
      const kept = JSON.parse(win.localStorage.getItem(hints.keptBalancesKey + (html.getAttribute('data-drawn-site') || '')) || 'null');
      const has = hints.services.filter(
        (service) => kept && typeof kept === 'object' && kept[service] && typeof kept[service].balance === 'number',
      );
      return has.length > 0 ? has.join(' ') : null;
    } catch {
      return null;
    }
  };

  // Filled once the templates have been read whole (something follows the last, or the document is), before that is
  // painted where the browser allows, and only while the page is still the drawn member's frame (drawn-start.ts may
  // have emptied a page drawn in another language or scheme).
  let done = false;
  const whenParsed = () => {
    const templates = Array.prototype.slice.call(doc.querySelectorAll('template[' + a.page + ']')) as HTMLTemplateElement[];
    const last = templates[templates.length - 1];
    if (done || !last || (!last.nextSibling && doc.readyState === 'loading')) return;
    done = true;
    observer.disconnect();
    const has = accounts();
    const template = templates.filter((t) => t.getAttribute(a.accounts) === has)[0];
    if (template && html.getAttribute('data-drawn-kind') === 'member') {
      try {
        fill(template);
      } catch {
        // A page this browser cannot fill stays the frame it was drawn as.
      }
    }
    for (const t of templates) t.parentNode!.removeChild(t);
  };
  const observer = new MutationObserver(whenParsed);
  observer.observe(doc, { childList: true, subtree: true });
  doc.addEventListener('DOMContentLoaded', whenParsed);
}
