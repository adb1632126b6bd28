import { PHONE_PATTERN } from './login-validation';

/** The shortest password the operator takes, for a member's account and a game account alike. */
export const MIN_PASSWORD_LENGTH = 6;

type PasswordChangeField = 'oldPassword' | 'newPassword' | 'confirm';

/** The change-password form's checks (the member's and a game account's): i18n keys, empty when it may be sent. */
export function validatePasswordChange(
  oldPassword: string,
  newPassword: string,
  confirm: string,
): Partial<Record<PasswordChangeField, string>> {
  const errors: Partial<Record<PasswordChangeField, string>> = {};
  if (oldPassword === '') errors.oldPassword = 'info.errors.oldRequired';
  if (newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = 'register.errors.passwordShort';
  else if (newPassword === oldPassword) errors.newPassword = 'info.errors.sameAsOld';
  if (confirm !== newPassword) errors.confirm = 'register.errors.confirmMismatch';
  return errors;
}

/** The phone a member types where a phone is asked for (registering, connecting one): i18n key of its problem, if any. */
export function phoneProblem(phone: string): string | undefined {
  if (PHONE_PATTERN.test(phone)) return undefined;
  return phone === '' ? 'login.errors.phoneRequired' : 'login.errors.phoneFormat';
}

/** Connecting a phone to a LINE member: the phone and a password for it. */
export function validatePhoneConnect(phone: string, password: string): Partial<Record<'phone' | 'password', string>> {
  const errors: Partial<Record<'phone' | 'password', string>> = {};
  const phoneError = phoneProblem(phone);
  if (phoneError) errors.phone = phoneError;
  if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'register.errors.passwordShort';
  return errors;
}
