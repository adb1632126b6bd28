import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import i18next from 'i18next';
import { changeLocale } from '../../core/i18n/init-i18n';
import { localeAtom, schemeAtom } from '../../core/base/preferences';
import { siteConfigAtom } from '../../core/base/boot-state';
import { APP_THEME_COLOR_TOKEN, webAppManifestPath, webAppTouchIconPath } from '@member/shared-core/web-app/app-colors';

/**
 * The head element `selector` finds, or a new one of `tag`, given its attributes by `set` before it goes in: Chromium
 * takes a manifest link for the page's only when it is inserted with its rel and href (a later change of its href is
 * seen, a rel set after insertion is not, and the site would never be offered for installation).
 */
function headElement<T extends HTMLElement>(selector: string, tag: string, set: (element: T) => void): T {
  const found = document.head.querySelector<T>(selector);
  if (found) {
    set(found);
    return found;
  }
  const element = document.createElement(tag) as T;
  set(element);
  return document.head.appendChild(element);
}

/**
 * Mirrors language and scheme onto the document: `lang`, `data-theme`, the site's css name and icon; and links the
 * site's web app manifest in the member's language, with the bar colour of the scheme shown.
 */
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
    if (site) document.documentElement.dataset.siteCss = site.flavour;
  }, [site]);
  // The tab carries the brand's icon (the title stays 'Member'): the site's logo, a checked path of sites.json.
  useEffect(() => {
    if (!site?.brand.logo) return;
    const logo = site.brand.logo;
    headElement<HTMLLinkElement>('link[rel="icon"]', 'link', (icon) => {
      icon.rel = 'icon';
      icon.href = logo;
    });
  }, [site]);
  // The site's own app (the server writes one manifest per site and language from sites.json): linked once the site is
  // known, so the browser can offer to install this brand and no other; the member's language names it.
  useEffect(() => {
    if (!site) return;
    headElement<HTMLLinkElement>('link[rel="manifest"]', 'link', (link) => {
      link.rel = 'manifest';
      link.href = webAppManifestPath(site.key, locale);
    });
    headElement<HTMLLinkElement>('link[rel="apple-touch-icon"]', 'link', (link) => {
      link.rel = 'apple-touch-icon';
      link.href = webAppTouchIconPath(site.key);
    });
  }, [site, locale]);
  useThemeColor();
  return null;
}

/**
 * The browser's bar (and an installed app's title or status bar) in the colour of the scheme on screen. The manifest
 * holds the site's first scheme only, and the member may have switched to the other: the page's
 * `<meta name="theme-color">` wins over it. Read from the tokens the theme drawing the page lends the document
 * (data-page-theme), again when the scheme, the flavour or the theme changes, or a stylesheet arrives.
 */
function useThemeColor(): void {
  useEffect(() => {
    const root = document.documentElement;
    const meta = headElement<HTMLMetaElement>('meta[name="theme-color"]', 'meta', (element) => {
      element.name = 'theme-color';
    });
    const update = () => {
      const color = getComputedStyle(root).getPropertyValue(APP_THEME_COLOR_TOKEN).trim();
      if (color && meta.content !== color) meta.content = color;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(root, { attributes: true, attributeFilter: ['data-page-theme', 'data-theme', 'data-site-css'] });
    const onLoad = (event: Event) => {
      if (event.target instanceof HTMLLinkElement && event.target.rel === 'stylesheet') update();
    };
    document.addEventListener('load', onLoad, true);
    return () => {
      observer.disconnect();
      document.removeEventListener('load', onLoad, true);
    };
  }, []);
}
