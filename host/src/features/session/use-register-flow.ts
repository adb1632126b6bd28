import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { BANK_CODES, type BankCode, type RegisterFlowModel, type RegisterStep } from '@member/shared-core';
import { session as sessionStore } from '../../core/lib/safe-storage';
import { navigateTo } from '../../core/lib/navigation';
import { prefixAtom } from '../../core/base/boot-state';
import { completeLoginAtom, errorKeyOf } from './session-actions';
import { readAffiliate } from '../../core/base/session-cookies';
import { forgetLineRegistration, readLineRegistration, REGISTER_FLOW_KEY } from './line-registration';
import { useFormState } from '../../core/base/form-state';
import {
  accountNameInput,
  accountNumberInput,
  previousRegisterStep,
  validateRegisterStep1,
  validateRegisterStep2,
} from '@member/shared-core/helpers/register-validation';
import { withPrefix } from '../../core/base/with-prefix';
import { drawnFieldValue, drawnPhone, drawnRootAtom } from '../../core/lib/drawn-fields';
import { phoneInput } from '@member/shared-core/helpers/digits';
import { callApi } from '../../core/api/api';

type Field = 'phone' | 'password' | 'confirm' | 'bankCode' | 'accountNumber' | 'accountName';

/** The API's names of the registration's fields, as the form names them. */
const FORM_FIELD_OF: Readonly<Record<string, Field>> = {
  phone: 'phone',
  password: 'password',
  bank_code: 'bankCode',
  account_number: 'accountNumber',
  account_name: 'accountName',
};

/** The server's reasons per field, on the form's fields (a reason for a field the form does not show is left to the form's line). */
function formFieldsOf(fields: Record<string, string> | undefined): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const [name, reason] of Object.entries(fields ?? {})) {
    const field = Object.hasOwn(FORM_FIELD_OF, name) ? FORM_FIELD_OF[name] : undefined;
    if (field && typeof reason === 'string') out[field] = reason;
  }
  return out;
}

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

export function useRegisterFlow(): RegisterFlowModel {
  const { t } = useTranslation();
  const prefix = useAtomValue(prefixAtom);
  const completeLogin = useSetAtom(completeLoginAtom);
  const store = useStore();
  // A drawn page's first step: what was typed before the app ran, read when it takes the page over (core/lib/drawn-fields.ts).
  const [saved, setSaved] = useState<Saved>(() => {
    const loaded = load(prefix);
    return loaded.step === 1 && !loaded.phone ? { ...loaded, phone: drawnPhone(store.get(drawnRootAtom)) } : loaded;
  });
  const [password, setPassword] = useState(() => drawnFieldValue(store.get(drawnRootAtom), 'password'));
  const [confirm, setConfirm] = useState(() => drawnFieldValue(store.get(drawnRootAtom), 'confirm'));
  const form = useFormState<Field>();
  const lineToken = prefix ? readLineRegistration(prefix) : null;

  // And what was typed between that render and its commit, before React listened to the fields.
  useLayoutEffect(() => {
    const root = store.get(drawnRootAtom);
    const [phone, typedPassword, typedConfirm] = [drawnPhone(root), drawnFieldValue(root, 'password'), drawnFieldValue(root, 'confirm')];
    if (phone) setSaved((current) => (current.step === 1 ? { ...current, phone } : current));
    if (typedPassword) setPassword(typedPassword);
    if (typedConfirm) setConfirm(typedConfirm);
  }, [store]);

  useEffect(() => {
    if (prefix) sessionStore.set(storageKey(prefix), JSON.stringify(saved));
  }, [prefix, saved]);

  const banks = useMemo(() => BANK_CODES.map((code) => ({ code, name: t(`banks.${code}`) })), [t]);
  const patch = useCallback((next: Partial<Saved>) => setSaved((current) => ({ ...current, ...next })), []);

  /** A refused step: the server's reasons next to their fields, its refusal in the member's language. */
  const refused = (reply: { code?: unknown; message?: unknown; fields?: Record<string, string> }) => {
    form.setServerFields(formFieldsOf(reply.fields));
    form.setServerRefusal(reply, 'register.errors.failed');
  };

  const submit = () => {
    if (!prefix) return;
    form.setErrorKey(null);
    if (saved.step === 1) {
      const errors = validateRegisterStep1(saved.phone, password, confirm, lineToken !== null);
      form.setFieldKeys(errors);
      if (Object.keys(errors).length > 0) return;
      void form.run(async () => {
        try {
          const reply = await callApi('registerStep1', {
            prefix,
            phone: saved.phone,
            password,
            ...(lineToken ? { line_token: lineToken } : {}),
            ...readAffiliate(prefix),
          });
          if (reply.status && reply.register_token) patch({ step: 2, registerToken: reply.register_token });
          else refused(reply);
        } catch (error) {
          form.setErrorKey(errorKeyOf(error));
        }
      });
      return;
    }
    if (saved.step === 2) {
      const errors = validateRegisterStep2(saved.bankCode, saved.accountNumber, saved.accountName);
      form.setFieldKeys(errors);
      if (Object.keys(errors).length > 0 || !saved.registerToken || saved.bankCode === '') return;
      const bankCode = saved.bankCode;
      const registerToken = saved.registerToken;
      void form.run(async () => {
        try {
          const reply = await callApi('registerStep2', {
            register_token: registerToken,
            bank_code: bankCode,
            account_number: saved.accountNumber,
            account_name: saved.accountName.trim(),
          });
          if (reply.status) patch({ step: 3 });
          else refused(reply);
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
        const reply = await callApi('registerStep3', { register_token: registerToken });
        if (completeLogin(reply, lineToken ? 'line' : 'phone')) {
          sessionStore.remove(storageKey(prefix));
          forgetLineRegistration(prefix);
          navigateTo(withPrefix('/profile', prefix), { replace: true });
        } else {
          refused(reply);
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
      // A theme's own field may hand on Thai digits or a +66 number: the flow keeps the national digits.
      patch({ phone: phoneInput(value) });
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
      patch({ accountNumber: accountNumberInput(value) });
      form.clearField('accountNumber');
    },
    setAccountName: (value) => {
      patch({ accountName: accountNameInput(value) });
      form.clearField('accountName');
    },
    submit,
    back: () => {
      form.setErrorKey(null);
      form.setFieldKeys({});
      const step = previousRegisterStep(saved.step);
      // Going back to step 1 starts a new registration: the server's token is for the phone it was given.
      patch(step === 1 ? { step, registerToken: null } : { step });
    },
    pending: form.pending,
    ...form.errors,
  };
}
