import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TranslatorContext, type Translator } from '@member/shared-core';

/** Hands the remotes the host's `t`; a new value on every language change re-renders their text. */
export function TranslatorProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const translator = useMemo<Translator>(() => ({ t, language: language === 'en' ? 'en' : 'th' }), [t, language]);
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}
