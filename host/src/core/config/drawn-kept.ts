/**
 * The lines index.html runs inline (a script of its own after drawn-start.ts's, left out of a guest's drawn page) for a lobby's frame that came drawn in
 * the HTML with its template (app/routes/drawn-kept.tsx): a member who comes back finds the first tiles of the list their
 * device kept (features/lobby/kept-lists.ts) in the page before the app's code runs. Bundled into an inline script
 * (host/first-screen-plugin.ts), so it imports nothing of the app's beyond a helper of core/lib and shared-core's
 * formats (written without Intl, whose first use would cost the page its locale's data), and uses only syntax every
 * supported browser parses; allowed by the script's hash.
 *
 * The template is the site's lobby as the app renders it around stand-in games; this fills each stand-in's name, id
 * and image with the kept game's, drops the stand-ins the list has no game for, writes the list's count where the
 * drawn count stood, and puts the result in the frame's page place, in place of its "on its way". It does so only when the
 * lobby would show that list itself: the visit carries the site's session cookies, the member's brand is the one the
 * template was drawn with, the list is kept and young enough, and the template is the one for the game accounts the
 * member has (what the lobby offers besides the games depends on them; their kept balances tell which). Otherwise, or when anything of a stand-in is left
 * unfilled, the frame stays as drawn. The app then replaces the page as it replaces any member's frame.
 *
 * The profile's frame carries its page the same way, around stand-in accounts (app/routes/drawn-kept.tsx keptProfile):
 * this writes each account's kept balance and its time where the stand-ins' stood, written as the app writes them, for
 * the template of the accounts the member's kept balances name, and shows what the device does not keep (names, bank,
 * game users, which account is main) as on its way, for the app to fill. With the profile, the frame's money bar (in
 * the first screen on a phone, where the accounts are not) gets the kept balance of the account in use, chosen as the
 * app chooses it, and on the profile the other account's: the app replaces the profile only once its balances are there.
 */
import { formatBangkokDateTime, formatMoney } from '@member/shared-core/helpers/format';
import { bytesOfBase64 } from '../lib/base64-bytes';

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
    url: string;
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
  /** The attribute of a windowed grid's geometry inputs (shared-core's DRAWN_GRID_ATTRIBUTE). */
  gridAttribute: string;
  /**
   * A first visit's lobby: the inline early start's global (core/config/early-start.ts EARLY_GLOBAL), where its calls
   * are kept by the key core/api/early-calls.ts gives them, the list's and the profile's calls, and the lobby's pause
   * after a list has arrived (shared-core's LIST_SETTLE_MS), by page.
   */
  early: {
    global: string;
    list: { method: string; path: string };
    profile: { method: string; path: string };
    settleMs: Record<string, number>;
    /** The longest this waits for both replies, from the start of the page. */
    waitMs: number;
  };
  /** The profile's template (shared-core's DRAWN_KEPT_PROFILE…): its stand-in accounts' marks and how a balance is written. */
  profile: {
    page: string;
    /** The attribute carrying the drawing's "not set" (DRAWN_KEPT_PROFILE_ATTRIBUTES.notSet). */
    notSet: string;
    /** Each provider's stand-in balance (KEPT_BALANCE_MARKS) and the stand-in time (KEPT_UPDATED_MARK). */
    balanceMarks: Record<string, number>;
    updatedMark: string;
    /** A game account's card (its test id; `data-service` names its provider). */
    accountTestId: string;
    /** The classes of what the drawing shows for an account that depends on what the device does not keep (the account's actions). */
    unknown: string[];
    /** The class of what the app shows while a value is on its way. */
    pendingClass: string;
  };
  /**
   * The frame's money bar, filled with the profile (shared-core's DRAWN_MONEY_ATTRIBUTES, DRAWN_MONEY_FILLED), the cookie
   * naming the account in use (followed by the site's key), the class of the bar's words on their way, and the class of
   * the other account's amount as the app writes it.
   */
  money: {
    bar: string;
    inUse: string;
    other: string;
    filled: string;
    selectedCookie: string;
    pendingClass: string;
    otherAmountClass: string;
  };
}

