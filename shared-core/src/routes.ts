import type { PageKey } from './contract';

/** Sub-components each page accepts after its path. */
export const PAGE_SUBROUTES: Partial<Record<PageKey, readonly string[]>> = {
  slot: ['slotSelect', 'slotGame'],
  fish: ['fishSelect', 'fishGame'],
  cards: ['cardsSelect', 'cardsGame'],
  info: ['info', 'changePassword', 'connectPhone', 'lineAuthInfo', 'phoneAuthInfo'],
  profile: ['deposit', 'withdraw'],
  register: ['step1', 'step2', 'step3', 'register'],
  logout: ['logout'],
};

/** Pages that render inside the site's frame (layout); the rest stand alone. */
export const FRAMELESS_PAGES: readonly PageKey[] = ['login', 'logout'];

export function isValidSubroute(page: PageKey, sub: string | undefined): boolean {
  if (sub === undefined) return true;
  return PAGE_SUBROUTES[page]?.includes(sub) ?? false;
}
