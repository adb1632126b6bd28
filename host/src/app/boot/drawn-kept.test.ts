// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DRAWN_KEPT_ACCOUNTS,
  KEPT_BALANCE_MARKS,
  KEPT_UPDATED_MARK,
  DRAWN_KEPT_ATTRIBUTES,
  KEPT_MARK_START,
  keptGameMark,
  DRAWN_MONEY_ATTRIBUTES,
  DRAWN_MONEY_FILLED,
  DRAWN_GRID_ATTRIBUTE,
} from '@member/shared-core/drawing';
import { DATE_TIME_FORMAT, FORMAT_TAGS, MONEY_FORMAT } from '@member/shared-core/helpers/format';
import { guardedImageUrl, LIST_SETTLE_MS } from '@member/shared-core/games/lobby-rules';
import { EARLY_GLOBAL } from '../../core/config/early-start/hints';
import { EARLY_CALLS, earlyCallKey } from '../../core/api/early-calls';
import { createWireCipher } from '../../core/api/crypto';
import { KEPT_HINTS } from './kept-hints';
import { testIds } from '@member/shared-core/test-ids';
import { drawnKept, KEPT_FILLED_ATTRIBUTE } from '../../core/config/drawn-kept';
import { KEPT_LIST_MAX_AGE_MS, KEPT_LISTS_KEY } from '../../features/lobby/kept-lists';
import { KEPT_BALANCES_KEY } from '../../features/accounts/kept-balances';

// As the first-screen plugin gives them.
const HINTS = KEPT_HINTS;

/** A stand-in tile as the lobby draws one. */
function tile(index: number) {
  const mark = keptGameMark(index);
  return `<li data-testid="game-tile" data-game-id="${mark.id}" data-game-name="${mark.name}" aria-setsize="4"><button type="button" aria-label="Play ${mark.name}"><img class="mc-tile__image" src="${mark.image}" alt=""><span>${mark.name}</span></button></li>`;
}

/** What the drawn grid says beyond its style (a test of the grid's geometry sets its inputs). */
let gridMarkup = '';

/** A lobby's template for these accounts, as the drawing step writes it. */
function template(accounts: string, extra = '') {
  return (
    `<template data-drawn-kept="slot" data-kept-brand="RSG" data-kept-tag="slot_RSG" data-kept-url="slot/rsg" data-kept-choice-key="gclub-brand-slot" data-kept-accounts="${accounts}" ` +
    `data-kept-count-drawn="4 games" data-kept-count-one="1 game" data-kept-count-many="{n} games">` +
    `<div class="host-live-notice" role="status"></div><div class="host-update-offer" role="status"></div>` +
    `<section data-accounts="${accounts}"><p>4 games</p><ul data-kept-style="height:200px"${gridMarkup}>${[0, 1, 2, 3].map(tile).join('')}</ul>${extra}</section></template>`
  );
}

/** The document as the server sends a lobby's member frame; `parse` brings the rest of it. */
function frame() {
  const html = document.documentElement;
  for (const name of html.getAttributeNames()) html.removeAttribute(name);
  html.setAttribute('data-drawn-page', 'slot');
  html.setAttribute('data-drawn-kind', 'member');
  html.setAttribute('data-drawn-site', 'pre8');
  document.body.innerHTML = '';
}

/** The templates, then the member's frame, its page place after the notices the app's page holds too. */
const FRAME =
  '<div id="root"><header>menu</header><main><div class="host-live-notice" role="status"></div><div class="host-update-offer" role="status"></div>' +
  '<p data-testid="drawn-page-pending">…</p></main></div>';

async function parse(extra = '') {
  document.body.innerHTML = `${DRAWN_KEPT_ACCOUNTS.map((a) => template(a.join(' '), extra)).join('')}${FRAME}`;
  await Promise.resolve();
  document.dispatchEvent(new Event('DOMContentLoaded'));
}

const game = (id: string, imageName?: string, name?: string) => ({
  id,
  tag: 'slot_RSG',
  ...(name === undefined ? {} : { name }),
  ...(imageName === undefined ? {} : { imageName }),
});

