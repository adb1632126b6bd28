import type { PageMiddleware } from '@member/shared-core';

/** The named middlewares (each page's are in the pages registry, PAGES). */
export type Middleware = PageMiddleware;

/** What the guards decide on. */
export interface GuardState {
  logged: boolean;
  needsRegistration: boolean;
  registerEnabled: boolean;
}

/** Where a middleware sends the visitor instead, or null to let the page render. */
export function redirectFor(middleware: Middleware, state: GuardState): string | null {
  switch (middleware) {
    case 'auth':
      return state.logged ? null : '/login';
    case 'check-auth':
      return state.logged ? (state.needsRegistration && state.registerEnabled ? '/register' : '/profile') : null;
    case 'check-id':
      if (!state.registerEnabled) return '/login';
      return state.logged && !state.needsRegistration ? '/profile' : null;
    case 'register':
      return state.logged && state.needsRegistration && state.registerEnabled ? '/register' : null;
  }
}
