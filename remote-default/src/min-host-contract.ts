/**
 * The lowest host contract this theme runs on. Raise it when the theme starts using a hook or field added in
 * a newer contract minor: an older host then refuses the theme before loading any of its code and falls back.
 */
export const MIN_HOST_CONTRACT = '2.0.0';
