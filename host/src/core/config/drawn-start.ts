/**
 * The few lines index.html runs inline for a page that came drawn in the HTML (`data-drawn-page` on the document
 * element), before the page is painted and long before the app's code arrives. Bundled into an inline script beside
 * the early start (host/first-screen-plugin.ts), so it imports nothing of the app's, and uses only syntax every
 * supported browser parses; the page's policy allows it by its hash. On a page that is not drawn it does nothing.
 *
 * - A page drawn in another language or scheme than the member chose on this device (a choice older than the cookie
 *   the server picks pages by) is never shown: hidden before its first paint and emptied once parsed, the page then
 *   starts as an undrawn one does.
 * - The drawn 404 names the visit's own path where the drawing wrote a placeholder, before it is painted.
 * - Until the app has taken the page over, a form sent or a button pressed is held instead of lost (a form's own
 *   sending would put what was typed into the address), and sent or pressed again once the app is there
 *   (app/boot/drawn-page.ts). On a member's frame, which the app replaces rather than hydrates, a button held this way
 *   shows at once that it is under way, as the app's busy button does, and takes no second press. Whether the member
 *   has touched the page yet is noted, for what the app loads once they do.
 */
export interface DrawnHints {
  /** Local storage's language choice ('EN' or 'TH') and the language cookie ('en' or 'th'). */
  localeKey: string;
  localeCookie: string;
  /** Local storage's scheme choice ('true' for dark, 'false' for light), and the scheme cookie ('dark' or 'light'). */
  darkKey: string;
  schemeCookie: string;
  /** The placeholder the drawn 404 holds for the asked path (shared-core's DRAWN_PATH_MARK). */
  pathMark: string;
  /** How long after the page is painted the app's entry runs when the member has not begun to use the page by then. */
  idleStartMs: number;
  /** How long after the member's last tap or key the app's entry runs (DRAWN_TYPING_PAUSE_MS). */
  typingPauseMs: number;
  /** The session cookies' names, each followed by the site's key: a signed-in visit's guest page is the app's to leave. */
  sessionCookies: string[];
  /** The drawn page that is the app's work in progress (the LINE check): its code runs at once. */
  workingPage: string;
  /** A button as the app draws one, and the spinner it shows while busy (ui-kit's Button). */
  busy: { buttonClass: string; spinnerClass: string };
}

/** What the script leaves for the app, under `window[DRAWN_GLOBAL]`. */
export interface DrawnStart {
  /** Forms sent and buttons pressed before the app took over, in order. */
  held: { kind: 'submit' | 'click'; target: Element; submitter: Element | null }[];
  /** The member has tapped, typed or moved focus into the page. */
  touched: boolean;
  /** A finger or button is down on the page now: a tap under way, which the page must not be replaced under. */
  pressing: boolean;
  /** Set by the app once it has taken the page over: nothing is held from then on. */
  taken: boolean;
}

export const DRAWN_GLOBAL = '__memberDrawn';

/**
 * A guest who has not touched the drawn page this long after it was painted gets the app's code run anyway: by then
 * they are reading it, not about to type into it. The page needs none of it until they do (what they type shows, what
 * they send is held), so it comes late, and the page stays free for their first touch meanwhile.
 */
export const DRAWN_IDLE_START_MS = 5000;

/**
 * A member who has begun to use the drawn page gets the app's code run once they pause this long: keys of a number
 * typed in one go come closer together than this, on a phone's keyboard too.
 */
export const DRAWN_TYPING_PAUSE_MS = 500;

/** What the script left for the app, or null on a page that came undrawn. */
export function drawnStartState(win: Window = window): DrawnStart | null {
  return ((win as unknown as Record<string, unknown>)[DRAWN_GLOBAL] as DrawnStart | undefined) ?? null;
}

/** Whether the member touched the drawn page before the app ran: what they are about to need is fetched at once then. */
export function drawnPageTouched(): boolean {
  return typeof window !== 'undefined' && drawnStartState()?.touched === true;
}

