import { digitsOf } from './digits';

/** i18n keys of the messages a login field can carry. */
export type LoginFieldErrorKey = 'login.errors.phoneRequired' | 'login.errors.phoneFormat' | 'login.errors.passwordRequired';

export interface LoginFieldErrors {
  phone?: LoginFieldErrorKey;
  password?: LoginFieldErrorKey;
}

/** A Thai mobile or landline number as members type it: 10 digits starting with 0. */
export const PHONE_PATTERN = /^0\d{9}$/;

/** Client-side checks before a phone login is sent; returns i18n keys, empty when the form may be sent. */
export function validateLoginFields(phone: string, password: string): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  const digits = digitsOf(phone);
  if (digits === '') errors.phone = 'login.errors.phoneRequired';
  else if (!PHONE_PATTERN.test(digits)) errors.phone = 'login.errors.phoneFormat';
  if (password === '') errors.password = 'login.errors.passwordRequired';
  return errors;
}