function keep({
  games = [game('A1', 'https://img.example/a1.png', 'Alpha'), game('B2', '/games/b2.png', 'Beta')],
  savedAt = Date.now(),
  accounts = ['GCLUB', 'UFA'],
} = {}) {
  localStorage.setItem(`${KEPT_LISTS_KEY}pre8`, JSON.stringify([{ tag: 'slot_RSG', savedAt, games }]));
  localStorage.setItem(
    `${KEPT_BALANCES_KEY}pre8`,
    JSON.stringify({ member: 7, ...Object.fromEntries(accounts.map((s) => [s, { balance: 10, updatedAt: '2026-01-01T00:00:00Z' }])) }),
  );
}

const root = () => document.getElementById('root')!;
/** Nothing was filled: the frame's page place still says the page is on its way. */
const expectLeftAsDrawn = () => {
  expect(document.documentElement.hasAttribute(KEPT_FILLED_ATTRIBUTE)).toBe(false);
  expect(root().querySelector('[data-testid="drawn-page-pending"]')).not.toBeNull();
};
const tiles = () => [...root().querySelectorAll<HTMLElement>('[data-testid="game-tile"]')];

/** A ResizeObserver whose first call comes as the browser's does, once it has laid the page out; returns the restore. */
function observeAfterLayout(): () => void {
  const real = window.ResizeObserver;
  window.ResizeObserver = class {
    constructor(private readonly laidOut: ResizeObserverCallback) {}
    observe() {
      setTimeout(() => this.laidOut([], this as unknown as ResizeObserver), 0);
    }
    disconnect() {}
    unobserve() {}
  };
  return () => {
    window.ResizeObserver = real;
  };
}

beforeEach(() => {
  gridMarkup = '';
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) document.cookie = `${cookie.split('=')[0]!.trim()}=; max-age=0`;
  document.cookie = 'token-pre8=t';
  document.cookie = 'type-login-pre8=phone';
  history.replaceState(null, '', '/slot?prefix=pre8');
});

