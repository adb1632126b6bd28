import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@member/shared-core';
import { useActions, useSession } from '@member/shared-core';
import type {
  BankOption,
  ChangePasswordModel,
  ConnectPhoneModel,
  LineConnectModel,
  LoginFormModel,
  RegisterFlowModel,
  RegisterStep,
} from '@member/shared-core';
import { formatPhone } from '@member/shared-core/helpers/format';
import { validateLoginFields } from '@member/shared-core';
import { validatePasswordChange, validatePhoneConnect } from '@member/shared-core/helpers/password-validation';
import {
  accountNameInput,
  accountNumberInput,
  previousRegisterStep,
  validateRegisterStep1,
  validateRegisterStep2,
} from '@member/shared-core/helpers/register-validation';
import { BANK_CODES, type BankCode } from '@member/shared-core';

/**
 * The host's page hooks as the standalone preview and the tests need them: React state only, no network.
 * Forms check their fields like the host does and "succeed" after a short pause, so every state can be seen.
 */

/** Phone and password the preview's login form accepts; anything else shows the failure message. */
export const PREVIEW_LOGIN = { phone: '0812345678', password: 'demo1234' } as const;

/** How long the preview's pretend server takes to answer. */
export const PAUSE_MS = 600;

/** Runs one callback after a pause (a short one unless told); a new call replaces the pending one, unmounting cancels it. */
export function useLater() {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback((run: () => void, ms = PAUSE_MS) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(run, ms);
  }, []);
}

type Problems<F extends string> = Partial<Record<F, string | undefined>>;

/** Values, translated field errors, form error and pending flag of one form. */
function useFormState<F extends string>(initial: Record<F, string>) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<F, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const later = useLater();
  const setter = (field: F) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  /** Shows the problems (i18n keys) and answers whether the form may be sent. */
  const check = (problems: Problems<F>) => {
    const shown: Partial<Record<F, string>> = {};
    for (const [field, key] of Object.entries(problems) as Array<[F, string | undefined]>) if (key) shown[field] = t(key);
    setFieldErrors(shown);
    setError(null);
    return Object.keys(shown).length === 0;
  };
  /** Pending for a moment, then `done`. */
  const send = (done: () => void) => {
    setPending(true);
    later(() => {
      setPending(false);
      done();
    });
  };
  return { t, values, setter, fieldErrors, error, setError, pending, check, send };
}

/** The phone-and-password pair that logging in and connecting a phone share. */
function usePhonePassword() {
  const form = useFormState({ phone: '', password: '' });
  const { phone, password } = form.values;
  return { form, phone, password, fields: { phone, password, setPhone: form.setter('phone'), setPassword: form.setter('password') } };
}

export function usePreviewLoginForm(): LoginFormModel {
  const { navigate } = useActions();
  const { form, phone, password, fields } = usePhonePassword();
  const [linePending, setLinePending] = useState(false);
  const later = useLater();
  return {
    ...fields,
    submit: () => {
      if (!form.check(validateLoginFields(phone, password))) return;
      form.send(() => {
        if (phone === PREVIEW_LOGIN.phone && password === PREVIEW_LOGIN.password) navigate('/profile');
        else form.setError(form.t('login.errors.failed'));
      });
    },
    pending: form.pending,
    error: form.error,
    fieldErrors: form.fieldErrors,
    startLineLogin: () => {
      setLinePending(true);
      later(() => setLinePending(false));
    },
    linePending,
  };
}

export function usePreviewRegisterFlow(): RegisterFlowModel {
  const { navigate } = useActions();
  const [step, setStep] = useState<RegisterStep>(1);
  const form = useFormState({ phone: '', password: '', confirm: '', bankCode: '', accountNumber: '', accountName: '' });
  const v = form.values;
  const banks: BankOption[] = BANK_CODES.map((code) => ({ code, name: form.t(`banks.${code}`) }));
  const stepProblems = (): Problems<keyof typeof v> =>
    step === 1
      ? validateRegisterStep1(v.phone, v.password, v.confirm, false)
      : step === 2
        ? validateRegisterStep2(v.bankCode, v.accountNumber, v.accountName)
        : {};
  return {
    step,
    viaLine: false,
    phone: v.phone,
    password: v.password,
    confirm: v.confirm,
    bankCode: v.bankCode as BankCode | '',
    accountNumber: v.accountNumber,
    accountName: v.accountName,
    banks,
    setPhone: form.setter('phone'),
    setPassword: form.setter('password'),
    setConfirm: form.setter('confirm'),
    setBankCode: form.setter('bankCode'),
    setAccountNumber: (value) => form.setter('accountNumber')(accountNumberInput(value)),
    setAccountName: (value) => form.setter('accountName')(accountNameInput(value)),
    submit: () => {
      if (!form.check(stepProblems())) return;
      form.send(() => (step === 3 ? navigate('/profile') : setStep((step + 1) as RegisterStep)));
    },
    back: () => setStep(previousRegisterStep),
    pending: form.pending,
    error: form.error,
    fieldErrors: form.fieldErrors,
  };
}

export function usePreviewChangePassword(): ChangePasswordModel {
  const form = useFormState({ oldPassword: '', newPassword: '', confirm: '' });
  const [done, setDone] = useState(false);
  const { oldPassword, newPassword, confirm } = form.values;
  return {
    oldPassword,
    newPassword,
    confirm,
    setOldPassword: form.setter('oldPassword'),
    setNewPassword: form.setter('newPassword'),
    setConfirm: form.setter('confirm'),
    submit: () => {
      if (form.check(validatePasswordChange(oldPassword, newPassword, confirm))) form.send(() => setDone(true));
    },
    pending: form.pending,
    done,
    error: form.error,
    fieldErrors: form.fieldErrors,
  };
}

export function usePreviewConnectPhone(): ConnectPhoneModel {
  const session = useSession();
  const { form, phone, password, fields } = usePhonePassword();
  const [connected, setConnected] = useState<string | null>(
    session.profile?.phoneConnect && session.memberInfo ? session.memberInfo.phone : null,
  );
  const [done, setDone] = useState(false);
  return {
    ...fields,
    submit: () => {
      if (!form.check(validatePhoneConnect(phone, password))) return;
      form.send(() => {
        setConnected(phone);
        setDone(true);
      });
    },
    pending: form.pending,
    done,
    connectedPhone: connected === null ? null : formatPhone(connected),
    error: form.error,
    fieldErrors: form.fieldErrors,
  };
}

export function usePreviewLineConnect(): LineConnectModel {
  const session = useSession();
  const [connected, setConnected] = useState(session.profile?.lineConnect ?? false);
  const [pending, setPending] = useState(false);
  const later = useLater();
  return {
    connected,
    failed: false,
    pending,
    error: null,
    start: () => {
      setPending(true);
      later(() => {
        setPending(false);
        setConnected(true);
      });
    },
  };
}
