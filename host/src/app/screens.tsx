import { useTranslation } from 'react-i18next';
import { testIds } from '@member/shared-core';
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

/** The exact text, in both languages. */
export function NotFound({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <main className="host-screen">
      <h1 className="host-screen__title" data-testid={testIds.notFound}>
        {t('notFound.message', { path })}
      </h1>
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
