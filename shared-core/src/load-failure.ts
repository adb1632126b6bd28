import { localeFromStorage } from './helpers/locale';

/**
 * The host's built-in "this page could not be loaded" screen. Its text lives here, apart from the string
 * bundles, because it must also show when the app or its strings could not load: the host's entry imports
 * this file alone (a few hundred bytes), and the guest strings reuse the same text through i18next.
 */
export interface LoadFailureText {
  title: string;
  help: string;
  reload: string;
}

export const loadFailureText: Record<'th' | 'en', LoadFailureText> = {
  th: {
    title: 'โหลดหน้านี้ไม่สำเร็จ',
    help: 'กรุณาตรวจสอบการเชื่อมต่ออินเทอร์เน็ต แล้วกดโหลดใหม่',
    reload: 'โหลดหน้าใหม่',
  },
  en: {
    title: 'This page could not be loaded',
    help: 'Check your internet connection, then reload the page.',
    reload: 'Reload the page',
  },
};

export const loadFailureTestIds = { page: 'load-failure', reload: 'load-failure-reload' } as const;

/** The text in the language the member chose (`stored` is the saved locale preference), and that language. */
export function loadFailureTextFor(stored: string | null): LoadFailureText & { lang: 'th' | 'en' } {
  const lang = localeFromStorage(stored);
  return { lang, ...loadFailureText[lang] };
}