/**
 * What a member's frame holds before its page place (app/routes/drawn-member-frame.tsx), by class: the live updates notice and
 * the update offer, which the page as the app renders it there holds too.
 */
export const DRAWN_PLACE_SIBLINGS = ['host-live-notice', 'host-update-offer'] as const;

/**
 * What the profile's template shows of an account that depends on which account is main and which is selected, by
 * class (ui-kit's game account card): its actions. The device does not keep those; the app shows them.
 */
export const DRAWN_PROFILE_UNKNOWN = ['mc-game__actions'] as const;

/**
 * The classes the fill writes on elements of its own, as the app writes them (ui-kit's): a balance on its way, the money
 * bar's words on their way, the other account's amount. On no element of the drawn markup, so a frame's CSS keeps their
 * rules by name (app/routes/drawn-document.ts).
 */
export const KEPT_FILL_CLASSES = {
  balancePending: 'mc-skeleton',
  moneyPending: 'mc-pending-text',
  otherAmount: 'mc-money__other-amount',
} as const;

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

  const site = html.getAttribute('data-drawn-site') || '';
  // The visit carries the site's session cookies.
  const member = (): boolean => {
    const cookie = doc.cookie;
    for (const name of hints.sessionCookies) if (!new RegExp('(?:^|;\\s*)' + name + site + '=[^;]').test(cookie)) return false;
    return true;
  };
  // The member's kept balances by provider (null when none are kept or they cannot be read).
  const keptBalances = (): Record<string, { balance?: unknown; updatedAt?: unknown }> | null => {
    try {
      const kept = JSON.parse(win.localStorage.getItem(hints.keptBalancesKey + site) || 'null');
      return kept && typeof kept === 'object' ? kept : null;
    } catch {
      return null;
    }
  };

  // The providers whose balance is kept, in the order a template names them. (The money bar is filled only after the
  // profile, which took the template of these providers and checked every balance is a finite number.)
  const heldServices = (kept: Record<string, { balance?: unknown }>): string[] =>
    hints.services.filter((service) => kept[service] && typeof kept[service]!.balance === 'number');

  // The games to show, or null when the lobby would not show this template's list.
  const keptGames = (template: Element): { id: string; name: string; image: string }[] | null => {
    if (!member()) return null;
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
    if (!list || typeof list.savedAt !== 'number' || Date.now() - list.savedAt > hints.keptListMaxAgeMs) return null;
    return gamesOf(list.games);
  };

  // A list's games as the lobby shows them, or null when it is no list.
  const gamesOf = (list: unknown): { id: string; name: string; image: string }[] | null => {
    if (!Array.isArray(list)) return null;
    const games: { id: string; name: string; image: string }[] = [];
    for (const game of list as unknown[]) {
      const g = game as { id?: unknown; name?: unknown; imageName?: unknown } | null;
      if (!g || typeof g.id !== 'string' || (g.name !== undefined && typeof g.name !== 'string')) return null;
      games.push({ id: g.id, name: typeof g.name === 'string' ? g.name : g.id, image: imageUrl(g.imageName) });
    }
    return games.length > 0 ? games : null;
  };

  const placeOf = () => doc.querySelector('#root [data-testid="' + hints.placeTestId + '"]');

  const fillLobby = (template: HTMLTemplateElement, list?: { id: string; name: string; image: string }[]): boolean => {
    const games = list || keptGames(template);
    const place = placeOf();
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
    put(template, page, place, games.length);
    return true;
  };

  // A windowed grid drawn for a phone's width, its columns and rows worked out again for the width it has, as the
  // grid does (ui-kit's gridGeometry): `count` games, of which the drawn ones fill its first rows. Read when the browser
  // has laid the page out (a ResizeObserver's first call comes after layout and before paint): the parse is never held
  // for a layout of its own, and the grid's own (contained) layout is all that is done again.
  const fitGrid = (grid: HTMLElement, count: number) => {
    const input = (grid.getAttribute(hints.gridAttribute) || '').split(' ').map(Number);
    const [min, gap, ratio, caption, max] = input as [number, number, number, number, number];
    const Observer = (win as Window & typeof globalThis).ResizeObserver;
    if (input.length !== 5 || input.some((n) => !(n >= 0)) || !(min > 0) || !(ratio > 0) || !Observer) return;
    const observer = new Observer(() => {
      observer.disconnect();
      const width = grid.clientWidth;
      if (!(width > 0)) return;
      let columns = Math.max(1, Math.floor((width + gap) / (min + gap)));
      if (max > 0) columns = Math.min(columns, max);
      const rowHeight = (width - gap * (columns - 1)) / columns / ratio + caption;
      const height = (rows: number) => (rows > 0 ? rows * (rowHeight + gap) - gap : 0);
      const total = height(Math.ceil(count / columns));
      const drawn = height(Math.ceil(grid.children.length / columns));
      grid.style.gridTemplateColumns = 'repeat(' + columns + ', minmax(0, 1fr))';
      grid.style.gridAutoRows = rowHeight + 'px';
      grid.style.height = total + 'px';
      grid.style.paddingTop = '0px';
      grid.style.paddingBottom = Math.max(0, total - drawn) + 'px';
    });
    observer.observe(grid);
  };

  // The page in the frame's page place, in place of its "on its way" and what the frame holds before it; a lobby's
  // grid fitted to the `count` games of its list.
  const put = (template: HTMLTemplateElement, page: DocumentFragment, place: Element, count = 0) => {
    // The page's policy allows no style attribute: what the drawing carried under another name (the grid's geometry)
    // is set through the element's style once the page is in the document.
    const styled = Array.prototype.slice.call(page.querySelectorAll('[' + a.style + ']')) as HTMLElement[];
    const before = (element: Element | null) => !!element && hints.placeSiblings.some((name) => element.classList.contains(name));
    const parent = place.parentNode!;
    while (before(place.previousElementSibling)) parent.removeChild(place.previousElementSibling!);
    const pressed = page.querySelectorAll('[aria-pressed="true"]');
    parent.replaceChild(page, place);
    for (const element of styled) {
      element.style.cssText = element.getAttribute(a.style) || '';
      element.removeAttribute(a.style);
      if (count > 0 && element.hasAttribute(hints.gridAttribute)) fitGrid(element, count);
    }
    // A chosen brand far along a sideways row of brands is brought into view, as the row does once the app runs: read
    // when the browser has laid the page out (as the grid's width is), so the fill, made as the parser reads, never
    // lays the page out on its own.
    const Observer = (win as Window & typeof globalThis).ResizeObserver;
    for (let i = 0; i < pressed.length && Observer; i++) {
      const entry = pressed[i]!;
      const row = entry.parentElement;
      if (!row) continue;
      const observer = new Observer(() => {
        observer.disconnect();
        if (row.scrollWidth <= row.clientWidth) return;
        const box = row.getBoundingClientRect();
        const chip = entry.getBoundingClientRect();
        if (chip.left < box.left || chip.right > box.right) row.scrollLeft += chip.left + chip.width / 2 - (box.left + box.width / 2);
      });
      observer.observe(row);
    }
    html.setAttribute('data-drawn-kept-filled', template.getAttribute(a.page) || '');
  };

  // The profile: each stand-in account's balance and its time written from the kept ones, what the device does not
  // keep left for the app (shown as on its way), and nothing shown unless every account's balance was kept.
  const fillProfile = (template: HTMLTemplateElement): boolean => {
    const p = hints.profile;
    const kept = member() ? keptBalances() : null;
    const place = placeOf();
    if (!kept || !place || !place.parentNode) return false;
    const locale = html.getAttribute('lang') === 'en' ? 'en' : 'th';
    const money = (amount: number) => formatMoney(amount, locale);
    const time = (date: Date) => formatBangkokDateTime(date, locale);
    const page = template.content.cloneNode(true) as DocumentFragment;
    const cards = page.querySelectorAll('[data-testid="' + p.accountTestId + '"]');
    const marks: string[] = [time(new Date(p.updatedMark))];
    for (const service in p.balanceMarks) marks.push(money(p.balanceMarks[service]!));
    for (let i = 0; i < cards.length; i++) {
      const card = cards[i]!;
      const service = card.getAttribute('data-service') || '';
      const last = kept[service];
      const mark = p.balanceMarks[service];
      if (!last || mark === undefined || typeof last.balance !== 'number' || !isFinite(last.balance)) return false;
      const at = typeof last.updatedAt === 'string' ? new Date(last.updatedAt) : null;
      if (!at || isNaN(at.getTime())) return false;
      let written = 0;
      const texts = doc.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      while (texts.nextNode())
        if (texts.currentNode.nodeValue === money(mark)) {
          texts.currentNode.nodeValue = money(last.balance);
          written++;
        }
      const times = card.querySelectorAll('time[datetime="' + p.updatedMark + '"]');
      for (let j = 0; j < times.length; j++) {
        times[j]!.setAttribute('datetime', last.updatedAt as string);
        times[j]!.textContent = time(at);
      }
      if (written !== 1) return false;
    }
    if (cards.length === 0) return false;
    // What depends on which account is main or selected is the app's to show.
    const unknown = page.querySelectorAll(p.unknown.map((name) => '.' + name).join(','));
    for (let i = 0; i < unknown.length; i++) unknown[i]!.parentNode!.removeChild(unknown[i]!);
    const notSet = template.getAttribute(p.notSet);
    const texts = doc.createTreeWalker(page, NodeFilter.SHOW_TEXT);
    const pending: Node[] = [];
    while (texts.nextNode()) {
      const text = texts.currentNode.nodeValue || '';
      if (marks.some((m) => text.indexOf(m) >= 0)) return false;
      if (notSet && text === notSet) pending.push(texts.currentNode);
    }
    for (const node of pending) {
      const shimmer = doc.createElement('span');
      shimmer.className = p.pendingClass;
      shimmer.setAttribute('aria-hidden', 'true');
      node.parentNode!.replaceChild(shimmer, node);
    }
    if (page.querySelector('[datetime="' + p.updatedMark + '"]')) return false;
    put(template, page, place);
    fillMoney(kept, money);
    return true;
  };

  // The frame's money bar: the kept balance of the account in use as the app picks it (shared-core's defaultService:
  // the member's choice in its cookie, else UFA of two, else the one), its words as the app says them; on the profile
  // the other account's line too, or none for a member with one account. Anything missing leaves the bar as drawn.
  const fillMoney = (kept: Record<string, { balance?: unknown }>, money: (amount: number) => string) => {
    const m = hints.money;
    const bar = doc.querySelector('#root [' + m.bar + ']');
    const held = heldServices(kept);
    if (!bar || held.length === 0) return;
    const chosen = new RegExp('(?:^|;\\s*)' + m.selectedCookie + site + '=([^;]*)').exec(doc.cookie);
    const inUse = chosen && held.indexOf(chosen[1]!) >= 0 ? chosen[1]! : held.length > 1 && held.indexOf('UFA') >= 0 ? 'UFA' : held[0]!;
    const words = bar.getAttribute(m.inUse + inUse.toLowerCase());
    const label = bar.querySelector('.mc-money__main .mc-money__label .' + m.pendingClass);
    const amount = bar.querySelector('.mc-money__main .mc-money__amount');
    if (!words || !label || !amount) return;
    const other = bar.querySelector('.mc-money__other');
    const otherService = held.filter((s) => s !== inUse)[0];
    const otherWords = otherService ? bar.getAttribute(m.other + otherService.toLowerCase()) : null;
    if (other && otherService && !otherWords) return;
    label.textContent = words;
    label.removeAttribute('class');
    label.removeAttribute('aria-hidden');
    amount.textContent = money(kept[inUse]!.balance as number);
    if (other && otherService) {
      // As the app's line: the words, then the amount in its own style.
      const text = doc.createElement('span');
      text.textContent = otherWords;
      const sum = doc.createElement('span');
      sum.className = m.otherAmountClass;
      sum.textContent = money(kept[otherService]!.balance as number);
      const pending = other.querySelector('.' + m.pendingClass);
      if (pending) other.replaceChild(text, pending);
      else other.appendChild(text);
      other.appendChild(sum);
      other.removeAttribute('aria-hidden');
    } else if (other) other.parentNode!.removeChild(other);
    bar.removeAttribute('aria-busy');
    html.setAttribute(m.filled, inUse);
  };

  const fill = (template: HTMLTemplateElement): boolean =>
    template.getAttribute(a.page) === hints.profile.page ? fillProfile(template) : fillLobby(template);

  // The game accounts the member has, as their kept balances tell (none kept: no template is taken).
  const accounts = (): string | null => {
    const kept = keptBalances();
    const has = kept ? heldServices(kept) : [];
    return has.length > 0 ? has.join(' ') : null;
  };

  // A first visit's lobby (no list kept, or none for these accounts): filled from the replies of the calls the early
  // start sent for it, the brand's list and the member's profile (which accounts they have), once the list has had the
  // lobby's pause after its arrival, as the app shows it. Only the drawn brand's list, only while the page is still
  // the drawn frame, and never a list that is not one.
  const fillFromEarly = (templates: HTMLTemplateElement[]) => {
    const e = hints.early;
    const page = html.getAttribute('data-drawn-page') || '';
    const first = templates[0];
    if (!first || !member() || e.settleMs[page] === undefined) return;
    let chosen: string | null = new URLSearchParams(win.location.search).get('brand');
    try {
      chosen = chosen || win.localStorage.getItem(first.getAttribute(a.choiceKey) || '');
    } catch {
      return;
    }
    if (chosen && chosen !== first.getAttribute(a.brand)) return;
    const listKey = e.list.method + ' ' + e.list.path + ' ' + JSON.stringify([['url', first.getAttribute(a.url) || '']]);
    const start = Date.now();
    // The place this frame was read with: a page already put there (or a frame not this one) is left as it is.
    const place = placeOf();
    const ours = () => !!place && placeOf() === place && html.hasAttribute('data-drawn-page');
    const look = () => {
      const calls = (win as unknown as Record<string, { calls?: Record<string, { reply: Promise<Response>; answeredAt?: number }> }>)[
        e.global
      ];
      const all = (calls && calls.calls) || {};
      const list = all[listKey];
      let profile: { reply: Promise<Response> } | undefined;
      for (const key in all) if (key.indexOf(e.profile.method + ' ' + e.profile.path + ' ') === 0) profile = all[key];
      if (!ours()) return;
      if (!list || !profile) {
        if (performance.now() < e.waitMs) win.setTimeout(look, 50);
        return;
      }
      // Each reply is sealed as every reply of the API is (AES-256-CBC, config.json's key and IV as UTF-8, in a
      // `{"data": "<Base64>"}` envelope): opened with the browser's own cipher.
      const subtle = win.crypto && win.crypto.subtle;
      const early = (win as unknown as Record<string, { config?: Promise<Response> }>)[e.global];
      if (!subtle || !early || !early.config) return;
      const utf8 = (text: unknown) => new TextEncoder().encode(typeof text === 'string' ? text : '');
      const sealed = early.config
        .then((r) => r.clone().json())
        .then((config: { crypto?: { key?: unknown; iv?: unknown } } | null) => {
          const crypt = (config && config.crypto) || {};
          return subtle
            .importKey('raw', utf8(crypt.key), { name: 'AES-CBC' }, false, ['decrypt'])
            .then((key) => ({ key, iv: utf8(crypt.iv) }));
        });
      const open = (reply: Promise<Response>) =>
        Promise.all([reply.then((r) => (r.ok ? r.clone().json() : null)), sealed]).then(([envelope, cipher]) => {
          if (!envelope || typeof envelope.data !== 'string') return null;
          return subtle
            .decrypt({ name: 'AES-CBC', iv: cipher.iv }, cipher.key, bytesOfBase64(envelope.data))
            .then((plain) => JSON.parse(new TextDecoder().decode(plain)));
        });
      Promise.all([open(list.reply), open(profile.reply)])
        .then(([listed, who]) => {
          if (!ours()) return;
          const games = listed && listed.status === true && Array.isArray(listed.games) ? listed.games : null;
          const played = games
            ? gamesOf(games.filter((g: { imageName?: unknown }) => g && typeof g.imageName === 'string' && g.imageName.trim() !== ''))
            : null;
          const accounts =
            who && who.status === true && Array.isArray(who.games)
              ? hints.services.filter((service) => who.games.some((g: { service?: unknown } | null) => g && g.service === service))
              : [];
          const template = templates.filter((t) => t.getAttribute(a.accounts) === accounts.join(' '))[0];
          if (!played || !template) return;
          // The images of the tiles it will draw, asked for now rather than once the pause is over: they are in the
          // browser's cache by the time the tiles are drawn (the same addresses the tiles and the app's lobby ask for).
          const drawn = template.content.querySelectorAll('[data-testid="' + hints.tileTestId + '"]').length;
          const Picture = (win as Window & typeof globalThis).Image;
          for (const game of played.slice(0, drawn)) if (game.image) new Picture().src = game.image;
          win.setTimeout(
            () => {
              if (html.getAttribute('data-drawn-kind') === 'member' && ours()) fillLobby(template, played);
            },
            Math.max(0, e.settleMs[page]! - (Date.now() - (list.answeredAt || start))),
          );
        })
        .catch(() => undefined);
    };
    look();
  };

  // Filled once the templates (drawn before the root) have been read whole and the parser has reached the frame's page
  // place: as it reads, so the page is in the frame's first layout where the browser allows, and the tiles' images are
  // asked for then rather than once the rest of the document is read. The place is replaced whole, so what the parser
  // may still put into it (its "on its way") goes with it. Only while the page is still the drawn member's frame
  // (drawn-start.ts takes a page drawn in another language or scheme out of it at once).
  let done = false;
  const whenParsed = () => {
    const templates = Array.prototype.slice.call(doc.querySelectorAll('template[' + a.page + ']')) as HTMLTemplateElement[];
    const last = templates[templates.length - 1];
    if (done || !last || (doc.readyState === 'loading' && (!last.nextSibling || !placeOf()))) return;
    done = true;
    observer.disconnect();
    const has = accounts();
    const template = templates.filter((t) => t.getAttribute(a.accounts) === has)[0];
    let filled = false;
    if (template && html.getAttribute('data-drawn-kind') === 'member') {
      try {
        filled = fill(template);
      } catch {
        // A page this browser cannot fill stays the frame it was drawn as.
      }
    }
    if (!filled && html.getAttribute('data-drawn-kind') === 'member' && templates[0]!.getAttribute(a.page) !== hints.profile.page)
      fillFromEarly(templates);
    for (const t of templates) t.parentNode!.removeChild(t);
  };
  const observer = new MutationObserver(whenParsed);
  observer.observe(doc, { childList: true, subtree: true });
  doc.addEventListener('DOMContentLoaded', whenParsed);
}