describe('a lobby drawn from the kept list', () => {
  it("fills the template for the member's accounts with the kept games before the app runs, and drops the stand-ins it has no game for", async () => {
    keep();
    frame();
    drawnKept(window, HINTS);
    await parse();
    expect(document.documentElement.getAttribute(KEPT_FILLED_ATTRIBUTE)).toBe('slot');
    // In the frame's page place, the frame kept as drawn.
    expect(root().querySelector('main > section')!.getAttribute('data-accounts')).toBe('GCLUB UFA');
    expect([...root().querySelector('main')!.children].map((child) => child.className || child.tagName)).toEqual([
      'host-live-notice',
      'host-update-offer',
      'SECTION',
    ]);
    expect(root().querySelector('header')!.textContent).toBe('menu');
    expect(tiles().map((t) => [t.dataset.gameId, t.dataset.gameName, t.getAttribute('aria-setsize'), t.textContent])).toEqual([
      ['A1', 'Alpha', '2', 'Alpha'],
      ['B2', 'Beta', '2', 'Beta'],
    ]);
    expect(tiles()[0]!.querySelector('button')!.getAttribute('aria-label')).toBe('Play Alpha');
    expect(tiles().map((t) => t.querySelector('img')!.getAttribute('src'))).toEqual(['https://img.example/a1.png', '/games/b2.png']);
    expect(root().querySelector('section > p')!.textContent, "the list's count").toBe('2 games');
    const grid = root().querySelector('ul')!;
    expect(grid.style.height, 'the drawn style, set through the element').toBe('200px');
    expect(grid.hasAttribute(DRAWN_KEPT_ATTRIBUTES.style)).toBe(false);
    expect(document.querySelectorAll('template')).toHaveLength(0);
  });

  it('fills as the parser reads: once the templates are read whole and the frame has come to its page place, before the rest of the document', async () => {
    keep();
    frame();
    const reading = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    try {
      drawnKept(window, HINTS);
      // The templates, and the frame up to its menu.
      document.body.innerHTML = `${DRAWN_KEPT_ACCOUNTS.map((a) => template(a.join(' '))).join('')}<div id="root"><header>menu</header><main></main></div>`;
      await Promise.resolve();
      expect(document.documentElement.hasAttribute(KEPT_FILLED_ATTRIBUTE)).toBe(false);
      expect(document.querySelectorAll('template')).toHaveLength(3);
      // The parser comes to the page place, the rest of the document not read yet: filled now, in the place's stead.
      const place = document.createElement('p');
      place.setAttribute('data-testid', 'drawn-page-pending');
      document.querySelector('main')!.append(place);
      await Promise.resolve();
      expect(document.documentElement.getAttribute(KEPT_FILLED_ATTRIBUTE)).toBe('slot');
      expect(tiles().map((t) => t.dataset.gameId)).toEqual(['A1', 'B2']);
      expect(root().querySelector('[data-testid="drawn-page-pending"]')).toBeNull();
      expect(document.querySelectorAll('template')).toHaveLength(0);
    } finally {
      reading.mockRestore();
    }
  });

  it("lays its grid out for the width the page has, as the app's grid does, not the phone's the drawing assumed", async () => {
    // A desktop's lobby: 912 px wide, where the drawing's three columns (its 360 px) would be three huge tiles.
    gridMarkup = ` ${DRAWN_GRID_ATTRIBUTE}="100 10 1 44 0"`;
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(912);
    const restoreObserver = observeAfterLayout();
    keep({ games: Array.from({ length: 11 }, (_, i) => game(`G${i}`, `/games/${i}.png`, `Game ${i}`)) });
    frame();
    drawnKept(window, HINTS);
    await parse();
    const grid = root().querySelector('ul')!;
    expect(grid.style.height, 'not before the page is laid out').toBe('200px');
    await new Promise((resolve) => setTimeout(resolve, 10));
    restoreObserver();
    width.mockRestore();
    // As ui-kit's gridGeometry works them out: 8 columns of (912 - 7 * 10) / 8 = 105.25 px, rows 105.25 + 44 px tall.
    expect(grid.style.gridTemplateColumns).toBe('repeat(8, minmax(0, 1fr))');
    expect(grid.style.gridAutoRows).toBe('149.25px');
    // Eleven games in two rows of eight; the four drawn fill the first, the second's place kept below it.
    expect(grid.style.height).toBe(`${2 * 149.25 + 10}px`);
    expect(grid.style.paddingBottom).toBe(`${149.25 + 10}px`);
    expect(tiles()).toHaveLength(4);
  });

  it('brings a chosen brand far along its row into view once the page is laid out, never laying it out during the fill', async () => {
    const restoreObserver = observeAfterLayout();
    // A row of brands 300 px wide holding 900 px of them, the chosen one at 600-700 px.
    const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    const clientWidth = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    const boxes = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const [left, width] = this.getAttribute('aria-pressed') === 'true' ? [600, 100] : [0, 300];
      return { left, right: left + width, width, top: 0, bottom: 40, height: 40, x: left, y: 0, toJSON: () => ({}) } as DOMRect;
    });
    try {
      keep();
      frame();
      drawnKept(window, HINTS);
      await parse(
        '<div class="row"><button type="button" aria-pressed="false">A</button><button type="button" aria-pressed="true">B</button></div>',
      );
      const row = root().querySelector<HTMLElement>('.row')!;
      expect(document.documentElement.getAttribute(KEPT_FILLED_ATTRIBUTE)).toBe('slot');
      expect(scrollWidth, 'nothing of the layout read while filling').not.toHaveBeenCalled();
      expect(row.scrollLeft).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 10));
      // Its middle (650 px) to the row's (150 px).
      expect(row.scrollLeft).toBe(500);
    } finally {
      restoreObserver();
      scrollWidth.mockRestore();
      clientWidth.mockRestore();
      boxes.mockRestore();
    }
  });

  it('takes the template of the one account the member has, and says one game as the lobby says it', async () => {
    keep({ games: [game('A1', 'https://img.example/a1.png')], accounts: ['UFA'] });
    frame();
    drawnKept(window, HINTS);
    await parse();
    expect(root().querySelector('main > section')!.getAttribute('data-accounts')).toBe('UFA');
    expect(
      tiles().map((t) => t.textContent),
      'a game without a name is called by its id',
    ).toEqual(['A1']);
    expect(root().querySelector('section > p')!.textContent).toBe('1 game');
  });

  it('takes each image as the lobby does: an http(s) address or a path on the site, else the empty image box', async () => {
    const names = [
      'javascript:alert(1)',
      '//evil.example/x.png',
      'data:image/png;base64,AA',
      ' https://img.example/ok.png',
      '/\\evil.example/x',
      'ftp://x/y.png',
      'http://user:pw@img.example/x.png',
      '/ok/path.png?v=1',
    ];
    keep({ games: names.slice(0, 4).map((name, i) => game(`G${i}`, name)) });
    frame();
    drawnKept(window, HINTS);
    await parse();
    expect(tiles().map((t) => t.querySelector('img')?.getAttribute('src') ?? '')).toEqual(names.slice(0, 4).map(guardedImageUrl));
    expect(tiles()[0]!.querySelector('span.mc-tile__image'), 'no image: the empty box in its place').not.toBeNull();
    keep({ games: names.slice(4).map((name, i) => game(`G${i}`, name)) });
    frame();
    drawnKept(window, HINTS);
    await parse();
    expect(tiles().map((t) => t.querySelector('img')?.getAttribute('src') ?? '')).toEqual(names.slice(4).map(guardedImageUrl));
  });

  it.each([
    ['no session cookies', () => (document.cookie = 'token-pre8=; max-age=0')],
    ['another brand chosen on this device', () => localStorage.setItem('gclub-brand-slot', 'PP')],
    ['another brand in the address', () => history.replaceState(null, '', '/slot?prefix=pre8&brand=PP')],
    ['a list older than the lobby uses', () => keep({ savedAt: Date.now() - KEPT_LIST_MAX_AGE_MS - 1000 })],
    ['an empty list', () => keep({ games: [] })],
    ['a game that is no game', () => keep({ games: [{ id: 5 } as unknown as ReturnType<typeof game>] })],
    ['no balances kept, so no accounts known', () => localStorage.removeItem(`${KEPT_BALANCES_KEY}pre8`)],
  ])('leaves the frame as drawn with %s', async (_, change) => {
    keep();
    change();
    frame();
    drawnKept(window, HINTS);
    await parse();
    expectLeftAsDrawn();
    expect(document.querySelectorAll('template')).toHaveLength(0);
  });

  it('never shows a template with a mark it could not fill', async () => {
    keep();
    frame();
    drawnKept(window, HINTS);
    await parse(`<p title="${KEPT_MARK_START}other@">x</p>`);
    expectLeftAsDrawn();
  });

  it('leaves a page drawn in another language or scheme (emptied by the drawn start) and a guest page alone', async () => {
    keep();
    frame();
    document.documentElement.removeAttribute('data-drawn-kind');
    drawnKept(window, HINTS);
    await parse();
    expect(document.documentElement.hasAttribute(KEPT_FILLED_ATTRIBUTE)).toBe(false);
    expect(document.querySelectorAll('template')).toHaveLength(3);
  });
});

