import i18next, { type i18n } from 'i18next';
import { DEFAULT_LOCALE } from '@member/shared-core';
import { I18N_NAMESPACE } from '@member/shared-core';
import { resources } from '@member/shared-core/i18n/resources';
import type { Locale } from '@member/shared-core';
import type { Translator } from '@member/shared-core';

const instances = new Map<Locale, i18n>();

/**
 * An i18next instance per locale with the shared strings, initialised synchronously, for previews
 * and tests that run without the host. React escapes text itself, so i18next must not.
 */
export function getPreviewI18n(locale: Locale): i18n {
  const existing = instances.get(locale);
  if (existing) return existing;
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: ['th', 'en'],
    defaultNS: I18N_NAMESPACE,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  instances.set(locale, instance);
  return instance;
}

const translators = new Map<Locale, Translator>();

/** What the host's TranslatorContext carries, for one locale; the same object each time so consumers stay memoised. */
export function getPreviewTranslator(locale: Locale): Translator {
  const existing = translators.get(locale);
  if (existing) return existing;
  const translator: Translator = { t: getPreviewI18n(locale).t, language: locale };
  translators.set(locale, translator);
  return translator;
}
