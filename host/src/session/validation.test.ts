import { describe, expect, it } from 'vitest';
import { validateStep1, validateStep2 } from './use-register-flow';

describe('registration validation', () => {
  it('step 1: phone, password of 6+, matching confirmation', () => {
    expect(validateStep1('0800000000', 'abc', 'abc', false)).toEqual({ password: 'register.errors.passwordShort' });
    expect(validateStep1('0800000000', 'abcdef', 'abcdeg', false)).toEqual({ confirm: 'register.errors.confirmMismatch' });
    expect(validateStep1('0800000000', 'abcdef', 'abcdef', false)).toEqual({});
  });
  it('step 1 via LINE asks no password', () => {
    expect(validateStep1('0800000000', '', '', true)).toEqual({});
  });
  it('step 2: a listed bank, 10 or 12 digits, a name', () => {
    expect(validateStep2('XYZ', '123', ' ')).toEqual({
      bankCode: 'register.errors.bankRequired',
      accountNumber: 'register.errors.accountNumber',
      accountName: 'register.errors.accountName',
    });
    expect(validateStep2('KBANK', '1234567890', 'สมชาย ใจดี')).toEqual({});
    expect(validateStep2('SCB', '123456789012', 'Somchai')).toEqual({});
  });
});
