import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18next from 'i18next';
import { DRAWN_ATTRIBUTES, parseReleases } from '@member/shared-core/drawing';
import { testIds } from '@member/shared-core/test-ids';
import { store } from '../../core/base/store';
import { bootStateAtom, siteConfigAtom } from '../../core/base/boot-state';
import { schemeAtom } from '../../core/base/preferences';
import { sessionAtom } from '../../core/base/session-state';
import { hasStoredSession } from '../../core/base/session-cookies';
import { checkedManifest } from '../../features/remotes/remote-manifest';
import { firstPageShown } from '../../features/remotes/first-page';
import { registrationResumes } from '../../features/session/line-registration';
import { readDrawnFieldsFromAtom } from '../../core/lib/drawn-fields';
import { reportError } from '../../core/lib/error-report';
import { drawnStartState } from '../../core/config/drawn-start';
import { KEPT_FILLED_ATTRIBUTE } from '../../core/config/drawn-kept';
import { DRAWN_KEPT_PROFILE } from '@member/shared-core/drawing';
import { pagePathOf } from '@member/shared-core/routes';

/**
 * The app taking over a page that came drawn in the HTML (docs/architecture.md, "Pages drawn in the HTML"). When the
 * page was drawn from exactly what this visit shows (the site's entry, language, scheme, the theme releases the host
 * has just checked, a guest), React hydrates it: the DOM the member sees, has typed into and has focus in stays as it
 * is, and the forms' hooks start from what was typed (core/lib/drawn-fields.ts). When anything differs (an older drawing
 * than the theme release in use, a site entry changed since, a member's stored session), the app renders beside it,
 * hidden, and replaces it in one step once it shows a page, carrying over what was typed, the focus and the caret.
 * Either way what was sent or pressed before (core/config/drawn-start.ts held it) is sent or pressed again.
 */

export interface DrawnPage {
  page: string;
  /** A member's frame: replaced by the app's page, never hydrated. */
  member: boolean;
  site: string;
  entry: string;
  releases: Record<string, string>;
  locale: string;
  scheme: string;
}

/** The page's drawing, as the document element names it; null for a page that came undrawn (or was dropped as stale). */
export function drawnPageOf(doc: Document = document): DrawnPage | null {
  const html = doc.documentElement;
  const page = html.getAttribute(DRAWN_ATTRIBUTES.page);
  const site = html.getAttribute(DRAWN_ATTRIBUTES.site);
  if (!page || !site) return null;
  return {
    page,
    member: html.getAttribute(DRAWN_ATTRIBUTES.kind) === 'member',
    site,
    entry: html.getAttribute(DRAWN_ATTRIBUTES.entry) ?? '',
    releases: parseReleases(html.getAttribute(DRAWN_ATTRIBUTES.releases)),
    locale: html.lang,
    scheme: html.getAttribute('data-theme') ?? '',
  };
}

