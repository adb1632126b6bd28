import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { testIds, type Site } from '@member/shared-core';
import { bootStateAtom, prefixStatusAtom, siteConfigAtom } from './boot-state';
import { knownSites } from './known-sites';
import { isLoggedInAtom } from './session-state';
import { loadFailureText } from '@member/shared-core/load-failure';
import type { BootFailure } from '../config/load-boot-config';

/** Host-owned screens: shown when no theme is involved or none could load. Styled by host.css. */

export function BootLoading() {
  const { t } = useTranslation();
  return (
    <div className="host-screen" data-testid={testIds.bootLoading} role="status" aria-live="polite">
      <span className="host-spinner host-screen__spinner" aria-hidden="true" />
      <span className="host-visually-hidden">{t('app.loading')}</span>
    </div>
  );
}

/** The site's logo and name over a host screen, so a page of the host's own still says whose site it is. */
export function SiteBrand() {
  const site = useAtomValue(siteConfigAtom);
  if (!site) return null;
  return (
    <>
      <img className="host-brand__logo" src={site.brand.logo} alt="" width={96} height={96} />
      <p className="host-brand__name" data-testid={testIds.hostSiteBrand}>
        {site.brand.name}
      </p>
    </>
  );
}

/** What the 404 says under its title when the strings are missing, in the member's language. */
const NOT_FOUND_HELP = {
  th: 'ไม่พบหน้าที่คุณต้องการ ตรวจสอบลิงก์ที่ได้รับอีกครั้ง',
  en: 'The page you asked for does not exist. Check the link you were given.',
} as const;

/** A compass: the page with no club of its own, lost but with ways on. */
const COMPASS = 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18ZM15.5 8.5l-2 5-5 2 2-5Z';

/**
 * The 404 of an address that leads to no club (an unknown or refused prefix, a bare address): nobody's brand, in the
 * member's language, and the ways on there are: back where they came from, and to the clubs this device has opened.
 */
function NowhereNotFound({ title }: { title: ReactNode }) {
  const { t, i18n } = useTranslation();
  const boot = useAtomValue(bootStateAtom);
  const refused = useAtomValue(siteConfigAtom);
  const language = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'th';
  // Read after the first render: the server's drawing of this page has neither history nor storage.
  const [ways, setWays] = useState<{ back: boolean; sites: Site[] }>({ back: false, sites: [] });
  useEffect(() => {
    const sites = boot.phase === 'ready' ? knownSites(boot.sites.sites, refused?.key ?? null) : [];
    setWays({ back: window.history.length > 1, sites });
  }, [boot, refused]);
  return (
    <main className="host-screen host-not-found host-not-found--nowhere" lang={language}>
      <div className="host-not-found__card">
        <svg
          className="host-not-found__icon"
          viewBox="0 0 24 24"
          width="56"
          height="56"
          aria-hidden="true"
          focusable="false"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        >
          <path d={COMPASS} />
        </svg>
        {title}
        <p>{t('notFound.noSite', { defaultValue: NOT_FOUND_HELP[language] })}</p>
        {ways.sites.length > 0 ? (
          <nav className="host-not-found__sites" aria-label={t('notFound.remembered')}>
            <p className="host-not-found__sites-title">{t('notFound.remembered')}</p>
            {ways.sites.map((known) => (
              // A whole new load: the club of the address is resolved by the start, as on any first visit.
              <a
                key={known.key}
                className="host-btn"
                href={`/login?prefix=${encodeURIComponent(known.key)}`}
                data-testid={testIds.notFoundSite}
              >
                {t('notFound.goTo', { site: known.brand.name })}
              </a>
            ))}
          </nav>
        ) : null}
        {ways.back ? (
          <button
            type="button"
            className="host-btn host-btn--quiet"
            onClick={() => window.history.back()}
            data-testid={testIds.notFoundBackButton}
          >
            {t('notFound.back')}
          </button>
        ) : null}
      </div>
    </main>
  );
}

/**
 * The 404: the exact text 'Page Not Found: {path}'. On a known site, under its logo and name, in the member's
 * language, with the way back (the profile for a member, log-in for a guest). With no known site (an unknown or
 * refused prefix), nobody's brand, and the ways on that there are (NowhereNotFound).
 */
export function NotFound({ path }: { path: string }) {
  const { t } = useTranslation();
  const site = useAtomValue(siteConfigAtom);
  const prefixStatus = useAtomValue(prefixStatusAtom);
  const member = useAtomValue(isLoggedInAtom);
  const title = (
    <h1 className="host-screen__title" data-testid={testIds.notFound}>
      {t('notFound.message', { path })}
    </h1>
  );
  if (!site || prefixStatus === 'invalid') return <NowhereNotFound title={title} />;
  const back = member ? `/profile?prefix=${encodeURIComponent(site.key)}` : `/login?prefix=${encodeURIComponent(site.key)}`;
  return (
    <main className="host-screen host-not-found" data-site={site.key}>
      <SiteBrand />
      {title}
      <p>{t('notFound.help', { defaultValue: NOT_FOUND_HELP.th })}</p>
      <Link className="host-btn" to={back} replace data-testid={testIds.notFoundBack}>
        {t(member ? 'notFound.profile' : 'notFound.home')}
      </Link>
    </main>
  );
}

export function ConfigError({ failure }: { failure: BootFailure }) {
  const { t } = useTranslation();
  return (
    <main className="host-screen" data-testid={testIds.configError}>
      <h1 className="host-screen__title">{failure.kind === 'invalid' ? t('boot.configError') : t('boot.loadError')}</h1>
      {failure.kind === 'invalid' ? (
        <ul className="host-screen__problems">
          {failure.problems.map(({ field, problem }) => (
            <li key={`${field} ${problem}`}>{t('boot.configErrorField', { file: failure.file, field, problem })}</li>
          ))}
        </ul>
      ) : null}
      <p>{t('boot.configErrorHelp')}</p>
      <button type="button" className="host-btn" onClick={() => window.location.reload()}>
        {t('boot.retry')}
      </button>
    </main>
  );
}

/**
 * The host's own page for a page whose code could not be loaded, after its retry and a reload: the last link
 * of every fallback chain. Host CSS only, no remote; its text through i18next, or the fixed text of the
 * member's language when the strings themselves are missing.
 */
export function LoadFailurePage() {
  const { t, i18n } = useTranslation();
  const fixed = loadFailureText[(i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'th'];
  return (
    <main className="host-screen" data-testid={testIds.loadFailure}>
      <h1 className="host-screen__title" role="alert">
        {t('loadFailure.title', { defaultValue: fixed.title })}
      </h1>
      <p>{t('loadFailure.help', { defaultValue: fixed.help })}</p>
      <button type="button" className="host-btn" data-testid={testIds.loadFailureReload} onClick={() => window.location.reload()}>
        {t('loadFailure.reload', { defaultValue: fixed.reload })}
      </button>
    </main>
  );
}
