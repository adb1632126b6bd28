import { describe, expect, it } from 'vitest';
import {
  accountNameInput,
  accountNumberInput,
  previousRegisterStep,
  validateRegisterStep1,
  validateRegisterStep2,
} from './register-validation';

describe('registration validation', () => {
  it('step 1: phone, password of 6+, matching confirmation', () => {
    expect(validateRegisterStep1('0800000000', 'abc', 'abc', false)).toEqual({ password: 'register.errors.passwordShort' });
    expect(validateRegisterStep1('0800000000', 'abcdef', 'abcdeg', false)).toEqual({ confirm: 'register.errors.confirmMismatch' });
    expect(validateRegisterStep1('0800000000', 'abcdef', 'abcdef', false)).toEqual({});
    expect(validateRegisterStep1('', 'abcdef', 'abcdef', false)).toEqual({ phone: 'login.errors.phoneRequired' });
  });
  it('step 1 via LINE asks no password', () => {
    expect(validateRegisterStep1('0800000000', '', '', true)).toEqual({});
  });
  it('step 2: a listed bank, 10 or 12 digits, a name', () => {
    expect(validateRegisterStep2('XYZ', '123', ' ')).toEqual({
      bankCode: 'register.errors.bankRequired',
      accountNumber: 'register.errors.accountNumber',
      accountName: 'register.errors.accountName',
    });
    expect(validateRegisterStep2('KBANK', '1234567890', 'สมชาย ใจดี')).toEqual({});
    expect(validateRegisterStep2('SCB', '123456789012', 'Somchai')).toEqual({});
  });
  it('takes an account number as digits and a name of 100 characters at most', () => {
    expect(accountNumberInput('123-4-56789-0')).toBe('1234567890');
    expect(accountNumberInput('1234 5678 9012 345')).toBe('123456789012');
    expect(accountNameInput('x'.repeat(120))).toHaveLength(100);
  });
  it('goes back from the last step to the second, and from the second to the first', () => {
    expect([3, 2, 1].map((step) => previousRegisterStep(step as 1 | 2 | 3))).toEqual([2, 1, 1]);
  });
});
