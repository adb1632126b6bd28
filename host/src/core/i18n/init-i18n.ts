import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { I18N_NAMESPACE, type Locale } from '@member/shared-core';
import { chunkGuard, retryOnce } from '../lib/chunk-guard';

/**
 * Strings come in four chunks: per language, what a guest's first screens need and what every other
 * page needs. A guest on /login downloads only the first of their own language. Each is retried once.
 */
const loadGuest = (locale: Locale) =>
  retryOnce(() =>
    // Named chunks: index.html preloads the one of the member's language (rsbuild.config.ts).
    locale === 'en'
      ? import(/* webpackChunkName: "strings-en-guest" */ '@member/shared-core/i18n/en-guest').then((m) => m.enGuest)
      : import(/* webpackChunkName: "strings-th-guest" */ '@member/shared-core/i18n/th-guest').then((m) => m.thGuest),
  );
const loadMember = (locale: Locale) =>
  retryOnce(() =>
    // Named chunks: index.html preloads the one of the member's language for a stored session.
    locale === 'en'
      ? import(/* webpackChunkName: "strings-en-member" */ '@member/shared-core/i18n/en-member').then((m) => m.enMember)
      : import(/* webpackChunkName: "strings-th-member" */ '@member/shared-core/i18n/th-member').then((m) => m.thMember),
  );

const asLocale = (language: string | undefined): Locale => (language === 'en' ? 'en' : 'th');

// Not in the store: the loading state of the page's one i18next, whose string chunks load once and are read outside React.
/** Once a page beyond login has asked for the member strings, every language switched to brings them too. */
let memberStringsWanted = false;
/** Languages whose bundle holds the member strings as well. */
const complete = new Set<Locale>();
const completing = new Map<Locale, Promise<void>>();

/** i18next asks it for a language it has no bundle of: the guest strings; changeLocale adds the rest first when wanted. */
const chunkBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    loadGuest(asLocale(language)).then(
      (guest) => callback(null, guest),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * The host's one i18next instance. Remotes never see it: they read the bound `t` through the
 * contract's TranslatorContext. Thai and English have the same keys (a unit test checks), so no
 * fallback language is loaded beside the one in use. Resolves false when the strings could not be
 * loaded even on a second try (the instance is still set up, with no strings).
 */
export async function initI18n(locale: Locale): Promise<boolean> {
  if (!i18next.isInitialized) {
    await i18next
      .use(chunkBackend)
      .use(initReactI18next)
      .init({
        lng: locale,
        fallbackLng: false,
        supportedLngs: ['th', 'en'],
        load: 'currentOnly',
        ns: [I18N_NAMESPACE],
        defaultNS: I18N_NAMESPACE,
        interpolation: { escapeValue: false },
        returnNull: false,
      });
  }
  return i18next.hasResourceBundle(locale, I18N_NAMESPACE);
}

function completeBundle(locale: Locale): Promise<void> {
  if (complete.has(locale)) return Promise.resolve();
  let pending = completing.get(locale);
  if (!pending) {
    // Guest and member strings together: a bundle added here is one i18next will not ask the backend for again.
    pending = Promise.all([loadGuest(locale), loadMember(locale)])
      .then(([guest, member]) => {
        i18next.addResourceBundle(locale, I18N_NAMESPACE, { ...guest, ...member }, true, true);
        complete.add(locale);
      })
      .finally(() => completing.delete(locale));
    completing.set(locale, pending);
  }
  return pending;
}

/** Adds the strings of every page but login's to the language in use; resolves when they are there. */
export function loadMemberStrings(): Promise<void> {
  memberStringsWanted = true;
  return completeBundle(asLocale(i18next.resolvedLanguage ?? i18next.language));
}

// Not in the store: the page's one i18next switches language; this orders its switches, outside React.
/** The language last asked for: a switch that finishes loading after a later one must not show. */
let requested: Locale | undefined;

/** The guest strings of a language, added before i18next switches to it, so it never shows a language without them. */
async function guestBundle(locale: Locale): Promise<void> {
  if (i18next.hasResourceBundle(locale, I18N_NAMESPACE)) return;
  const guest = await loadGuest(locale);
  if (!i18next.hasResourceBundle(locale, I18N_NAMESPACE)) i18next.addResourceBundle(locale, I18N_NAMESPACE, guest, true, true);
}

/**
 * Switches language once the new one has every string the member may already need. Resolves true when
 * `locale` is the language shown, false when a later switch took over while this one was loading. The
 * member waits for the switch, so strings that do not load even on a second try go on to the reload and,
 * failing that, the built-in page; the language on screen never changes to one without its strings.
 */
export async function changeLocale(locale: Locale): Promise<boolean> {
  requested = locale;
  await (memberStringsWanted ? completeBundle(locale) : guestBundle(locale)).catch((error: unknown) => chunkGuard.escalate(error));
  if (requested !== locale) return false;
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
  return requested === locale;
}
