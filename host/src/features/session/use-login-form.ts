import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useStore } from 'jotai';
import { validateLoginFields, type LoginFormModel } from '@member/shared-core';
import { loadSessionActions } from './load-session-actions';
import { SLOW_ANSWER_MS } from '../../core/lib/slow-answer';
import { drawnFieldValue, drawnPhone, drawnRootAtom } from '../../core/lib/drawn-fields';
import type { ActionOutcome } from './session-actions';
import { phoneInput } from '@member/shared-core/helpers/digits';
import { LOGOUT_REASON_KEYS, logoutReasonAtom } from './logout-reason';

/** The login chunk did not arrive: said like any other connection failure, and the form keeps what was typed. */
const chunkFailed = (): ActionOutcome => ({ ok: false, messageKey: 'api.errors.offline' });

/** The login page's logic, once for every theme. */
export function useLoginForm(): LoginFormModel {
  const { t } = useTranslation();
  const store = useStore();
  // A drawn page's fields: what was typed before the app ran, read when it takes the page over (core/lib/drawn-fields.ts).
  const [phone, setPhone] = useState(() => drawnPhone(store.get(drawnRootAtom)));
  const [password, setPassword] = useState(() => drawnFieldValue(store.get(drawnRootAtom), 'password'));
  const [pending, setPending] = useState(false);
  const [linePending, setLinePending] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [fieldErrorKeys, setFieldErrorKeys] = useState<{ phone?: string; password?: string }>({});
  const inFlight = useRef(false);
  const controller = useRef<AbortController | null>(null);
  const [slow, setSlow] = useState(false);
  const logoutReason = useAtomValue(logoutReasonAtom);

  // And what was typed between that render and its commit, before React listened to the fields.
  useLayoutEffect(() => {
    const root = store.get(drawnRootAtom);
    const [typedPhone, typedPassword] = [drawnPhone(root), drawnFieldValue(root, 'password')];
    if (typedPhone) setPhone(typedPhone);
    if (typedPassword) setPassword(typedPassword);
  }, [store]);

  // A login still waiting after a few seconds says so: the server is slow, not down, and the member may stop waiting.
  useEffect(() => {
    if (!pending) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), SLOW_ANSWER_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  const submit = useCallback(() => {
    if (inFlight.current) return;
    const errors = validateLoginFields(phone, password);
    setFieldErrorKeys(errors);
    setErrorKey(null);
    if (errors.phone || errors.password) return;
    inFlight.current = true;
    setPending(true);
    const attempt = new AbortController();
    controller.current = attempt;
    loadSessionActions()
      .then((actions) => store.set(actions.submitPhoneLoginAtom, phone, password, attempt.signal), chunkFailed)
      .then((outcome) => {
        if (!outcome.ok) setErrorKey(outcome.messageKey);
      })
      .finally(() => {
        inFlight.current = false;
        if (controller.current === attempt) controller.current = null;
        setPending(false);
      });
  }, [phone, password, store]);

  const cancel = useCallback(() => controller.current?.abort(), []);

  const beginLine = useCallback(() => {
    if (linePending) return;
    setLinePending(true);
    setErrorKey(null);
    loadSessionActions()
      .then((actions) => store.set(actions.startLineLoginAtom), chunkFailed)
      .then((outcome) => {
        if (!outcome.ok) {
          setErrorKey(outcome.messageKey);
          setLinePending(false);
        }
      });
  }, [linePending, store]);

  return {
    phone,
    password,
    setPhone: (value) => {
      // Whatever a theme's field hands on (Thai digits, a +66 number), the login sends the national digits.
      setPhone(phoneInput(value));
      if (fieldErrorKeys.phone) setFieldErrorKeys((e) => ({ ...e, phone: undefined }));
    },
    setPassword: (value) => {
      setPassword(value);
      if (fieldErrorKeys.password) setFieldErrorKeys((e) => ({ ...e, password: undefined }));
    },
    submit,
    pending,
    slow: pending && slow,
    cancel,
    error: errorKey ? t(errorKey) : null,
    fieldErrors: {
      phone: fieldErrorKeys.phone ? t(fieldErrorKeys.phone) : undefined,
      password: fieldErrorKeys.password ? t(fieldErrorKeys.password) : undefined,
    },
    startLineLogin: beginLine,
    linePending,
    notice: logoutReason ? t(LOGOUT_REASON_KEYS[logoutReason]) : null,
  };
}
