import { useTranslation } from '@member/shared-core';
import { useActions, usePreferences } from '@member/shared-core';
import { testIds } from '@member/shared-core';

/**
 * Thai/English switch: one button that shows the language it switches to ("EN", "ไทย") and says what it does.
 * Its name is its own text, the visible word first, so a speech user who says what they see reaches it.
 */
export function LocaleSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { setLocale } = useActions();
  const next = locale === 'th' ? 'en' : 'th';
  return (
    <button
      type="button"
      className={['mc-switch', className ?? ''].filter(Boolean).join(' ')}
      data-testid={testIds.localeSwitch}
      lang={next}
      onClick={() => setLocale(next)}
    >
      <span>{next === 'en' ? 'EN' : 'ไทย'}</span>
      <span className="mc-visually-hidden"> {next === 'en' ? t('prefs.switchToEnglish') : t('prefs.switchToThai')}</span>
    </button>
  );
}

/** Light/dark switch; rendered only where the site offers both schemes. */
export function SchemeSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { scheme, canSwitchScheme } = usePreferences();
  const { setScheme } = useActions();
  if (!canSwitchScheme) return null;
  const dark = scheme === 'dark';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      className={['mc-switch', className ?? ''].filter(Boolean).join(' ')}
      data-testid={testIds.schemeSwitch}
      aria-label={t('prefs.darkMode')}
      title={dark ? t('prefs.switchToLight') : t('prefs.switchToDark')}
      onClick={() => setScheme(dark ? 'light' : 'dark')}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        {dark ? (
          <path
            fill="currentColor"
            d="M12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0-5 1 3h-2l1-3Zm0 20-1-3h2l-1 3ZM2 12l3-1v2l-3-1Zm20 0-3 1v-2l3 1ZM4.9 4.9l2.8 1.4-1.4 1.4-1.4-2.8Zm14.2 14.2-2.8-1.4 1.4-1.4 1.4 2.8Zm0-14.2-1.4 2.8-1.4-1.4 2.8-1.4ZM4.9 19.1l1.4-2.8 1.4 1.4-2.8 1.4Z"
          />
        ) : (
          <path fill="currentColor" d="M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11Z" />
        )}
      </svg>
    </button>
  );
}

/** The language switch and, where the site has both schemes, the light/dark switch, side by side. */
export function PreferenceSwitches({ className, switchClassName }: { className?: string; switchClassName?: string }) {
  return (
    <span className={['mc-prefs', className ?? ''].filter(Boolean).join(' ')}>
      <LocaleSwitch className={switchClassName} />
      <SchemeSwitch className={switchClassName} />
    </span>
  );
}
