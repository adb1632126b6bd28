// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawnStart, drawnStartState, DRAWN_IDLE_START_MS, DRAWN_TYPING_PAUSE_MS, type DrawnHints } from './drawn-start';

const HINTS: DrawnHints = {
  localeKey: 'locale',
  localeCookie: 'i18n_redirected',
  darkKey: 'isDark',
  schemeCookie: 'scheme',
  pathMark: '/__drawn-path__',
  idleStartMs: DRAWN_IDLE_START_MS,
  typingPauseMs: DRAWN_TYPING_PAUSE_MS,
  sessionCookies: ['token-', 'type-login-'],
  workingPage: 'check/line',
  busy: { buttonClass: 'mc-btn', spinnerClass: 'mc-spinner' },
};

/** A document as the server sent it: drawn for a page in a language and scheme, its root not parsed yet. */
function drawnDocument(page: string | null, { lang = 'th', scheme = 'light', schemes = 'light dark' } = {}) {
  const html = document.documentElement;
  for (const name of html.getAttributeNames()) html.removeAttribute(name);
  html.lang = lang;
  html.setAttribute('data-theme', scheme);
  if (page) {
    html.setAttribute('data-drawn-page', page);
    html.setAttribute('data-drawn-site', 'pre8');
    html.setAttribute('data-drawn-schemes', schemes);
  }
  html.style.visibility = '';
  document.body.innerHTML = '';
}

/** The rest of the document arriving: the root with what was drawn, then the parser done. */
async function parsed(markup: string) {
  document.body.innerHTML = `<div id="root">${markup}</div>`;
  await Promise.resolve();
  document.dispatchEvent(new Event('DOMContentLoaded'));
}

beforeEach(() => {
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) document.cookie = `${cookie.split('=')[0]!.trim()}=; max-age=0`;
  delete (window as unknown as Record<string, unknown>).__memberDrawn;
  delete (window as unknown as Record<string, unknown>).__memberEarly;
});
afterEach(() => vi.useRealTimers());

