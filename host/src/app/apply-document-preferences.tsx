import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import i18next from 'i18next';
import { changeLocale } from '../i18n/init-i18n';
import { localeAtom, schemeAtom } from '../core/preferences';
import { siteConfigAtom } from '../core/boot-state';

/** Mirrors language and scheme onto the document: `lang`, `data-theme`, the site's css name and icon. */
export function ApplyDocumentPreferences() {
  const locale = useAtomValue(localeAtom);
  const scheme = useAtomValue(schemeAtom);
  const site = useAtomValue(siteConfigAtom);
  useEffect(() => {
    // `lang` names the language on screen, so it changes when the strings do, not when they are asked for.
    if (i18next.language === locale) document.documentElement.lang = locale;
    changeLocale(locale).then(
      (shown) => {
        if (shown) document.documentElement.lang = locale;
      },
      (error: unknown) => console.warn('[i18n] locale load failed', error),
    );
  }, [locale]);
  useEffect(() => {
    document.documentElement.dataset.theme = scheme;
    document.documentElement.style.colorScheme = scheme;
  }, [scheme]);
  useEffect(() => {
    if (site) document.documentElement.dataset.siteCss = site.css;
  }, [site]);
  // The tab carries the brand's icon (the title stays 'Member'): the site's logo, a checked path of sites.json.
  useEffect(() => {
    if (!site?.logo) return;
    const icon = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]') ?? document.head.appendChild(document.createElement('link'));
    icon.rel = 'icon';
    icon.href = site.logo;
  }, [site]);
  return null;
}
