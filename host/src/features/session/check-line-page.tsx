import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { testIds } from '@member/shared-core';
import { prefixAtom } from '../../core/base/boot-state';
import { withPrefix } from '../../core/base/with-prefix';
import { lineCallbackAtom } from './line-callback';
import { SiteBrand } from '../../core/base/screens';

/** What the LINE callback concluded when it did not log the member in. */
export interface LineCheckResult {
  check: true;
  status: false;
  accounts: false;
  error?: 'session';
}

type Outcome = { kind: 'working' } | { kind: 'refused'; result: LineCheckResult; messageKey: string };

/** `/check/line`: LINE sends the browser back here with `code` and `state`, or with `error`; the flow is `lineCallbackAtom`'s. */
export function CheckLinePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const prefix = useAtomValue(prefixAtom);
  const navigate = useNavigate();
  const lineCallback = useSetAtom(lineCallbackAtom);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !prefix) return;
    started.current = true;
    void lineCallback({ code: params.get('code'), state: params.get('state'), error: params.get('error') }).then((result) => {
      if (result.kind === 'go') {
        navigate(withPrefix(result.path, prefix), { replace: true });
        return;
      }
      setOutcome({
        kind: 'refused',
        messageKey: result.messageKey,
        result: { check: true, status: false, accounts: false, ...(result.error ? { error: result.error } : {}) },
      });
    });
  }, [params, prefix, navigate, lineCallback]);

  // Whose site, and what is happening: the page LINE sends the member back to is drawn in the HTML this way.
  if (outcome.kind === 'working') {
    return (
      <main className="host-screen" data-testid={testIds.lineCheckWorking}>
        <SiteBrand />
        <span className="host-spinner host-screen__spinner" aria-hidden="true" />
        <div role="status">
          <h1 className="host-screen__title">{t('checkLine.checking')}</h1>
        </div>
      </main>
    );
  }
  return (
    <main className="host-screen" data-testid={testIds.lineCheckResult} data-error={outcome.result.error ?? ''}>
      <SiteBrand />
      <h1 className="host-screen__title" role="alert">
        {t(outcome.messageKey)}
      </h1>
      <a className="host-btn" href={withPrefix('/login', prefix)}>
        {t('checkLine.backToLogin')}
      </a>
    </main>
  );
}
