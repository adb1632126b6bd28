import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom } from 'jotai';
import { BANK_CODES, type BankCode, type RegisterFlowModel, type RegisterStep } from '@member/shared-core';
import { registerStep1 } from './api/register-step1';
import { registerStep2 } from './api/register-step2';
import { registerStep3 } from './api/register-step3';
import { session as sessionStore } from '../lib/safe-storage';
import { navigateTo } from '../lib/navigation';
import { prefixAtom } from '../core/boot-state';
import { completeLoginAtom, errorKeyOf } from './session-actions';
import { readAffiliate } from '../core/session-cookies';
import { forgetLineRegistration, readLineRegistration, REGISTER_FLOW_KEY } from './line-registration';
import { MIN_PASSWORD_LENGTH, PHONE_PATTERN, useFormState } from '../core/form-state';
import { withPrefix } from '../core/with-prefix';

type Field = 'phone' | 'password' | 'confirm' | 'bankCode' | 'accountNumber' | 'accountName';

/** What survives a reload mid-registration (never the password). */
interface Saved {
  step: RegisterStep;
  phone: string;
  bankCode: BankCode | '';
  accountNumber: string;
  accountName: string;
  registerToken: string | null;
}

const storageKey = (prefix: string) => `${REGISTER_FLOW_KEY}${prefix}`;
const EMPTY: Saved = { step: 1, phone: '', bankCode: '', accountNumber: '', accountName: '', registerToken: null };

function load(prefix: string | null): Saved {
  if (!prefix) return EMPTY;
  try {
    const saved = JSON.parse(sessionStore.get(storageKey(prefix)) ?? 'null') as Saved | null;
    return saved && saved.registerToken ? { ...EMPTY, ...saved } : EMPTY;
  } catch {
    return EMPTY;
  }
}

export function validateStep1(phone: string, password: string, confirm: string, viaLine: boolean) {
  const errors: Partial<Record<Field, string>> = {};
  if (!PHONE_PATTERN.test(phone)) errors.phone = phone === '' ? 'login.errors.phoneRequired' : 'login.errors.phoneFormat';
  if (!viaLine) {
    if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'register.errors.passwordShort';
    else if (confirm !== password) errors.confirm = 'register.errors.confirmMismatch';
  }
  return errors;
}

export function validateStep2(bankCode: string, accountNumber: string, accountName: string) {
  const errors: Partial<Record<Field, string>> = {};
  if (!(BANK_CODES as readonly string[]).includes(bankCode)) errors.bankCode = 'register.errors.bankRequired';
  if (!/^(\d{10}|\d{12})$/.test(accountNumber)) errors.accountNumber = 'register.errors.accountNumber';
  const name = accountName.trim();
  if (name.length < 2 || name.length > 100) errors.accountName = 'register.errors.accountName';
  return errors;
}

export function useRegisterFlow(): RegisterFlowModel {
  const { t } = useTranslation();
  const prefix = useAtomValue(prefixAtom);
  const completeLogin = useSetAtom(completeLoginAtom);
  const [saved, setSaved] = useState<Saved>(() => load(prefix));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useFormState<Field>();
  const lineToken = prefix ? readLineRegistration(prefix) : null;

  useEffect(() => {
    if (prefix) sessionStore.set(storageKey(prefix), JSON.stringify(saved));
  }, [prefix, saved]);

  const banks = useMemo(() => BANK_CODES.map((code) => ({ code, name: t(`banks.${code}`) })), [t]);
  const patch = useCallback((next: Partial<Saved>) => setSaved((current) => ({ ...current, ...next })), []);

  const submit = () => {
    if (!prefix) return;
    form.setErrorKey(null);
    if (saved.step === 1) {
      const errors = validateStep1(saved.phone, password, confirm, lineToken !== null);
      form.setFieldKeys(errors);
      if (Object.keys(errors).length > 0) return;
      void form.run(async () => {
        try {
          const reply = await registerStep1({
            prefix,
            phone: saved.phone,
            password,
            ...(lineToken ? { line_token: lineToken } : {}),
            ...readAffiliate(prefix),
          });
          if (reply.status && reply.register_token) patch({ step: 2, registerToken: reply.register_token });
          else {
            form.setFieldKeys((reply as { fields?: Partial<Record<Field, string>> }).fields ?? {});
            form.setErrorKey(reply.message ?? 'register.errors.failed');
          }
        } catch (error) {
          form.setErrorKey(errorKeyOf(error));
        }
      });
      return;
    }
    if (saved.step === 2) {
      const errors = validateStep2(saved.bankCode, saved.accountNumber, saved.accountName);
      form.setFieldKeys(errors);
      if (Object.keys(errors).length > 0 || !saved.registerToken || saved.bankCode === '') return;
      const bankCode = saved.bankCode;
      const registerToken = saved.registerToken;
      void form.run(async () => {
        try {
          const reply = await registerStep2({ register_token: registerToken, bank_code: bankCode, account_number: saved.accountNumber, account_name: saved.accountName.trim() });
          if (reply.status) patch({ step: 3 });
          else {
            form.setFieldKeys((reply.fields ?? {}) as Partial<Record<Field, string>>);
            form.setErrorKey(reply.message ?? 'register.errors.failed');
          }
        } catch (error) {
          form.setErrorKey(errorKeyOf(error));
        }
      });
      return;
    }
    const registerToken = saved.registerToken;
    if (!registerToken) {
      patch({ step: 1 });
      return;
    }
    void form.run(async () => {
      try {
        const reply = await registerStep3({ register_token: registerToken });
        if (completeLogin(reply, lineToken ? 'line' : 'phone')) {
          sessionStore.remove(storageKey(prefix));
          forgetLineRegistration(prefix);
          navigateTo(withPrefix('/profile', prefix), { replace: true });
        } else {
          form.setErrorKey(reply.message ?? 'register.errors.failed');
        }
      } catch (error) {
        form.setErrorKey(errorKeyOf(error));
      }
    });
  };

  return {
    step: saved.step,
    viaLine: lineToken !== null,
    phone: saved.phone,
    password,
    confirm,
    bankCode: saved.bankCode,
    accountNumber: saved.accountNumber,
    accountName: saved.accountName,
    banks,
    setPhone: (value) => {
      patch({ phone: value });
      form.clearField('phone');
    },
    setPassword: (value) => {
      setPassword(value);
      form.clearField('password');
    },
    setConfirm: (value) => {
      setConfirm(value);
      form.clearField('confirm');
    },
    setBankCode: (value) => {
      patch({ bankCode: value });
      form.clearField('bankCode');
    },
    setAccountNumber: (value) => {
      patch({ accountNumber: value.replace(/\D/g, '').slice(0, 12) });
      form.clearField('accountNumber');
    },
    setAccountName: (value) => {
      patch({ accountName: value.slice(0, 100) });
      form.clearField('accountName');
    },
    submit,
    back: () => {
      form.setErrorKey(null);
      form.setFieldKeys({});
      // Going back to step 1 starts a new registration: the server's token is for the phone it was given.
      patch(saved.step === 3 ? { step: 2 } : { step: 1, registerToken: null });
    },
    pending: form.pending,
    ...form.errors,
  };
}
