import { en } from './en';
import { th } from './th';

export { en, th };
export type { Messages } from './en';

export const I18N_NAMESPACE = 'translation';

export const resources = {
  th: { [I18N_NAMESPACE]: th },
  en: { [I18N_NAMESPACE]: en },
} as const;