export function drawnStart(win: Window, hints: DrawnHints): void {
  const doc = win.document;
  const html = doc.documentElement;
  if (!html.getAttribute('data-drawn-page')) return;
  const state: DrawnStart = { held: [], touched: false, pressing: false, taken: false };
  (win as unknown as Record<string, unknown>)['__memberDrawn'] = state;
  // Whether this page's state is still the one the app will read (nothing is held for a state nobody reads).
  const mine = () => (win as unknown as Record<string, unknown>)['__memberDrawn'] === state;

  // Runs the app's entry (once; see below for when).
  let started = false;
  const start = () => {
    const early = (win as unknown as Record<string, { startApp?: () => void } | undefined>)['__memberEarly'];
    if (started || !early || !early.startApp || !mine()) return;
    started = true;
    win.requestAnimationFrame(() => win.setTimeout(early.startApp!, 0));
  };

  // The member's own choices on this device, as the host reads them: local storage first, the language cookie next.
  let storedLocale: string | null = null;
  let storedDark: string | null = null;
  try {
    storedLocale = win.localStorage.getItem(hints.localeKey);
    storedDark = win.localStorage.getItem(hints.darkKey);
  } catch {
    // Storage refused: the cookie decides, as on the server.
  }
  const cookie = new RegExp(`(?:^|;\\s*)${hints.localeCookie}=([^;]*)`).exec(doc.cookie);
  const locale =
    storedLocale === 'EN' ? 'en' : storedLocale === 'TH' ? 'th' : cookie && cookie[1]!.trim().toLowerCase() === 'en' ? 'en' : 'th';
  const schemes = (html.getAttribute('data-drawn-schemes') || '').split(' ');
  const schemeCookie = new RegExp(`(?:^|;\\s*)${hints.schemeCookie}=([^;]*)`).exec(doc.cookie);
  const wanted = storedDark === 'true' ? 'dark' : storedDark === 'false' ? 'light' : schemeCookie ? schemeCookie[1]!.trim() : '';
  const scheme = wanted && schemes.length > 1 && schemes.indexOf(wanted) >= 0 ? wanted : schemes[0];
  if (locale !== html.lang || scheme !== html.getAttribute('data-theme')) {
    html.style.visibility = 'hidden';
    // No member's page is filled into this frame (drawn-kept.ts fills as the parser goes, before the document is read).
    html.removeAttribute('data-drawn-kind');
    doc.addEventListener('DOMContentLoaded', () => {
      const root = doc.getElementById('root');
      if (!mine()) return;
      if (root) root.textContent = '';
      for (const name of html.getAttributeNames()) if (name.indexOf('data-drawn') === 0) html.removeAttribute(name);
      html.style.visibility = '';
      // An undrawn page now: the app draws it.
      start();
    });
    return;
  }

  if (html.getAttribute('data-drawn-page') === '404') {
    // The parser's additions are seen before anything is painted, text that grows as it arrives included: the
    // placeholder never shows.
    const fill = () => {
      const root = doc.getElementById('root');
      const walker = root ? doc.createTreeWalker(root, NodeFilter.SHOW_TEXT) : null;
      while (walker && walker.nextNode()) {
        const text = walker.currentNode;
        if (text.nodeValue && text.nodeValue.indexOf(hints.pathMark) >= 0)
          text.nodeValue = text.nodeValue.split(hints.pathMark).join(win.location.pathname);
      }
    };
    const observer = new MutationObserver(fill);
    observer.observe(doc, { childList: true, characterData: true, subtree: true });
    doc.addEventListener('DOMContentLoaded', () => {
      observer.disconnect();
      if (mine()) fill();
    });
  }

  const inPage = (target: EventTarget | null): Element | null => {
    const root = doc.getElementById('root');
    return target instanceof Element && root && root.contains(target) ? target : null;
  };
  doc.addEventListener(
    'submit',
    (event) => {
      const form = inPage(event.target);
      if (state.taken || !form || !mine()) return;
      event.preventDefault();
      event.stopPropagation();
      state.held.push({ kind: 'submit', target: form, submitter: (event as SubmitEvent).submitter || null });
      // Sent: the app is needed now.
      start();
    },
    true,
  );
  doc.addEventListener(
    'click',
    (event) => {
      const target = inPage(event.target);
      const button = target && target.closest('button[type="button"]');
      if (state.taken || !button || !mine()) return;
      event.stopPropagation();
      if (button.getAttribute('aria-busy') === 'true') return;
      state.held.push({ kind: 'click', target: button, submitter: null });
      if (html.getAttribute('data-drawn-kind') === 'member' && button.classList.contains(hints.busy.buttonClass)) {
        button.setAttribute('aria-busy', 'true');
        const spinner = doc.createElement('span');
        spinner.className = hints.busy.spinnerClass;
        spinner.setAttribute('aria-hidden', 'true');
        button.insertBefore(spinner, button.firstChild);
      }
      start();
    },
    true,
  );
  // The app's code runs once the page has been painted and the member has begun to use it and paused (`typingPauseMs`
  // after their last tap or key), or `idleStartMs` after the paint when they have not touched it: its first run holds
  // the main thread for the better part of a second on a mid-range phone, which must come neither between a touch and
  // its answer nor between two keys of a phone number being typed. A form sent or a button pressed runs it at once.
  const signedIn = () => {
    const site = html.getAttribute('data-drawn-site') || '';
    return hints.sessionCookies.every((name) => new RegExp('(?:^|;\\s*)' + name + site + '=[^;]').test(doc.cookie));
  };
  let painted = false;
  let pause: number | undefined;
  const afterPause = () => {
    win.clearTimeout(pause);
    pause = win.setTimeout(start, hints.typingPauseMs);
  };
  const touch = () => {
    state.touched = true;
    if (painted) afterPause();
  };
  for (const type of ['pointerdown', 'keydown', 'focusin']) doc.addEventListener(type, touch, { capture: true, passive: true });
  const pressing = (down: boolean) => () => {
    state.pressing = down;
  };
  doc.addEventListener('pointerdown', pressing(true), { capture: true, passive: true });
  for (const type of ['pointerup', 'pointercancel']) win.addEventListener(type, pressing(false), { capture: true, passive: true });
  doc.addEventListener('DOMContentLoaded', () =>
    win.requestAnimationFrame(() =>
      win.setTimeout(() => {
        painted = true;
        // A member's frame waits for the app to bring the page, the LINE check for the app to check, and a guest's page
        // opened with a stored session for the app to send the member on: their code runs at once.
        if (html.getAttribute('data-drawn-kind') === 'member' || html.getAttribute('data-drawn-page') === hints.workingPage || signedIn())
          start();
        else if (state.touched) afterPause();
        else win.setTimeout(() => state.touched || start(), hints.idleStartMs);
      }, 0),
    ),
  );
}