async function sha256Text(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Whether the app's first render of this visit is the page as drawn: boot is done for the drawn site, for a guest, in
 * the drawn language and scheme, with the drawn site entry, and every theme drawn with is the release the host checked
 * and will load. Anything else (a check that fails included) means the app renders the page anew, and so does a
 * member's frame, which holds no page to hydrate.
 */
export async function drawnPageHolds(drawn: DrawnPage): Promise<boolean> {
  const boot = store.get(bootStateAtom);
  const site = store.get(siteConfigAtom);
  if (drawn.member || boot.phase !== 'ready' || !site || site.key !== drawn.site) return false;
  if (hasStoredSession(site.key) || (drawn.page === 'register' && registrationResumes(site.key))) return false;
  if (i18next.language !== drawn.locale || store.get(schemeAtom) !== drawn.scheme) return false;
  try {
    if ((await sha256Text(JSON.stringify(site))) !== drawn.entry) return false;
    const checked = await Promise.all(
      Object.entries(drawn.releases).map(async ([theme, release]) => (await checkedManifest(theme)).releaseHash === release),
    );
    return checked.every(Boolean);
  } catch {
    return false;
  }
}

/**
 * The element in `root` that stands where `element` stood: itself, or its twin: in a game's tile, the same element of
 * the same game's tile; else by test id (and brand code: a lobby's brand chips share their test id), a form by its
 * submit button's.
 */
function counterpart(root: HTMLElement, element: Element | null): HTMLElement | null {
  if (!element) return null;
  if (root.contains(element)) return element as HTMLElement;
  const game = element.closest('[data-game-id]');
  if (game) {
    const twin = root.querySelector<HTMLElement>(`[data-game-id="${CSS.escape(game.getAttribute('data-game-id') ?? '')}"]`);
    if (!twin || game === element) return twin;
    return twin.querySelectorAll<HTMLElement>(element.tagName)[[...game.querySelectorAll(element.tagName)].indexOf(element)] ?? null;
  }
  const id = element.getAttribute('data-testid');
  const code = element.getAttribute('data-code');
  if (id) return root.querySelector<HTMLElement>(`[data-testid="${id}"]${code ? `[data-code="${CSS.escape(code)}"]` : ''}`);
  if (element instanceof HTMLFormElement) {
    const submitId = element.querySelector('[type="submit"][data-testid]')?.getAttribute('data-testid');
    return submitId ? (root.querySelector(`[data-testid="${submitId}"]`)?.closest('form') ?? null) : null;
  }
  return null;
}

/**
 * How long a press held on the drawn page waits for its button on the app's page, counted once no stored session is
 * being checked. A member's buttons that depend on the session (log out) come once the app knows it, and a slow
 * operator's check shows its notice in the page's place meanwhile, for as long as the check takes: the press waits
 * through it, and is pressed once the page comes.
 */
const HELD_PRESS_WAIT_MS = 10_000;

/** Presses the app's counterpart of `target` now, or once it appears (HELD_PRESS_WAIT_MS); a press never goes twice. */
function pressWhenThere(root: HTMLElement, target: Element): void {
  const now = counterpart(root, target);
  if (now) {
    now.click();
    return;
  }
  const observer = new MutationObserver(() => {
    const found = counterpart(root, target);
    if (!found) return;
    stop();
    found.click();
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    if (timer === undefined && store.get(sessionAtom).status !== 'checking') timer = setTimeout(() => stop(), HELD_PRESS_WAIT_MS);
  };
  const unsubscribe = store.sub(sessionAtom, arm);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    unsubscribe();
  };
  arm();
  observer.observe(root, { childList: true, subtree: true });
}

/** The app has the page: nothing is held any more, and what was held is sent or pressed again, in order. */
function release(root: HTMLElement): void {
  document.documentElement.removeAttribute(DRAWN_ATTRIBUTES.page);
  const start = drawnStartState();
  if (!start) return;
  start.taken = true;
  for (const { kind, target, submitter } of start.held.splice(0)) {
    if (kind === 'click') {
      pressWhenThere(root, target);
      continue;
    }
    const form = counterpart(root, target);
    if (form instanceof HTMLFormElement) {
      const button = counterpart(root, submitter);
      form.requestSubmit(button instanceof HTMLButtonElement && button.form === form ? button : undefined);
    }
  }
}

const onRecoverableError = (error: unknown) => reportError('drawn-mismatch', error);

function hydrate(container: HTMLElement, tree: ReactNode, drawn: DrawnPage): Promise<void> {
  store.set(readDrawnFieldsFromAtom, container);
  hydrateRoot(container, tree, { onRecoverableError });
  // A theme's page is hydrated once its code has arrived; the host's own screens with the root.
  const hydrated = drawn.page === 'login' || drawn.page === 'register' ? firstPageShown : Promise.resolve();
  return hydrated.then(() => {
    store.set(readDrawnFieldsFromAtom, null);
    // After the effects that read the fields have run and their state has settled.
    setTimeout(() => release(container), 0);
  });
}

type Carried = { name: string; value: string };

/** Sets a field's value as typing would, so React's onChange hears it. */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** What a member types into, known by its name on both pages: a form's fields, and a page's own (a lobby's search). */
function fieldsOf(root: ParentNode): (HTMLInputElement | HTMLTextAreaElement)[] {
  return [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')];
}

/**
 * While the app's page is rendered unseen beside the drawn one, the test ids in it are kept under this attribute: each
 * test id then names one element, the one on screen (a test, as a member, uses the drawn page until the app's page
 * replaces it in one step). They are given back in that step.
 */
export const UNSEEN_TEST_ID_ATTRIBUTE = 'data-unseen-testid';

/** A selector for the elements with test id `id`, under its own name or kept unseen. */
function byTestId(id: string): string {
  return `[data-testid="${id}"],[${UNSEEN_TEST_ID_ATTRIBUTE}="${id}"]`;
}

/** Keeps the test ids of everything React puts into `root` unseen (above); the returned function gives them back. */
function keepTestIdsUnseen(root: HTMLElement): () => void {
  const hide = (element: Element) => {
    const id = element.getAttribute('data-testid');
    if (id === null) return;
    element.setAttribute(UNSEEN_TEST_ID_ATTRIBUTE, id);
    element.removeAttribute('data-testid');
  };
  const hideAll = (node: Node) => {
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    hide(node as Element);
    for (const element of (node as Element).querySelectorAll('[data-testid]')) hide(element);
  };
  const apply = (records: MutationRecord[]) => {
    for (const record of records) {
      if (record.type === 'attributes') hide(record.target as Element);
      else record.addedNodes.forEach(hideAll);
    }
  };
  const observer = new MutationObserver(apply);
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-testid'] });
  return () => {
    apply(observer.takeRecords());
    observer.disconnect();
    for (const element of root.querySelectorAll(`[${UNSEEN_TEST_ID_ATTRIBUTE}]`)) {
      element.setAttribute('data-testid', element.getAttribute(UNSEEN_TEST_ID_ATTRIBUTE) ?? '');
      element.removeAttribute(UNSEEN_TEST_ID_ATTRIBUTE);
    }
  };
}

/**
 * The app's profile still on its way to what the drawn one shows: its accounts not known yet, or a balance still a
 * shimmer (an account's, or the money bar's). Anything else is shown at once: a balance, one that failed ("—"), no accounts, the session check's notice
 * (the operator slow or down: the member must read it), or another page (a session that ended sends them to the login).
 */
function profileStillComing(next: HTMLElement): boolean {
  if (pagePathOf(window.location.pathname).page !== 'profile') return false;
  if (next.querySelector(byTestId(testIds.sessionCheckNotice))) return false;
  const balances = [...next.querySelectorAll(byTestId(testIds.gameBalance))];
  if (balances.length === 0) return !next.querySelector('.mc-games__empty');
  // The money bar too, which the drawn frame showed with the kept balance in use.
  const inUse = next.querySelector(byTestId(testIds.moneyBalance));
  if (inUse?.querySelector('.mc-skeleton')) return true;
  return balances.some((balance) => balance.querySelector('.mc-skeleton') !== null);
}

/** Once the app shows anything but its loading screen. */
function whenShown(next: HTMLElement): Promise<void> {
  // A lobby drawn from the kept list (core/config/drawn-kept.ts) is replaced once the app's lobby has its list too, a
  // profile drawn from the kept balances once the app's shows balances too (never with a shimmer where a balance stood).
  // Read at each change: a first visit's lobby is filled once the early calls have answered, maybe after the app began.
  const filledWith = () => document.documentElement.getAttribute(KEPT_FILLED_ATTRIBUTE);
  const shown = (filled = filledWith()) =>
    next.childElementCount > 0 &&
    !next.querySelector(byTestId(testIds.bootLoading)) &&
    !(filled !== null && next.querySelector(byTestId(testIds.lobbyLoading))) &&
    !(filled === DRAWN_KEPT_PROFILE && profileStillComing(next));
  return new Promise((resolve) => {
    if (shown()) return resolve();
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(next, { childList: true, subtree: true });
  });
}

/**
 * Once no tap is under way on the drawn page: a tap pressed on it and let go on its replacement would be no click at
 * all. After it is let go, a moment more, for its click to reach the drawn page (and be held there).
 */
async function noTapUnderWay(): Promise<void> {
  const start = drawnStartState();
  if (!start?.pressing) return;
  await new Promise<void>((resolve) => {
    const check = () => (start.pressing ? requestAnimationFrame(check) : setTimeout(resolve, 0));
    requestAnimationFrame(check);
  });
}

async function swap(container: HTMLElement, tree: ReactNode): Promise<void> {
  const next = document.createElement('div');
  // Laid out (a page may measure itself) but unseen, untouchable and unheard until it replaces the drawn one.
  next.setAttribute('aria-hidden', 'true');
  next.inert = true;
  Object.assign(next.style, { position: 'fixed', inset: '0', visibility: 'hidden', overflow: 'hidden' });
  container.after(next);
  const showTestIds = keepTestIdsUnseen(next);
  createRoot(next, { onRecoverableError }).render(tree);
  await whenShown(next);
  await noTapUnderWay();
  // One step, which no key press can come between.
  const typed: Carried[] = fieldsOf(container)
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ name: field.name, value: field.value }));
  const focused =
    document.activeElement instanceof HTMLElement && container.contains(document.activeElement) ? document.activeElement : null;
  const caret = focused instanceof HTMLInputElement ? { start: focused.selectionStart, end: focused.selectionEnd } : null;
  container.remove();
  showTestIds();
  next.removeAttribute('style');
  next.removeAttribute('aria-hidden');
  next.inert = false;
  next.id = 'root';
  for (const { name, value } of typed) {
    const field = fieldsOf(next).find((candidate) => candidate.name === name);
    if (field) typeInto(field, value);
  }
  const refocus = focused?.getAttribute('name')
    ? fieldsOf(next).find((field) => field.name === focused.getAttribute('name'))
    : counterpart(next, focused);
  if (refocus) {
    refocus.focus({ preventScroll: true });
    if (caret?.start != null && caret.end != null && refocus instanceof HTMLInputElement) {
      try {
        refocus.setSelectionRange(caret.start, caret.end);
      } catch {
        // A field that keeps no caret (a number field).
      }
    }
  }
  release(next);
}

/**
 * The app takes the drawn page in `container` over: hydrates it, or replaces it seamlessly (above). Resolves once it
 * has the page.
 */
export async function takeOverDrawnPage(container: HTMLElement, tree: ReactNode, drawn: DrawnPage): Promise<void> {
  if (await drawnPageHolds(drawn)) await hydrate(container, tree, drawn);
  else await swap(container, tree);
}
