import { describe, expect, it } from 'vitest';
import { validateLoginFields } from './login-validation';

describe('validateLoginFields', () => {
  it('asks for both fields', () => {
    expect(validateLoginFields('', '')).toEqual({ phone: 'login.errors.phoneRequired', password: 'login.errors.passwordRequired' });
  });

  it('wants ten digits starting with 0, ignoring the display dashes', () => {
    expect(validateLoginFields('081-234-5678', 'pw')).toEqual({});
    expect(validateLoginFields('812345678', 'pw')).toEqual({ phone: 'login.errors.phoneFormat' });
    expect(validateLoginFields('08123456789', 'pw')).toEqual({ phone: 'login.errors.phoneFormat' });
  });
});
