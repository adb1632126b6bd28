import { createContext, useContext } from 'react';
import type { TFunction } from 'i18next';
import type { Locale } from '../types/entities';

/**
 * What a page needs from the host's i18next: the bound `t` of the current language. Given through a
 * context of this singleton rather than react-i18next's, so neither i18next nor react-i18next has to be
 * shared with the remotes (a shared package is never tree-shaken).
 */
export interface Translator {
  t: TFunction;
  language: Locale;
}

export const TranslatorContext = createContext<Translator | null>(null);
TranslatorContext.displayName = 'Translator';

export function useTranslation(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation: no TranslatorContext above this component');
  return translator;
}
