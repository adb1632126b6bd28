/**
 * The brand's offline page, which the service worker shows for a navigation made with no network. Its text lives here,
 * apart from the string bundles, because the page is a small precached script of its own that loads neither the app
 * nor i18next: it imports this file alone.
 */
export interface OfflinePageText {
  title: string;
  help: string;
  retry: string;
  /** Said while the browser still reports no network, when the member presses retry. */
  stillOffline: string;
}

export const offlinePageText: Record<'th' | 'en', OfflinePageText> = {
  th: {
    title: 'คุณออฟไลน์อยู่',
    help: 'ยังไม่มีการเชื่อมต่ออินเทอร์เน็ต หน้านี้จะโหลดใหม่เองเมื่อกลับมาออนไลน์ หรือกดลองอีกครั้ง',
    retry: 'ลองอีกครั้ง',
    stillOffline: 'ยังออฟไลน์อยู่ จะโหลดใหม่ทันทีที่เชื่อมต่อได้',
  },
  en: {
    title: 'You are offline',
    help: 'There is no internet connection. This page reloads by itself when you are back online, or press retry.',
    retry: 'Try again',
    stillOffline: 'Still offline. The page reloads as soon as the connection is back.',
  },
};

export const offlinePageTestIds = { page: 'offline-page', retry: 'offline-retry', status: 'offline-status' } as const;
