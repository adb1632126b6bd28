import { session } from '../../core/lib/safe-storage';

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

/**
 * Whether a registration is under way in this tab: one a LINE user started, or one past its first step (the form's
 * saved state holds the server's token). Its page is then not the first step a guest starts from.
 */
export function registrationResumes(prefix: string): boolean {
  if (readLineRegistration(prefix) !== null) return true;
  try {
    const saved = JSON.parse(session.get(`${REGISTER_FLOW_KEY}${prefix}`) ?? 'null') as { registerToken?: unknown } | null;
    return Boolean(saved?.registerToken);
  } catch {
    return false;
  }
}
