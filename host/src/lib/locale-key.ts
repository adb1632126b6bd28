/** Where the member's language choice is kept (local storage); its own file so the host's entry can read it. */
export const LOCALE_KEY = 'locale';
