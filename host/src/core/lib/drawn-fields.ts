import { phoneInput } from '@member/shared-core/helpers/digits';

/**
 * While the app takes over a page that came drawn in the HTML (app/boot/drawn-page.ts), the fields of that page already
 * hold what the member typed before any script ran: the forms' hooks start from those values instead of empty ones,
 * so React's first render keeps them (React hydrates a field's text but not the state behind it).
 */
let drawnRoot: ParentNode | null = null;

/** The drawn page's root while it is being hydrated; null once it has been (or when the page came undrawn). */
export function readDrawnFieldsFrom(root: ParentNode | null): void {
  drawnRoot = root;
}

/** What the member typed into the drawn form's field of this name, or '' (no drawn page, no such field). */
export function drawnFieldValue(name: string): string {
  if (!drawnRoot) return '';
  const field = drawnRoot.querySelector(`form [name="${name}"]`);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : '';
}

/** A phone number as the forms keep it (national digits, ten at most; Thai or full-width digits and +66 read), from what was typed. */
export function drawnPhone(): string {
  return phoneInput(drawnFieldValue('phone'));
}