// The replies are opened by the browser's WebCrypto on real time: a loaded machine may need more than the default 5 s.
describe("a first visit's lobby drawn from the early calls' replies", { timeout: 15_000 }, () => {
  // The wire's key and IV as config.json gives them (32 and 16 characters).
  const KEY = '0123456789abcdef0123456789abcdef';
  const IV = 'fedcba9876543210';
  /** The calls the early start sent, as it keeps them: by the app's key, each with its reply and when it was answered. */
  function early(list: unknown, profile: unknown, { url = 'slot/rsg', answeredAt = Date.now(), sealedWith = KEY } = {}) {
    const cipher = createWireCipher(sealedWith, IV);
    const reply = (body: unknown) =>
      Promise.resolve(new Response(JSON.stringify({ data: cipher.encrypt(JSON.stringify(body)) }), { status: 200 }));
    const calls = {
      [earlyCallKey(EARLY_CALLS.gclubGame.method, EARLY_CALLS.gclubGame.path, { url })]: { reply: reply(list), sentAt: 0, answeredAt },
      [earlyCallKey(EARLY_CALLS.getProfile.method, EARLY_CALLS.getProfile.path, { prefix: 'pre8', type: 'phone', token: 'sealed' })]: {
        reply: reply(profile),
        sentAt: 0,
        answeredAt,
      },
    };
    const config = Promise.resolve(new Response(JSON.stringify({ crypto: { key: KEY, iv: IV } })));
    (window as unknown as Record<string, unknown>)[EARLY_GLOBAL] = { manifests: {}, calls, config };
  }
  const listed = (games: unknown[]) => ({ status: true, games });
  const member = (services: string[]) => ({
    status: true,
    games: services.map((service) => ({ service, game_user: 'u', game_password: 'p', main: false, generate: false })),
  });
  // The replies are opened by the browser's WebCrypto, which runs on real time whatever the fake clock says: a loaded
  // machine may take more than waitFor's default second.
  const filled = () =>
    vi.waitFor(() => expect(document.documentElement.getAttribute(KEPT_FILLED_ATTRIBUTE)).toBe('slot'), { timeout: 10_000 });

  beforeEach(() => {
    // The page's clocks too, so only the test moves them: the fill stops looking for the early calls `waitMs` after
    // the page began (this test's start, not the file's), and counts the lobby's pause from the list's arrival by
    // Date.now(), which the replies' opening on real time must not advance on a loaded machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance', 'Date'] });
    return () => {
      vi.useRealTimers();
      delete (window as unknown as Record<string, unknown>)[EARLY_GLOBAL];
    };
  });

  it("fills the template for the profile's accounts with the list's playable games, once the lobby's pause after its arrival is over", async () => {
    early(
      listed([game('A1', 'https://img.example/first-a1.png', 'Alpha'), game('N0', '', 'No image'), game('B2', '/first-b2.png', 'Beta')]),
      member(['UFA']),
    );
    // Each image asked for, and whether the lobby was filled by then.
    const asked: [string, boolean][] = [];
    const realImage = window.Image;
    window.Image = class {
      set src(url: string) {
        asked.push([url, document.documentElement.hasAttribute(KEPT_FILLED_ATTRIBUTE)]);
      }
    } as unknown as typeof Image;
    frame();
    drawnKept(window, HINTS);
    await parse();
    await vi.advanceTimersByTimeAsync(LIST_SETTLE_MS.slot - 50);
    expect(document.documentElement.hasAttribute(KEPT_FILLED_ATTRIBUTE), 'not before the pause is over').toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    await filled();
    window.Image = realImage;
    // Their images asked for with the replies, before the pause was over: there when the tiles are drawn.
    const mine = asked.filter(([url]) => url.includes('/first-'));
    expect(new Set(mine.map(([url]) => url))).toEqual(new Set(['https://img.example/first-a1.png', guardedImageUrl('/first-b2.png')]));
    expect(new Set(mine.filter(([, filled]) => !filled).map(([url]) => url)), 'each asked for before the fill').toEqual(
      new Set(['https://img.example/first-a1.png', guardedImageUrl('/first-b2.png')]),
    );
    expect(root().querySelector('main > section')!.getAttribute('data-accounts')).toBe('UFA');
    expect(
      tiles().map((t) => t.dataset.gameId),
      'a game without an image is left out, as the lobby leaves it',
    ).toEqual(['A1', 'B2']);
    expect(root().querySelector('section > p')!.textContent).toBe('2 games');
  });

  it('fills only the page place it was read with: a place another page was put in is left as it is', async () => {
    frame();
    drawnKept(window, HINTS);
    await parse();
    // Something else puts a page in the frame's place before the replies are there.
    const other = document.createElement('p');
    other.setAttribute('data-testid', 'drawn-page-pending');
    root().querySelector('[data-testid="drawn-page-pending"]')!.replaceWith(other);
    early(listed([game('A1', 'https://img.example/a1.png', 'Alpha')]), member(['UFA']));
    // The replies are opened on real time (WebCrypto): turns of the event loop between the fake clock's steps.
    for (let step = 0; step < 20; step++) {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(document.documentElement.hasAttribute(KEPT_FILLED_ATTRIBUTE)).toBe(false);
    expect(root().querySelector('[data-testid="drawn-page-pending"]')).toBe(other);
  });

  it('waits for the early start to send the calls', async () => {
    frame();
    drawnKept(window, HINTS);
    await parse();
    await vi.advanceTimersByTimeAsync(200);
    early(listed([game('A1', '/a1.png', 'Alpha')]), member(['GCLUB', 'UFA']), { answeredAt: Date.now() - 1000 });
    await vi.advanceTimersByTimeAsync(100);
    await filled();
    expect(root().querySelector('main > section')!.getAttribute('data-accounts')).toBe('GCLUB UFA');
  });

  it.each([
    ['a list that is no list', () => early({ status: true, games: 'x' }, member(['GCLUB']))],
    ['a refused list', () => early({ status: false, message: 'closed' }, member(['GCLUB']))],
    ['a profile that names no account', () => early(listed([game('A1', '/a1.png')]), member([]))],
    ['a refused profile', () => early(listed([game('A1', '/a1.png')]), { status: false })],
    [
      'replies not sealed with the configured key',
      () => early(listed([game('A1', '/a1.png')]), member(['GCLUB']), { sealedWith: 'x'.repeat(32) }),
    ],
    ["another brand's list", () => early(listed([game('A1', '/a1.png')]), member(['GCLUB']), { url: 'slot/pp' })],
    [
      'another brand chosen on this device',
      () => (early(listed([game('A1', '/a1.png')]), member(['GCLUB'])), localStorage.setItem('gclub-brand-slot', 'PP')),
    ],
    ['no session cookies', () => (early(listed([game('A1', '/a1.png')]), member(['GCLUB'])), (document.cookie = 'token-pre8=; max-age=0'))],
  ])('leaves the frame as drawn with %s', async (_, change) => {
    change();
    frame();
    drawnKept(window, HINTS);
    await parse();
    await vi.advanceTimersByTimeAsync(2000);
    expect(document.documentElement.hasAttribute(KEPT_FILLED_ATTRIBUTE)).toBe(false);
    expect(root().querySelector('[data-testid="drawn-page-pending"]')).not.toBeNull();
  });

  it('leaves a page the app has taken over alone', async () => {
    early(listed([game('A1', '/a1.png')]), member(['GCLUB']));
    frame();
    drawnKept(window, HINTS);
    await parse();
    document.documentElement.removeAttribute('data-drawn-page');
    await vi.advanceTimersByTimeAsync(2000);
    expect(document.documentElement.hasAttribute(KEPT_FILLED_ATTRIBUTE)).toBe(false);
  });
});

describe('a profile drawn from the kept balances', () => {
  const money = (amount: number, locale: 'th' | 'en' = 'th') => new Intl.NumberFormat(FORMAT_TAGS[locale], MONEY_FORMAT).format(amount);
  const at = (iso: string, locale: 'th' | 'en' = 'th') =>
    new Intl.DateTimeFormat(FORMAT_TAGS[locale], DATE_TIME_FORMAT).format(new Date(iso));
  const NOT_SET = 'ยังไม่ได้ตั้ง';

  /** A stand-in account's card as ui-kit's game account card draws it in the template. */
  function card(service: 'GCLUB' | 'UFA', locale: 'th' | 'en') {
    return (
      `<article class="mc-game" data-testid="${testIds.gameAccount}" data-service="${service}"><p>${service}</p>` +
      `<div class="mc-game__balance"><span data-testid="${testIds.gameBalance}">${money(KEPT_BALANCE_MARKS[service], locale)}</span>` +
      `<span>updated <time datetime="${KEPT_UPDATED_MARK}">${at(KEPT_UPDATED_MARK, locale)}</time></span></div>` +
      `<p><span data-testid="${testIds.gameUser}"></span></p>` +
      `<div class="mc-game__actions"><button type="button" data-testid="${testIds.switchMain}">make main</button></div></article>`
    );
  }

  function profileTemplate(accounts: readonly ('GCLUB' | 'UFA')[], locale: 'th' | 'en', extra: string) {
    return (
      `<template data-drawn-kept="profile" data-kept-accounts="${accounts.join(' ')}" data-kept-not-set="${NOT_SET}">` +
      `<div class="host-live-notice" role="status"></div><div class="host-update-offer" role="status"></div>` +
      `<section data-accounts="${accounts.join(' ')}"><p class="name">${NOT_SET}</p>${accounts.map((s) => card(s, locale)).join('')}${extra}</section></template>`
    );
  }

  /** The frame's money bar as ui-kit's pending bar draws it on the profile (its words in English here). */
  const BAR =
    `<section class="mc-money" aria-busy="true" ${DRAWN_MONEY_ATTRIBUTES.bar}="" ${DRAWN_MONEY_ATTRIBUTES.inUse}gclub="In use: GCLUB" ` +
    `${DRAWN_MONEY_ATTRIBUTES.inUse}ufa="In use: UFA" ${DRAWN_MONEY_ATTRIBUTES.other}gclub="Other: GCLUB" ${DRAWN_MONEY_ATTRIBUTES.other}ufa="Other: UFA">` +
    '<p class="mc-money__main"><span class="mc-money__label"><span class="mc-money__icon-place" aria-hidden="true"></span>' +
    '<span class="mc-pending-text" aria-hidden="true">In use: GCLUB</span></span><span class="mc-money__amount">' +
    '<span class="mc-pending-text" aria-hidden="true">฿0,000.00</span><span class="mc-visually-hidden">loading</span></span></p>' +
    '<p class="mc-money__other" aria-hidden="true"><span class="mc-money__icon-place mc-money__icon-place--other"></span>' +
    '<span class="mc-pending-text">Other: UFA ฿0,000.00</span></p></section>';

  async function parseProfile({ locale = 'th' as 'th' | 'en', extra = '', bar = BAR } = {}) {
    document.documentElement.setAttribute('lang', locale);
    document.body.innerHTML =
      DRAWN_KEPT_ACCOUNTS.map((a) => profileTemplate(a, locale, extra)).join('') +
      `<div id="root"><header>menu${bar}</header><main><div class="host-live-notice" role="status"></div><div class="host-update-offer" role="status"></div>` +
      `<p data-testid="drawn-page-pending">…</p></main></div>`;
    await Promise.resolve();
    document.dispatchEvent(new Event('DOMContentLoaded'));
  }

  function profileFrame() {
    frame();
    document.documentElement.setAttribute('data-drawn-page', 'profile');
    history.replaceState(null, '', '/profile?prefix=pre8');
  }

  const balances = (kept: Record<string, unknown>) =>
    localStorage.setItem(`${KEPT_BALANCES_KEY}pre8`, JSON.stringify({ member: 7, ...kept }));
  const shown = () => [...root().querySelectorAll(`[data-testid="${testIds.gameBalance}"]`)].map((b) => b.textContent);

  it("writes each account's kept balance and its time where the stand-ins' stood, as the app writes them, and leaves the rest for the app", async () => {
    balances({
      GCLUB: { balance: 1520.5, updatedAt: '2026-03-14T07:05:00.000Z' },
      UFA: { balance: 0, updatedAt: '2026-03-14T07:06:00.000Z' },
    });
    profileFrame();
    drawnKept(window, HINTS);
    await parseProfile();
    expect(document.documentElement.getAttribute(KEPT_FILLED_ATTRIBUTE)).toBe('profile');
    expect(root().querySelector('main > section')!.getAttribute('data-accounts')).toBe('GCLUB UFA');
    expect(shown()).toEqual([money(1520.5), money(0)]);
    expect([...root().querySelectorAll('time')].map((t) => [t.getAttribute('datetime'), t.textContent])).toEqual([
      ['2026-03-14T07:05:00.000Z', at('2026-03-14T07:05:00.000Z')],
      ['2026-03-14T07:06:00.000Z', at('2026-03-14T07:06:00.000Z')],
    ]);
    // Which account is main is not kept: its actions are the app's to show; the names the device does not keep are on their way.
    expect(root().querySelector(`[data-testid="${testIds.switchMain}"]`)).toBeNull();
    expect(root().textContent).not.toContain(NOT_SET);
    expect(root().querySelector('.name > .mc-skeleton[aria-hidden="true"]')).not.toBeNull();
    expect(document.querySelectorAll('template')).toHaveLength(0);
  });

  it("writes them in the page's language", async () => {
    balances({ UFA: { balance: 1234567.8, updatedAt: '2026-03-14T07:05:00.000Z' } });
    profileFrame();
    drawnKept(window, HINTS);
    await parseProfile({ locale: 'en' });
    expect(root().querySelector('main > section')!.getAttribute('data-accounts')).toBe('UFA');
    expect(shown()).toEqual([money(1234567.8, 'en')]);
    expect(root().querySelector('time')!.textContent).toBe(at('2026-03-14T07:05:00.000Z', 'en'));
  });

  it.each([
    ['no session cookies', () => (document.cookie = 'token-pre8=; max-age=0')],
    ['no balances kept', () => localStorage.removeItem(`${KEPT_BALANCES_KEY}pre8`)],
    ['a balance that is no number', () => balances({ GCLUB: { balance: 'lots', updatedAt: '2026-03-14T07:05:00.000Z' } })],
    ['a balance without its time', () => balances({ GCLUB: { balance: 5 } })],
    ['unreadable kept balances', () => localStorage.setItem(`${KEPT_BALANCES_KEY}pre8`, '{')],
  ])('leaves the frame as drawn with %s', async (_, change) => {
    balances({ GCLUB: { balance: 5, updatedAt: '2026-03-14T07:05:00.000Z' } });
    change();
    profileFrame();
    drawnKept(window, HINTS);
    await parseProfile();
    expectLeftAsDrawn();
    expect(document.querySelectorAll('template')).toHaveLength(0);
  });

  describe("the frame's money bar, filled with the profile", () => {
    const bar = () => root().querySelector('[data-drawn-money]')!;
    const twoAccounts = () =>
      balances({
        GCLUB: { balance: 1520.5, updatedAt: '2026-03-14T07:05:00.000Z' },
        UFA: { balance: 80, updatedAt: '2026-03-14T07:06:00.000Z' },
      });

    it('shows the kept balance of the account the member chose, its words as the app says them, and the other account', async () => {
      twoAccounts();
      document.cookie = 'selected-game-pre8=GCLUB';
      profileFrame();
      drawnKept(window, HINTS);
      await parseProfile();
      expect(document.documentElement.getAttribute(DRAWN_MONEY_FILLED)).toBe('GCLUB');
      expect(bar().querySelector('.mc-money__label')!.textContent).toBe('In use: GCLUB');
      expect(bar().querySelector('.mc-money__amount')!.textContent).toBe(money(1520.5));
      expect(bar().querySelector('.mc-money__other')!.textContent).toBe(`Other: UFA${money(80)}`);
      expect(bar().querySelector('.mc-money__other-amount')!.textContent).toBe(money(80));
      // Read as the app's bar: nothing left on its way or hidden from a screen reader.
      expect(bar().querySelector('.mc-pending-text, [aria-hidden="true"]:not(.mc-money__icon-place)')).toBeNull();
      expect(bar().hasAttribute('aria-busy')).toBe(false);
    });

    it('takes UFA of two accounts when the member chose none, and the one account of a member with one, without an other line', async () => {
      twoAccounts();
      profileFrame();
      drawnKept(window, HINTS);
      await parseProfile();
      expect(document.documentElement.getAttribute(DRAWN_MONEY_FILLED)).toBe('UFA');
      expect(bar().querySelector('.mc-money__amount')!.textContent).toBe(money(80));

      balances({ GCLUB: { balance: 9, updatedAt: '2026-03-14T07:05:00.000Z' } });
      document.cookie = 'selected-game-pre8=UFA';
      profileFrame();
      drawnKept(window, HINTS);
      await parseProfile();
      expect(document.documentElement.getAttribute(DRAWN_MONEY_FILLED)).toBe('GCLUB');
      expect(bar().querySelector('.mc-money__amount')!.textContent).toBe(money(9));
      expect(bar().querySelector('.mc-money__other')).toBeNull();
    });

    it('is left as drawn when the profile is (nothing kept), and the profile is filled without a bar to fill', async () => {
      profileFrame();
      drawnKept(window, HINTS);
      await parseProfile();
      expect(document.documentElement.hasAttribute(DRAWN_MONEY_FILLED)).toBe(false);
      expect(bar().getAttribute('aria-busy')).toBe('true');
      expect(bar().querySelectorAll('.mc-pending-text')).toHaveLength(3);

      twoAccounts();
      profileFrame();
      drawnKept(window, HINTS);
      await parseProfile({ bar: '' });
      expect(document.documentElement.getAttribute(KEPT_FILLED_ATTRIBUTE)).toBe('profile');
      expect(document.documentElement.hasAttribute(DRAWN_MONEY_FILLED)).toBe(false);
    });
  });

  it('never shows a balance mark it could not fill', async () => {
    balances({ GCLUB: { balance: 5, updatedAt: '2026-03-14T07:05:00.000Z' } });
    profileFrame();
    drawnKept(window, HINTS);
    await parseProfile({ extra: `<p>${money(KEPT_BALANCE_MARKS.UFA)}</p>` });
    expectLeftAsDrawn();
  });
});
