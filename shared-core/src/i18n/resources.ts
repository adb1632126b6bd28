import { en } from './en';
import { th } from './th';
import { I18N_NAMESPACE } from './index';

/** Both languages at once, for previews and tests. The host loads only the language in use. */
export const resources = {
  th: { [I18N_NAMESPACE]: th },
  en: { [I18N_NAMESPACE]: en },
} as const;
