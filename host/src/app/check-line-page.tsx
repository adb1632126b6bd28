import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { testIds, validateLineState } from '@member/shared-core';
import { checkLineConnect } from '../api/calls/check-line-connect';
import { lineProfile } from '../api/calls/line-profile';
import { prefixAtom } from '../state/boot';
import { setLineConnectErrorAtom, updateProfileAtom } from '../state/session';
import { withPrefix } from '../bridge/with-prefix';
import { completeLogin } from '../session/session-actions';
import { readToken, takeLineState } from '../session/session-cookies';
import { rememberLineRegistration } from '../session/line-registration';
import { BootLoading } from './screens';

/** What the LINE callback concluded when it did not log the member in. */
export interface LineCheckResult {
  check: true;
  status: false;
  accounts: false;
  error?: 'session';
}

type Outcome = { kind: 'working' } | { kind: 'refused'; result: LineCheckResult; messageKey: string };

/** `/check/line`: LINE sends the browser back here with `code` and `state`, or with `error`. */
export function CheckLinePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const prefix = useAtomValue(prefixAtom);
  const navigate = useNavigate();
  const updateProfile = useSetAtom(updateProfileAtom);
  const setLineConnectError = useSetAtom(setLineConnectErrorAtom);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !prefix) return;
    started.current = true;
    const kept = takeLineState();
    const refuse = (messageKey: string, error?: 'session') =>
      setOutcome({ kind: 'refused', messageKey, result: { check: true, status: false, accounts: false, ...(error ? { error } : {}) } });
    if (params.get('error') !== null) {
      if (kept.intent === 'connect') setLineConnectError(true);
      refuse(kept.intent === 'connect' ? 'checkLine.connectCancelled' : 'checkLine.cancelled');
      return;
    }
    const check = validateLineState(params.get('state'), kept.state, prefix);
    const code = params.get('code');
    if (!check.ok || !code) {
      if (kept.intent === 'connect') setLineConnectError(true);
      refuse('checkLine.session', 'session');
      return;
    }
    void (async () => {
      try {
        if (kept.intent === 'connect') {
          const token = readToken(prefix);
          const reply = token ? await checkLineConnect({ token, code }) : { status: false };
          setLineConnectError(reply.status !== true);
          if (reply.status === true) updateProfile({ lineConnect: true });
          navigate(withPrefix('/info/lineAuthInfo', prefix), { replace: true });
          return;
        }
        const reply = await lineProfile({ prefix, code, dot: window.location.origin });
        if (reply.status === true && reply.accounts === false && reply.access_token) {
          rememberLineRegistration(prefix, reply.access_token);
          navigate(withPrefix('/register', prefix), { replace: true });
          return;
        }
        if (completeLogin(reply, 'line')) {
          navigate(withPrefix('/check/member', prefix), { replace: true });
          return;
        }
        refuse('checkLine.failed');
      } catch {
        refuse('checkLine.failed');
      }
    })();
  }, [params, prefix, navigate, updateProfile, setLineConnectError]);

  if (outcome.kind === 'working') return <BootLoading />;
  return (
    <main className="host-screen" data-testid={testIds.lineCheckResult} data-error={outcome.result.error ?? ''}>
      <h1 className="host-screen__title" role="alert">
        {t(outcome.messageKey)}
      </h1>
      <a className="host-btn" href={withPrefix('/login', prefix)}>
        {t('checkLine.backToLogin')}
      </a>
    </main>
  );
}
