// @vitest-environment happy-dom
import { createHash } from 'node:crypto';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig, Site, SitesFile } from '@member/shared-core';
import { testSite } from '../../core/base/test-member';
import { store } from '../../core/base/store';
import { bootReadyAtom } from '../../core/base/boot-state';
import { drawnMemberAtom, sessionCheckingAtom, sessionClearedAtom } from '../../core/base/session-state';
import { drawnFieldValue, drawnRootAtom, readDrawnFieldsFromAtom } from '../../core/lib/drawn-fields';
import type { DrawnStart } from '../../core/config/drawn-start';

const releases: Record<string, string> = { PRE8: 'sha384-current' };
vi.mock('../../features/remotes/remote-manifest', () => ({
  checkedManifest: async (theme: string) => {
    if (!releases[theme]) throw new Error(`theme ${theme} is down`);
    return { releaseHash: releases[theme] };
  },
}));
vi.mock('i18next', () => ({ default: { language: 'th' } }));
let shown: () => void = () => undefined;
vi.mock('../../features/remotes/first-page', () => ({ firstPageShown: new Promise<void>((resolve) => (shown = resolve)) }));

const { drawnPageHolds, drawnPageOf, takeOverDrawnPage, UNSEEN_TEST_ID_ATTRIBUTE } = await import('./drawn-page');

const SITE: Site = testSite({
  key: 'pre8',
  web: 'PRE8',
  layout: 'PRE8',
  logo: '/logos/pre8.svg',
  themes: [{ title: 'dark', theme: 'dark' }],
  register: true,
  components: [],
});
const entryHash = (site: unknown) => createHash('sha256').update(JSON.stringify(site)).digest('base64url');

/** The document as the server drew a page of it. */
function drawn(page: string, attributes: Record<string, string> = {}) {
  const html = document.documentElement;
  for (const name of html.getAttributeNames()) html.removeAttribute(name);
  const all = {
    lang: 'th',
    'data-theme': 'dark',
    'data-drawn-page': page,
    'data-drawn-site': 'pre8',
    'data-drawn-entry': entryHash(SITE),
    'data-drawn-releases': 'PRE8=sha384-current',
    ...attributes,
  };
  for (const [name, value] of Object.entries(all)) html.setAttribute(name, value);
}

/** A form as a theme draws one, its phone field a controlled input started from what was typed into the drawn page. */
function Form({ onSend }: { onSend: (phone: string) => void }) {
  const [phone, setPhone] = useState(() => drawnFieldValue(store.get(drawnRootAtom), 'phone'));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend(phone);
      }}
    >
      <input name="phone" data-testid="login-phone" value={phone} onChange={(event) => setPhone(event.target.value)} />
      <input name="password" data-testid="login-password" defaultValue="" />
      <button type="submit" data-testid="login-submit">
        Log in
      </button>
    </form>
  );
}

function serverDrawn(onSend: (phone: string) => void = () => undefined): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = renderToString(<Form onSend={onSend} />);
  document.body.replaceChildren(root);
  return root;
}

