import { describe, expect, it } from 'vitest';
import { validatePasswordChange } from './use-password-change';

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
