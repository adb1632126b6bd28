import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { enGuest } from '@member/shared-core/i18n/en-guest';
import { enMember } from '@member/shared-core/i18n/en-member';
import { thGuest } from '@member/shared-core/i18n/th-guest';
import { thMember } from '@member/shared-core/i18n/th-member';
import { changeLocale, initI18n, loadMemberStrings } from './init-i18n';

// One i18next instance per module, as in the app: the steps run in order on it.
describe('strings load by language and by need', () => {
  it('starts with the guest strings of the stored language only', async () => {
    await initI18n('th');
    expect(i18next.t('login.heading')).toBe(thGuest.login.heading);
    expect(i18next.exists('info.title')).toBe(false);
    expect(i18next.hasResourceBundle('en', 'translation')).toBe(false);
  });

  it('switches language before the member strings are wanted, loading only the guest strings of the new one', async () => {
    await changeLocale('en');
    expect(i18next.t('login.heading')).toBe(enGuest.login.heading);
    expect(i18next.exists('info.title')).toBe(false);
  });

  it('adds the member strings of the language in use when a member page asks', async () => {
    await loadMemberStrings();
    expect(i18next.t('info.title')).toBe(enMember.info.title);
    expect(i18next.t('login.heading')).toBe(enGuest.login.heading);
  });

  it('once wanted, a language switched to has its member strings before it shows', async () => {
    // Thai was loaded earlier with the guest strings only; the switch must complete it first.
    await changeLocale('th');
    expect(i18next.language).toBe('th');
    expect(i18next.t('info.title')).toBe(thMember.info.title);
    expect(i18next.t('login.heading')).toBe(thGuest.login.heading);
  });

  it('a quick switch back wins over a switch still loading', async () => {
    expect(i18next.language).toBe('th');
    const toEnglish = changeLocale('en');
    const backToThai = changeLocale('th');
    expect(await toEnglish).toBe(false);
    expect(await backToThai).toBe(true);
    expect(i18next.language).toBe('th');
    expect(i18next.t('info.title')).toBe(thMember.info.title);
  });
});
