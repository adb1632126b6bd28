import { useTranslation } from 'react-i18next';
import { testIds } from '@member/shared-core';
import type { BootFailure } from '../config/load-boot-config';

/** Host-owned screens: shown when no theme is involved or none could load. Styled by host.css. */

export function BootLoading() {
  const { t } = useTranslation();
  return (
    <div className="host-screen" data-testid={testIds.bootLoading} role="status" aria-live="polite">
      <span className="mc-spinner host-screen__spinner" aria-hidden="true" />
      <span className="mc-visually-hidden">{t('app.loading')}</span>
    </div>
  );
}

/** SPEC §2's exact text, in both languages. */
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
        <p>
          {t('boot.configErrorField', { file: failure.file, field: failure.field, problem: failure.problem })}
        </p>
      ) : null}
      <p>{t('boot.configErrorHelp')}</p>
      <button type="button" className="mc-btn mc-btn--primary" onClick={() => window.location.reload()}>
        {t('boot.retry')}
      </button>
    </main>
  );
}

/** Last link of the fallback chain: chosen theme → default theme → this. */
export function BuiltInPage() {
  const { t } = useTranslation();
  return (
    <main className="host-screen">
      <p className="host-screen__title" role="alert">
        {t('fallback.builtIn')}
      </p>
      <button type="button" className="mc-btn mc-btn--primary" onClick={() => window.location.reload()}>
        {t('fallback.reload')}
      </button>
    </main>
  );
}
