import { atom } from 'jotai';
import { phoneInput } from '@member/shared-core/helpers/digits';

/**
 * While the app takes over a page that came drawn in the HTML (app/boot/drawn-page.ts), the fields of that page already
 * hold what the member typed before any script ran: the forms' hooks start from those values instead of empty ones,
 * so React's first render keeps them (React hydrates a field's text but not the state behind it).
 */
const drawnRootBase = atom<ParentNode | null>(null);

/** The drawn page's root while it is being hydrated; null once it has been (or when the page came undrawn). */
export const drawnRootAtom = atom((get) => get(drawnRootBase));

export const readDrawnFieldsFromAtom = atom(null, (_get, set, root: ParentNode | null) => set(drawnRootBase, root));

/** What the member typed into the drawn form's field of this name, or '' (no drawn page, no such field). */
export function drawnFieldValue(root: ParentNode | null, name: string): string {
  if (!root) return '';
  const field = root.querySelector(`form [name="${name}"]`);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : '';
}

/** A phone number as the forms keep it (national digits, ten at most; Thai or full-width digits and +66 read), from what was typed. */
export function drawnPhone(root: ParentNode | null): string {
  return phoneInput(drawnFieldValue(root, 'phone'));
}
