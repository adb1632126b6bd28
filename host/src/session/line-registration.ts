import { session } from '../lib/safe-storage';

/** Session-storage keys of a registration in progress (each followed by the prefix): its LINE token, and the form. */
export const LINE_REGISTER_KEY = 'line-register-';
export const REGISTER_FLOW_KEY = 'register-flow-';

/** A LINE user with no member yet registers with the registration-scoped token lineProfile gave. */
const key = (prefix: string) => `${LINE_REGISTER_KEY}${prefix}`;

export function rememberLineRegistration(prefix: string, lineToken: string): void {
  session.set(key(prefix), lineToken);
}

export function readLineRegistration(prefix: string): string | null {
  return session.get(key(prefix));
}

export function forgetLineRegistration(prefix: string): void {
  session.remove(key(prefix));
}