describe('the drawn start', () => {
  it('does nothing on a page that came undrawn', () => {
    drawnDocument(null);
    drawnStart(window, HINTS);
    expect(drawnStartState()).toBeNull();
  });

  it('keeps a drawing in another language than the member chose from ever showing, and leaves an undrawn page behind for the app, run at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const startApp = vi.fn();
    (window as unknown as Record<string, unknown>).__memberEarly = { startApp };
    localStorage.setItem('locale', 'EN');
    drawnDocument('login');
    document.documentElement.setAttribute('data-drawn-kind', 'member');
    drawnStart(window, HINTS);
    expect(document.documentElement.style.visibility).toBe('hidden');
    // Out of the drawn member's frames at once: nothing is filled into it while the parser reads on.
    expect(document.documentElement.hasAttribute('data-drawn-kind')).toBe(false);
    await parsed('<form><input name="phone"></form>');
    expect(document.getElementById('root')!.innerHTML).toBe('');
    expect(document.documentElement.hasAttribute('data-drawn-page')).toBe(false);
    expect(document.documentElement.style.visibility).toBe('');
    await vi.advanceTimersByTimeAsync(50);
    expect(startApp).toHaveBeenCalledTimes(1);
  });

  it("takes a scheme the site has from the member's choice (storage, else its cookie), and the site's first for one it has not", () => {
    document.cookie = 'scheme=dark';
    drawnDocument('login', { scheme: 'light' });
    drawnStart(window, HINTS);
    expect(document.documentElement.style.visibility, 'drawn light, the member chose dark').toBe('hidden');

    drawnDocument('login', { scheme: 'light', schemes: 'light' });
    drawnStart(window, HINTS);
    expect(document.documentElement.style.visibility, 'a site with one scheme is drawn in it whatever the choice').toBe('');

    localStorage.setItem('isDark', 'false');
    drawnDocument('login', { scheme: 'light' });
    drawnStart(window, HINTS);
    expect(document.documentElement.style.visibility, 'storage before the cookie').toBe('');
  });

  it("writes the visit's own path into the drawn 404 as the parser adds it", async () => {
    drawnDocument('404');
    drawnStart(window, HINTS);
    await parsed('<main><h1>Page Not Found: /__drawn-path__</h1></main>');
    expect(document.querySelector('h1')!.textContent).toBe(`Page Not Found: ${location.pathname}`);
  });

  it('holds a form sent and a button pressed until the app has taken the page, and nothing after', async () => {
    drawnDocument('login');
    drawnStart(window, HINTS);
    await parsed(
      '<form><input name="phone"><button type="submit">Log in</button><button type="button" data-testid="line">LINE</button></form>',
    );
    const form = document.querySelector('form')!;
    const sent = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(sent);
    const line = document.querySelector<HTMLButtonElement>('[data-testid="line"]')!;
    const reached = vi.fn();
    line.addEventListener('click', reached);
    line.click();
    expect(sent.defaultPrevented, 'the form does not go to the address bar').toBe(true);
    expect(reached, 'the press waits for the app').not.toHaveBeenCalled();
    expect(drawnStartState()!.held.map(({ kind, target }) => [kind, target])).toEqual([
      ['submit', form],
      ['click', line],
    ]);
    drawnStartState()!.taken = true;
    line.click();
    const later = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(later);
    expect(reached).toHaveBeenCalledTimes(1);
    expect(later.defaultPrevented).toBe(false);
    expect(drawnStartState()!.held).toHaveLength(2);
  });

  it("on a member's frame, shows a held button as under way, as the app's busy button, and holds no second press of it; a guest's page is left as drawn", async () => {
    drawnDocument('slot');
    document.documentElement.setAttribute('data-drawn-kind', 'member');
    drawnStart(window, HINTS);
    await parsed(
      '<footer><button type="button" class="mc-btn mc-btn--secondary" data-testid="logout-button">Log out</button><button type="button" class="mc-chip" data-testid="brand">RSG</button></footer>',
    );
    const logout = document.querySelector<HTMLButtonElement>('[data-testid="logout-button"]')!;
    logout.click();
    expect(logout.getAttribute('aria-busy')).toBe('true');
    expect(logout.firstElementChild?.outerHTML).toBe('<span class="mc-spinner" aria-hidden="true"></span>');
    logout.click();
    expect(
      drawnStartState()!.held.map(({ target }) => target),
      'pressed once',
    ).toEqual([logout]);
    // Not one of the app's buttons: held, and left as drawn.
    const brand = document.querySelector<HTMLButtonElement>('[data-testid="brand"]')!;
    brand.click();
    expect(brand.hasAttribute('aria-busy')).toBe(false);
    expect(drawnStartState()!.held.map(({ target }) => target)).toEqual([logout, brand]);

    // A guest's page is hydrated, so what the server drew must stay as it was.
    drawnDocument('login');
    drawnStart(window, HINTS);
    await parsed('<button type="button" class="mc-btn mc-btn--line" data-testid="line">LINE</button>');
    const line = document.querySelector<HTMLButtonElement>('[data-testid="line"]')!;
    line.click();
    expect(line.hasAttribute('aria-busy')).toBe(false);
    expect(line.childElementCount).toBe(0);
    expect(drawnStartState()!.held).toHaveLength(1);
  });

  it("runs the app's entry once the member who began to use the page pauses, at once when they send it, or a while after the paint without a touch", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    const startApp = vi.fn();
    (window as unknown as Record<string, unknown>).__memberEarly = { startApp };
    drawnDocument('login');
    drawnStart(window, HINTS);
    await parsed('<form><input name="phone"></form>');
    await vi.advanceTimersByTimeAsync(50);
    expect(startApp).not.toHaveBeenCalled();
    // Keys typed in one go: no start between them.
    for (let key = 0; key < 6; key++) {
      document.querySelector('input')!.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
      await vi.advanceTimersByTimeAsync(DRAWN_TYPING_PAUSE_MS - 200);
    }
    expect(drawnStartState()!.touched).toBe(true);
    expect(startApp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(250);
    expect(startApp).toHaveBeenCalledTimes(1);

    // A form sent before the pause: at once.
    startApp.mockClear();
    drawnDocument('login');
    drawnStart(window, HINTS);
    await parsed('<form><input name="phone"></form>');
    await vi.advanceTimersByTimeAsync(50);
    document.querySelector('input')!.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    document.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await vi.advanceTimersByTimeAsync(50);
    expect(startApp).toHaveBeenCalledTimes(1);

    startApp.mockClear();
    drawnDocument('login');
    drawnStart(window, HINTS);
    await parsed('<form><input name="phone"></form>');
    await vi.advanceTimersByTimeAsync(DRAWN_IDLE_START_MS - 50);
    expect(startApp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(startApp).toHaveBeenCalledTimes(1);
  });

  it("runs the app's entry at once on the LINE check, which is the app's work, and on a guest's page of a visit with a stored session, which the app leaves", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    const startApp = vi.fn();
    (window as unknown as Record<string, unknown>).__memberEarly = { startApp };
    drawnDocument('check/line');
    drawnStart(window, HINTS);
    await parsed('<p>checking</p>');
    await vi.advanceTimersByTimeAsync(50);
    expect(startApp).toHaveBeenCalledTimes(1);

    startApp.mockClear();
    document.cookie = 'token-pre8=t';
    drawnDocument('login');
    drawnStart(window, HINTS);
    await parsed('<form><input name="phone"></form>');
    await vi.advanceTimersByTimeAsync(50);
    expect(startApp, 'one session cookie is no stored session').not.toHaveBeenCalled();
    document.cookie = 'type-login-pre8=phone';
    drawnDocument('login');
    drawnStart(window, HINTS);
    await parsed('<form><input name="phone"></form>');
    await vi.advanceTimersByTimeAsync(50);
    expect(startApp).toHaveBeenCalledTimes(1);
  });
});
