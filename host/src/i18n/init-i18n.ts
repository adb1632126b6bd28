import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { I18N_NAMESPACE, resources, type Locale } from '@member/shared-core';

/** One i18next instance, shared as a singleton with every remote. */
export async function initI18n(locale: Locale): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources,
      lng: locale,
      fallbackLng: 'th',
      supportedLngs: ['th', 'en'],
      defaultNS: I18N_NAMESPACE,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  return i18next;
}
