import { session } from '../lib/safe-storage';

/** A LINE user with no member yet registers with the registration-scoped token lineProfile gave. */
const key = (prefix: string) => `line-register-${prefix}`;

export function rememberLineRegistration(prefix: string, lineToken: string): void {
  session.set(key(prefix), lineToken);
}

export function readLineRegistration(prefix: string): string | null {
  return session.get(key(prefix));
}

export function forgetLineRegistration(prefix: string): void {
  session.remove(key(prefix));
}