function type(field: HTMLInputElement, text: string) {
  field.focus();
  field.value += text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

beforeEach(() => {
  store.set(bootReadyAtom, {
    config: { remotes: {} } as unknown as RuntimeConfig,
    sites: { sites: [SITE] } as unknown as SitesFile,
    prefix: 'pre8',
  });
  document.cookie.split(';').forEach((cookie) => (document.cookie = `${cookie.split('=')[0]!.trim()}=; max-age=0`));
  sessionStorage.clear();
  delete (window as unknown as Record<string, unknown>).__memberDrawn;
});
afterEach(() => store.set(readDrawnFieldsFromAtom, null));

describe('a page drawn in the HTML', () => {
  it('is read from the document element', () => {
    drawn('login', { lang: 'en' });
    expect(drawnPageOf()).toEqual({
      page: 'login',
      member: false,
      site: 'pre8',
      entry: entryHash(SITE),
      releases: { PRE8: 'sha384-current' },
      locale: 'en',
      scheme: 'dark',
    });
    document.documentElement.removeAttribute('data-drawn-page');
    expect(drawnPageOf()).toBeNull();
  });

  it('is hydrated only when this visit shows what it was drawn from', async () => {
    drawn('login');
    expect(await drawnPageHolds(drawnPageOf()!)).toBe(true);
    // Another release of the theme than the one drawn with, or one the host cannot have.
    drawn('login', { 'data-drawn-releases': 'PRE8=sha384-older' });
    expect(await drawnPageHolds(drawnPageOf()!)).toBe(false);
    drawn('login', { 'data-drawn-releases': 'OSAKA39=sha384-current' });
    expect(await drawnPageHolds(drawnPageOf()!)).toBe(false);
    // The site's entry changed since, another language or scheme, another site.
    drawn('login', { 'data-drawn-entry': entryHash({ ...SITE, web: 'PRE8 Club' }) });
    expect(await drawnPageHolds(drawnPageOf()!)).toBe(false);
    drawn('login', { lang: 'en' });
    expect(await drawnPageHolds(drawnPageOf()!)).toBe(false);
    drawn('login', { 'data-theme': 'light' });
    expect(await drawnPageHolds(drawnPageOf()!)).toBe(false);
    drawn('login', { 'data-drawn-site': 'os39' });
    expect(await drawnPageHolds(drawnPageOf()!)).toBe(false);
    // A member with a stored session, or a registration past its first step in this tab: not the guest's page.
    drawn('login');
    document.cookie = 'token-pre8=t';
    document.cookie = 'type-login-pre8=phone';
    expect(await drawnPageHolds(drawnPageOf()!)).toBe(false);
    document.cookie = 'token-pre8=; max-age=0';
    drawn('register');
    sessionStorage.setItem('register-flow-pre8', JSON.stringify({ step: 2, registerToken: 'rt' }));
    expect(await drawnPageHolds(drawnPageOf()!)).toBe(false);
    // A member's frame holds no page to hydrate.
    drawn('slot', { 'data-drawn-kind': 'member' });
    expect(await drawnPageHolds(drawnPageOf()!)).toBe(false);
  });

  it('is hydrated in place: what was typed stays, becomes the form state, and a form sent before is sent with it', async () => {
    const sent: string[] = [];
    const root = serverDrawn((phone) => sent.push(phone));
    drawn('login');
    const state: DrawnStart = { held: [], touched: true, pressing: false, taken: false };
    (window as unknown as Record<string, unknown>).__memberDrawn = state;
    const phone = root.querySelector<HTMLInputElement>('[name="phone"]')!;
    type(phone, '081');
    state.held.push({ kind: 'submit', target: root.querySelector('form')!, submitter: root.querySelector('[type="submit"]') });
    const taken = takeOverDrawnPage(root, <Form onSend={(value) => sent.push(value)} />, drawnPageOf()!);
    await vi.waitFor(() => expect(Object.keys(phone).some((key) => key.startsWith('__reactFiber'))).toBe(true));
    shown();
    await taken;
    await vi.waitFor(() => expect(sent).toEqual(['081']));
    expect(document.getElementById('root')).toBe(root);
    expect(root.querySelector('[name="phone"]')).toBe(phone);
    expect(phone.value).toBe('081');
    expect(document.activeElement).toBe(phone);
    expect(state.taken).toBe(true);
    expect(document.documentElement.hasAttribute('data-drawn-page')).toBe(false);
  });

  it('drawn from another release, is replaced in one step by the app rendered beside it, keeping what was typed, the focus and the caret', async () => {
    const sent: string[] = [];
    const root = serverDrawn();
    drawn('login', { 'data-drawn-releases': 'PRE8=sha384-older' });
    const state: DrawnStart = { held: [], touched: true, pressing: false, taken: false };
    (window as unknown as Record<string, unknown>).__memberDrawn = state;
    const phone = root.querySelector<HTMLInputElement>('[name="phone"]')!;
    type(phone, '0812');
    phone.setSelectionRange(2, 2);
    state.held.push({ kind: 'submit', target: root.querySelector('form')!, submitter: root.querySelector('[type="submit"]') });
    await takeOverDrawnPage(root, <Form onSend={(value) => sent.push(value)} />, drawnPageOf()!);
    const now = document.getElementById('root')!;
    expect(now).not.toBe(root);
    expect(root.isConnected).toBe(false);
    expect(now.hasAttribute('aria-hidden') || now.inert || now.hasAttribute('style')).toBe(false);
    const field = now.querySelector<HTMLInputElement>('[name="phone"]')!;
    expect(field.value).toBe('0812');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([2, 2]);
    // The form state is what was typed: sent as it is, by the form held from before.
    await vi.waitFor(() => expect(sent).toEqual(['0812']));
  });

  it("filled from the kept list, is replaced once the app's lobby has its list, a press held on a game's star pressed on that game's", async () => {
    const tiles = (ids: string[]) =>
      ids
        .map(
          (id) =>
            `<li data-testid="game-tile" data-game-id="${id}"><button type="button">${id}</button><button type="button" data-testid="game-favourite">*</button></li>`,
        )
        .join('');
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = `<ul>${tiles(['A', 'B'])}</ul>`;
    document.body.replaceChildren(root);
    drawn('slot', { 'data-drawn-kind': 'member', 'data-drawn-kept-filled': 'slot' });
    const state: DrawnStart = { held: [], touched: true, pressing: false, taken: false };
    (window as unknown as Record<string, unknown>).__memberDrawn = state;
    state.held.push({ kind: 'click', target: root.querySelectorAll('[data-testid="game-favourite"]')[1]!, submitter: null });
    const pressed: string[] = [];
    let setReady: (ready: boolean) => void = () => undefined;
    function Lobby() {
      const [ready, set] = useState(false);
      setReady = set;
      if (!ready) return <p data-testid="lobby-loading">…</p>;
      return (
        <ul>
          {['A', 'B'].map((id) => (
            <li key={id} data-testid="game-tile" data-game-id={id}>
              <button type="button">{id}</button>
              <button type="button" data-testid="game-favourite" onClick={() => pressed.push(id)}>
                *
              </button>
            </li>
          ))}
        </ul>
      );
    }
    const taken = takeOverDrawnPage(root, <Lobby />, drawnPageOf()!);
    await vi.waitFor(() => expect(document.querySelector(`[${UNSEEN_TEST_ID_ATTRIBUTE}="lobby-loading"]`)).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(root.isConnected, 'the kept tiles stay while the app has none').toBe(true);
    setReady(true);
    await taken;
    expect(root.isConnected).toBe(false);
    expect(pressed).toEqual(['B']);
  });

  it("keeps the test ids of the app's page unseen while it is rendered beside the drawn one: each names the element on screen, until the step that swaps them", async () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = `<input type="search" name="search" data-testid="lobby-search" /><ul><li data-testid="game-tile" data-game-id="A">A</li></ul>`;
    document.body.replaceChildren(root);
    drawn('slot', { 'data-drawn-kind': 'member', 'data-drawn-kept-filled': 'slot' });
    (window as unknown as Record<string, unknown>).__memberDrawn = { held: [], touched: false, pressing: false, taken: false };
    let setStep: (step: number) => void = () => undefined;
    function Lobby() {
      const [step, set] = useState(0);
      setStep = set;
      return (
        <>
          <input type="search" name="search" data-testid="lobby-search" />
          {step < 3 && <p data-testid="lobby-loading">…</p>}
          {step > 0 && (
            <ul data-testid={step === 1 ? 'lobby-grid' : 'lobby-grid-final'}>
              <li data-testid="game-tile" data-game-id="A">
                A
              </li>
              <li data-testid="game-tile" data-game-id="B">
                B
              </li>
            </ul>
          )}
        </>
      );
    }
    const named = (id: string) => document.querySelectorAll(`[data-testid="${id}"]`);
    const taken = takeOverDrawnPage(root, <Lobby />, drawnPageOf()!);
    await vi.waitFor(() => expect(document.querySelector(`[${UNSEEN_TEST_ID_ATTRIBUTE}="lobby-loading"]`)).not.toBeNull());
    expect(named('lobby-search'), "the drawn page's field alone").toHaveLength(1);
    expect(named('lobby-search')[0]!.closest('#root')).toBe(root);
    expect(named('lobby-loading')).toHaveLength(0);
    // What the app adds or renames while unseen stays unseen too.
    setStep(1);
    await vi.waitFor(() => expect(document.querySelectorAll(`[${UNSEEN_TEST_ID_ATTRIBUTE}="game-tile"]`)).toHaveLength(2));
    expect(named('game-tile')).toHaveLength(1);
    setStep(2);
    await vi.waitFor(() => expect(document.querySelector(`[${UNSEEN_TEST_ID_ATTRIBUTE}="lobby-grid-final"]`)).not.toBeNull());
    expect(named('lobby-grid')).toHaveLength(0);
    expect(named('lobby-grid-final')).toHaveLength(0);
    expect(root.isConnected, 'the drawn lobby stays while the app has no list').toBe(true);
    setStep(3);
    await taken;
    expect(root.isConnected).toBe(false);
    expect(named('game-tile')).toHaveLength(2);
    expect(named('lobby-search')).toHaveLength(1);
    expect(named('lobby-grid-final')).toHaveLength(1);
    expect(document.querySelectorAll(`[${UNSEEN_TEST_ID_ATTRIBUTE}]`)).toHaveLength(0);
  });

  it("filled from the kept list, carries a search typed into the drawn lobby into the app's, heard by the app, with the focus and the caret", async () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = `<div role="search"><input type="search" name="search" data-testid="lobby-search" /></div><ul><li data-testid="game-tile" data-game-id="A"><button type="button">A</button></li></ul>`;
    document.body.replaceChildren(root);
    drawn('slot', { 'data-drawn-kind': 'member', 'data-drawn-kept-filled': 'slot' });
    (window as unknown as Record<string, unknown>).__memberDrawn = { held: [], touched: true, pressing: false, taken: false };
    const search = root.querySelector<HTMLInputElement>('[name="search"]')!;
    type(search, 'fortune');
    search.setSelectionRange(3, 3);
    const heard: string[] = [];
    function Lobby() {
      const [text, setText] = useState('');
      return (
        <>
          <div role="search">
            <input
              type="search"
              name="search"
              data-testid="lobby-search"
              value={text}
              onChange={(event) => (setText(event.target.value), heard.push(event.target.value))}
            />
          </div>
          <ul>
            <li data-testid="game-tile" data-game-id="A">
              <button type="button">A</button>
            </li>
          </ul>
        </>
      );
    }
    await takeOverDrawnPage(root, <Lobby />, drawnPageOf()!);
    const field = document.getElementById('root')!.querySelector<HTMLInputElement>('[name="search"]')!;
    expect(root.isConnected).toBe(false);
    expect(field.value).toBe('fortune');
    expect(heard).toEqual(['fortune']);
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([3, 3]);
  });

  /** A member's drawn frame whose log-out button was pressed before the app came: the press is held. */
  function memberFrameWithLogoutHeld(): HTMLElement {
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = '<header><button type="button" data-testid="logout-button">Log out</button></header>';
    document.body.replaceChildren(root);
    drawn('slot', { 'data-drawn-kind': 'member' });
    const state: DrawnStart = { held: [], touched: true, pressing: false, taken: false };
    (window as unknown as Record<string, unknown>).__memberDrawn = state;
    state.held.push({ kind: 'click', target: root.querySelector('[data-testid="logout-button"]')!, submitter: null });
    return root;
  }

  it("a press held on a member's button the app draws only once it knows the session (log out) is pressed when that button comes, once", async () => {
    const root = memberFrameWithLogoutHeld();
    let pressed = 0;
    let setLogged: (logged: boolean) => void = () => undefined;
    function Frame() {
      const [logged, set] = useState(false);
      setLogged = set;
      return (
        <header>
          <p>PRE8</p>
          {logged ? (
            <button type="button" data-testid="logout-button" onClick={() => (pressed += 1)}>
              Log out
            </button>
          ) : null}
        </header>
      );
    }
    await takeOverDrawnPage(root, <Frame />, drawnPageOf()!);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pressed, 'no button yet, nothing pressed').toBe(0);
    setLogged(true);
    await vi.waitFor(() => expect(pressed).toBe(1));
    setLogged(false);
    setLogged(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pressed, 'pressed once').toBe(1);
  });

  it('a press held on log out waits through a slow session check, however long, and is pressed when the page comes', async () => {
    const root = memberFrameWithLogoutHeld();
    let pressed = 0;
    let setLogged: (logged: boolean) => void = () => undefined;
    function Frame() {
      const [logged, set] = useState(false);
      setLogged = set;
      // The slow operator's notice stands where the page will be.
      return logged ? (
        <button type="button" data-testid="logout-button" onClick={() => (pressed += 1)}>
          Log out
        </button>
      ) : (
        <main data-testid="session-check-notice">Still checking</main>
      );
    }
    store.set(sessionCheckingAtom);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await takeOverDrawnPage(root, <Frame />, drawnPageOf()!);
      // A minute of checking: longer than any bound on the press.
      vi.advanceTimersByTime(60_000);
      store.set(drawnMemberAtom);
      setLogged(true);
      await vi.waitFor(() => expect(pressed, 'pressed once the page came').toBe(1));
    } finally {
      vi.useRealTimers();
      store.set(sessionClearedAtom);
    }
  });

  it("filled from the kept balances, is replaced once the app's profile shows a balance in every account and in its money bar, never a shimmer", async () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = '<span data-testid="game-balance">฿10.00</span><span data-testid="game-balance">฿0.00</span>';
    document.body.replaceChildren(root);
    drawn('profile', { 'data-drawn-kind': 'member', 'data-drawn-kept-filled': 'profile' });
    window.history.replaceState(null, '', '/profile?prefix=pre8');
    (window as unknown as Record<string, unknown>).__memberDrawn = { held: [], touched: true, pressing: false, taken: false };
    let show: (balances: (string | null)[]) => void = () => undefined;
    let showBar: (balance: string | null) => void = () => undefined;
    function Profile() {
      const [balances, set] = useState<(string | null)[]>([]);
      const [bar, setBar] = useState<string | null>(null);
      show = set;
      showBar = setBar;
      if (balances.length === 0) return <p>accounts on their way</p>;
      return (
        <>
          <span data-testid="money-balance">{bar ?? <span className="mc-skeleton" />}</span>
          {balances.map((balance, index) => (
            <span key={index} data-testid="game-balance">
              {balance ?? <span className="mc-skeleton" />}
            </span>
          ))}
        </>
      );
    }
    const taken = takeOverDrawnPage(root, <Profile />, drawnPageOf()!);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(root.isConnected, 'the kept balances stay while the app shows no account').toBe(true);
    show(['฿10.00', null]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(root.isConnected, 'nor while a balance is still a shimmer').toBe(true);
    show(['฿10.00', '฿0.00']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(root.isConnected, "nor while the money bar's balance is").toBe(true);
    showBar('฿0.00');
    await taken;
    expect(root.isConnected).toBe(false);
  });

  it.each([
    ["the session check's notice (the operator slow or down)", <p data-testid="session-check-notice">retrying</p>, '/profile'],
    ['a balance that failed', <span data-testid="game-balance">—</span>, '/profile'],
    ['another page (a session that ended: the login)', <form>login</form>, '/login'],
  ])('filled from the kept balances, gives way at once to %s', async (_, shown, path) => {
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = '<span data-testid="game-balance">฿10.00</span>';
    document.body.replaceChildren(root);
    drawn('profile', { 'data-drawn-kind': 'member', 'data-drawn-kept-filled': 'profile' });
    window.history.replaceState(null, '', `${path}?prefix=pre8`);
    (window as unknown as Record<string, unknown>).__memberDrawn = { held: [], touched: true, pressing: false, taken: false };
    await takeOverDrawnPage(root, shown, drawnPageOf()!);
    expect(root.isConnected).toBe(false);
  });

  it('is not replaced while a tap is under way on it: the tap ends on the page it began on', async () => {
    const root = serverDrawn();
    drawn('login', { 'data-drawn-releases': 'PRE8=sha384-older' });
    const state: DrawnStart = { held: [], touched: true, pressing: true, taken: false };
    (window as unknown as Record<string, unknown>).__memberDrawn = state;
    const taken = takeOverDrawnPage(root, <Form onSend={() => undefined} />, drawnPageOf()!);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(root.isConnected, 'the finger is still down').toBe(true);
    state.pressing = false;
    await taken;
    expect(root.isConnected).toBe(false);
  });
});
