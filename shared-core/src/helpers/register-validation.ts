import type { RegisterStep } from '../bridge/types';
import { BANK_CODES } from '../types/entities';
import { phoneProblem, MIN_PASSWORD_LENGTH } from './password-validation';
import { digitsOf } from './digits';

type Step1Field = 'phone' | 'password' | 'confirm';
type Step2Field = 'bankCode' | 'accountNumber' | 'accountName';

/** Registration's first step: a phone, and (unless the member comes from LINE) a password of 6+ confirmed. */
export function validateRegisterStep1(
  phone: string,
  password: string,
  confirm: string,
  viaLine: boolean,
): Partial<Record<Step1Field, string>> {
  const errors: Partial<Record<Step1Field, string>> = {};
  const phoneError = phoneProblem(phone);
  if (phoneError) errors.phone = phoneError;
  if (!viaLine) {
    if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'register.errors.passwordShort';
    else if (confirm !== password) errors.confirm = 'register.errors.confirmMismatch';
  }
  return errors;
}

/** Registration's second step: a listed bank, an account of 10 or 12 digits, and the account's name (2 to 100 characters). */
export function validateRegisterStep2(bankCode: string, accountNumber: string, accountName: string): Partial<Record<Step2Field, string>> {
  const errors: Partial<Record<Step2Field, string>> = {};
  if (!(BANK_CODES as readonly string[]).includes(bankCode)) errors.bankCode = 'register.errors.bankRequired';
  if (!/^(\d{10}|\d{12})$/.test(accountNumber)) errors.accountNumber = 'register.errors.accountNumber';
  const name = accountName.trim();
  if (name.length < 2 || name.length > 100) errors.accountName = 'register.errors.accountName';
  return errors;
}

/**
 * The account number field keeps digits only (Thai and full-width ones read as such), twelve at most: members paste
 * numbers with dashes and spaces.
 */
export const accountNumberInput = (typed: string): string => digitsOf(typed).slice(0, 12);

/** The account name field keeps a hundred characters at most. */
export const accountNameInput = (typed: string): string => typed.slice(0, 100);

/** Back from a step: from the last to the second, from the second to the first (a new registration). */
export const previousRegisterStep = (step: RegisterStep): RegisterStep => (step === 3 ? 2 : 1);
