import { describe, expect, it } from 'vitest';
import { validatePasswordChange, validatePhoneConnect } from './password-validation';

describe('validatePasswordChange', () => {
  it('needs the current password, a new one of 6+ that differs, and a matching confirmation', () => {
    expect(validatePasswordChange('', 'abc', 'abd')).toEqual({
      oldPassword: 'info.errors.oldRequired',
      newPassword: 'register.errors.passwordShort',
      confirm: 'register.errors.confirmMismatch',
    });
    expect(validatePasswordChange('same123', 'same123', 'same123')).toEqual({ newPassword: 'info.errors.sameAsOld' });
    expect(validatePasswordChange('old1234', 'new5678', 'new5678')).toEqual({});
  });
});

describe('validatePhoneConnect', () => {
  it('needs a 10-digit phone and a password of 6+', () => {
    expect(validatePhoneConnect('', 'abc')).toEqual({ phone: 'login.errors.phoneRequired', password: 'register.errors.passwordShort' });
    expect(validatePhoneConnect('081-234-5678', 'secret1')).toEqual({ phone: 'login.errors.phoneFormat' });
    expect(validatePhoneConnect('0812345678', 'secret1')).toEqual({});
  });
});
