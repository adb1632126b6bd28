/** Where the member's language choice is kept (local storage); its own file so the host's entry can read it. */
export const LOCALE_KEY = 'locale';

/** Where the member's scheme choice is kept (local storage, 'true' for dark); read by the early start too. */
export const DARK_KEY = 'isDark';
