import { atom } from 'jotai';
import { isPageKey, type PageKey } from '@member/shared-core';
import { session as sessionStore } from '../../core/lib/safe-storage';

/**
 * Where a guest goes back to after logging in: the member page they asked for (a lobby link shared with them,
 * `/slot?brand=PP`), carried through the login page as `?next=` and through the LINE round trip in this tab's
 * session storage.
 */

export const RETURN_PARAM = 'next';
const LINE_RETURN_KEY = 'line-login-return';
/** Any origin will do: it is only there to tell a path on this origin from anything else. */
const BASE = 'http://app.invalid';
/** The pages a guest may open: never a place to come back to after logging in. */
const NOT_RETURNABLE: readonly PageKey[] = ['login', 'register', 'logout'];

/**
 * The path to return to, or null when `value` is not a member page of this app: only a path on this origin (one
 * leading slash, no scheme, no other host, no backslash or control character), to a page that needs a logged-in
 * member (not login, logout or registration). The site stays the current one: a `prefix` in it is dropped.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const page = url.pathname.split('/')[1];
  if (!isPageKey(page) || NOT_RETURNABLE.includes(page)) return null;
  url.searchParams.delete('prefix');
  url.searchParams.delete(RETURN_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * When this tab's session last ended (a logout, here or in another tab, or a dead token). The guards see the member
 * turn into a guest on the page they were on; that is the end of a visit, which lands on plain /login, not a page
 * to come back to.
 */
const sessionEndedAtBase = atom(Number.NEGATIVE_INFINITY);
const SESSION_END_WINDOW_MS = 2_000;

export const sessionEndedAtAtom = atom((get) => get(sessionEndedAtBase));

/** Set by the logout as it clears the session. */
export const noteSessionEndedAtom = atom(null, (_get, set, now: number = Date.now()) => set(sessionEndedAtBase, now));

/** The login page's path for a guest sent there from `asked` (a path with its query), the session having last ended at `endedAt`. */
export function loginPathFor(asked: string, endedAt: number, now = Date.now()): string {
  if (now - endedAt < SESSION_END_WINDOW_MS) return '/login';
  const back = safeReturnPath(asked);
  return back ? `/login?${new URLSearchParams({ [RETURN_PARAM]: back }).toString()}` : '/login';
}

/** The page a login made on a login page with this query goes to, when it is not registration: the asked page or /profile. */
export function afterLoginPath(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) ?? '/profile';
}

/** Keeps the login page's return path for after the LINE round trip (or forgets a stale one). */
export function rememberLineReturn(search: string): void {
  const back = safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
  if (back) sessionStore.set(LINE_RETURN_KEY, back);
  else sessionStore.remove(LINE_RETURN_KEY);
}

/**
 * Where a LINE login goes once done: the kept return path, else /profile. Only read (a render may run twice): every
 * LINE login's start writes or forgets the path, so a path never outlives the login it was kept for.
 */
export function lineReturnPath(): string {
  return safeReturnPath(sessionStore.get(LINE_RETURN_KEY)) ?? '/profile';
}
