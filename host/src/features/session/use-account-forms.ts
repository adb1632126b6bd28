import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { type ChangePasswordModel, type ConnectPhoneModel, type LineConnectModel } from '@member/shared-core';
import { checkSafeUrl } from '@member/shared-core/helpers/safe-url';
import { formatPhone } from '@member/shared-core/helpers/format';
import { phoneInput } from '@member/shared-core/helpers/digits';
import { generateLineState } from '@member/shared-core/helpers/line-state';
import { isApiError } from '../../core/api/api-error';
import { prefixAtom, runtimeConfigAtom } from '../../core/base/boot-state';
import { sessionAtom, setLineConnectErrorAtom, updateMemberPhoneAtom, updateProfileAtom } from '../../core/base/session-state';
import { unauthorizedLogoutAtom } from './logout';
import { errorKeyOf } from './session-actions';
import { readToken, rememberLineState } from '../../core/base/session-cookies';
import { validatePhoneConnect } from '@member/shared-core/helpers/password-validation';
import { useFormState } from '../../core/base/form-state';
import { usePasswordChange } from '../../core/base/use-password-change';
import { callApi } from '../../core/api/api';

/** Runs a member call with the live token; a 401 ends the session once. */
async function withToken<T>(
  handleUnauthorized: () => Promise<void>,
  prefix: string | null,
  call: (token: string) => Promise<T>,
): Promise<T | null> {
  const token = prefix ? readToken(prefix) : null;
  if (!token) {
    await handleUnauthorized();
    return null;
  }
  try {
    return await call(token);
  } catch (error) {
    if (isApiError(error) && error.kind === 'unauthorized') {
      await handleUnauthorized();
      return null;
    }
    throw error;
  }
}

export function useChangePassword(): ChangePasswordModel {
  const prefix = useAtomValue(prefixAtom);
  const handleUnauthorized = useSetAtom(unauthorizedLogoutAtom);
  const { fields, submit } = usePasswordChange(async (oldPassword, newPassword) => {
    try {
      const reply = await withToken(handleUnauthorized, prefix, (token) =>
        callApi('changePassword', { token, password: newPassword, oldpassword: oldPassword }),
      );
      if (reply === null) return null;
      return reply.status ? true : 'info.errors.changeFailed';
    } catch (error) {
      return errorKeyOf(error);
    }
  });
  return { ...fields, submit: () => submit() };
}

export function useConnectPhone(): ConnectPhoneModel {
  const prefix = useAtomValue(prefixAtom);
  const handleUnauthorized = useSetAtom(unauthorizedLogoutAtom);
  const session = useAtomValue(sessionAtom);
  const updateProfile = useSetAtom(updateProfileAtom);
  const updatePhone = useSetAtom(updateMemberPhoneAtom);
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const form = useFormState<'phone' | 'password'>();

  const submit = () => {
    setDone(false);
    form.setErrorKey(null);
    const errors = validatePhoneConnect(phone, password);
    form.setFieldKeys(errors);
    if (Object.keys(errors).length > 0) return;
    void form.run(async () => {
      try {
        const reply = await withToken(handleUnauthorized, prefix, (token) => callApi('phoneConnect', { token, phone, password }));
        if (reply === null) return;
        if (reply.status) {
          updateProfile({ phoneConnect: true });
          updatePhone(reply.phone ?? phone);
          setDone(true);
          setPassword('');
        } else form.setServerRefusal(reply, 'info.errors.connectPhoneFailed');
      } catch (error) {
        form.setErrorKey(errorKeyOf(error));
      }
    });
  };

  const connected = session.profile?.phoneConnect ? (session.memberInfo?.phone ?? '') : '';
  return {
    phone,
    password,
    setPhone: (v) => {
      setPhone(phoneInput(v));
      form.clearField('phone');
    },
    setPassword: (v) => {
      setPassword(v);
      form.clearField('password');
    },
    submit,
    pending: form.pending,
    done,
    connectedPhone: connected ? formatPhone(connected) : null,
    ...form.errors,
  };
}

export function useLineConnect(): LineConnectModel {
  const prefix = useAtomValue(prefixAtom);
  const handleUnauthorized = useSetAtom(unauthorizedLogoutAtom);
  const config = useAtomValue(runtimeConfigAtom);
  const session = useAtomValue(sessionAtom);
  const setFailed = useSetAtom(setLineConnectErrorAtom);
  const form = useFormState<never>();

  const start = () => {
    if (!prefix) return;
    form.setErrorKey(null);
    void form.run(async () => {
      const state = generateLineState(prefix);
      rememberLineState(state, 'connect');
      try {
        const reply = await withToken(handleUnauthorized, prefix, (token) =>
          callApi('lineConnect', { state, token, dot: window.location.origin }),
        );
        if (reply === null) return;
        const target = checkSafeUrl(reply.link, config?.allowedOrigins ?? []);
        if (reply.status && target.ok) {
          window.location.assign(target.url);
          return;
        }
        setFailed(true);
        form.setErrorKey('info.errors.lineConnectFailed');
      } catch (error) {
        setFailed(true);
        form.setErrorKey(errorKeyOf(error));
      }
    });
  };

  return {
    connected: session.profile?.lineConnect === true,
    failed: session.errorLineConnect,
    pending: form.pending,
    error: form.errors.error,
    start,
  };
}
