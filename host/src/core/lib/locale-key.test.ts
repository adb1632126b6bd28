import { describe, expect, it } from 'vitest';
import { storedLocaleChoice } from './locale-key';

describe('the language to start in', () => {
  it('is the stored choice when there is one, whatever the cookie says', () => {
    expect(storedLocaleChoice('EN', 'i18n_redirected=th')).toBe('EN');
    expect(storedLocaleChoice('TH', 'i18n_redirected=en')).toBe('TH');
  });

  it('is the language cookie when local storage holds no choice (or something else)', () => {
    expect(storedLocaleChoice(null, 'member-pre8=pre8; i18n_redirected=en')).toBe('EN');
    expect(storedLocaleChoice('xx', 'i18n_redirected=th; token-pre8=t')).toBe('TH');
    expect(storedLocaleChoice(null, 'i18n_redirected=EN')).toBe('EN');
  });

  it('is none without either, or with a cookie that names another language or only looks like it', () => {
    expect(storedLocaleChoice(null, '')).toBeNull();
    expect(storedLocaleChoice(null, 'i18n_redirected=fr')).toBeNull();
    expect(storedLocaleChoice(null, 'x_i18n_redirected=en')).toBeNull();
  });
});
