export type { Messages } from './en';
export { TranslatorContext, useTranslation, type Translator } from './translation';

export const I18N_NAMESPACE = 'translation';
