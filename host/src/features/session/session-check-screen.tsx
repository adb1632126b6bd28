import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom } from 'jotai';
import { testIds } from '@member/shared-core';
import { prefixAtom } from '../../core/base/boot-state';
import { cancelSessionCheckAtom, sessionCheckAtom } from '../../core/base/session-state';
import { startSessionCheckAtom } from './start-session-check';
import { BootLoading, SiteBrand } from '../../core/base/screens';

function CloudOffIcon() {
  return (
    <svg
      className="host-session-check__icon"
      viewBox="0 0 24 24"
      width="40"
      height="40"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M7 18h10.5a4 4 0 0 0 .9-7.9A6 6 0 0 0 7.3 8.2 4.9 4.9 0 0 0 7 18Z" />
      <path d="M3 3l18 18" />
    </svg>
  );
}

/**
 * What a page shows while a stored session is being checked: the boot spinner; when the answer is slow, a notice
 * that it is still being checked, with a way to stop waiting; when the server does not answer, a notice that says
 * so, that the member is still logged in, and (once the retries gave up or the member stopped them) a Retry button.
 * Going back online retries by itself.
 */
export function SessionCheckScreen() {
  const { t } = useTranslation();
  const check = useAtomValue(sessionCheckAtom);
  const prefix = useAtomValue(prefixAtom);
  const retryButton = useRef<HTMLButtonElement>(null);
  const startSessionCheck = useSetAtom(startSessionCheckAtom);
  const cancel = useSetAtom(cancelSessionCheckAtom);
  const retry = useCallback(() => {
    if (prefix) void startSessionCheck(prefix);
  }, [prefix, startSessionCheck]);
  const unreachable = check.phase === 'unreachable';

  useEffect(() => {
    if (!unreachable) return;
    retryButton.current?.focus();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [unreachable, retry]);

  if (check.phase === 'idle') return <BootLoading />;
  const title = unreachable ? 'sessionCheck.unreachable' : check.phase === 'slow' ? 'sessionCheck.slow' : 'sessionCheck.retrying';
  return (
    <main className="host-screen host-session-check" data-testid={testIds.sessionCheckNotice} data-phase={check.phase}>
      <SiteBrand />
      {unreachable ? <CloudOffIcon /> : <span className="host-spinner host-screen__spinner" aria-hidden="true" />}
      <div role={unreachable ? 'alert' : 'status'} aria-live={unreachable ? 'assertive' : 'polite'} className="host-session-check__text">
        <h1 className="host-screen__title">{t(title)}</h1>
        {check.phase === 'slow' ? null : <p className="host-session-check__detail">{t(check.errorKey)}</p>}
      </div>
      <p className="host-session-check__kept">{t('sessionCheck.kept')}</p>
      {unreachable ? (
        <button ref={retryButton} type="button" className="host-btn" data-testid={testIds.sessionCheckRetry} onClick={retry}>
          {t('sessionCheck.retry')}
        </button>
      ) : (
        <button type="button" className="host-btn host-btn--quiet" data-testid={testIds.sessionCheckCancel} onClick={() => cancel()}>
          {t('sessionCheck.cancel')}
        </button>
      )}
    </main>
  );
}
