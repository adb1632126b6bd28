import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import type { GameAccountsModel, GamePasswordModel, Service } from '@member/shared-core';
import { gameAccountsAtom, mainAccountAtom, otherAccountAtom, selectedAccountAtom } from '../state/games';
import { changeGamePassword, refreshAllBalances, switchAccount, switchMain } from '../games/game-actions';
import { MIN_PASSWORD_LENGTH, useFormState } from './form-state';

export function useGameAccounts(): GameAccountsModel {
  const { t } = useTranslation();
  const accounts = useAtomValue(gameAccountsAtom);
  const selected = useAtomValue(selectedAccountAtom);
  const other = useAtomValue(otherAccountAtom);
  const main = useAtomValue(mainAccountAtom);
  const [switching, setSwitching] = useState(false);
  const [switchingMain, setSwitchingMain] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [noticeKey, setNoticeKey] = useState<string | null>(null);

  return {
    accounts,
    selected,
    other,
    main,
    switching,
    switchingMain,
    error: errorKey ? t(errorKey) : null,
    notice: noticeKey ? t(noticeKey) : null,
    switchAccount: () => {
      if (switching || !other) return;
      setSwitching(true);
      setErrorKey(null);
      setNoticeKey(null);
      void switchAccount().finally(() => setSwitching(false));
    },
    switchMain: () => {
      if (switchingMain || accounts.length < 2) return;
      setSwitchingMain(true);
      setErrorKey(null);
      setNoticeKey(null);
      void switchMain()
        .then((outcome) => {
          if (outcome === 'switched') setNoticeKey('games.mainSwitched');
          else setErrorKey(outcome === 'refused' ? 'games.errors.switchMainRefused' : 'games.errors.switchMainFailed');
        })
        .finally(() => setSwitchingMain(false));
    },
    refreshBalances: () => void refreshAllBalances(),
  };
}

type Field = 'oldPassword' | 'newPassword' | 'confirm';

export function useGamePassword(): GamePasswordModel {
  const selected = useAtomValue(selectedAccountAtom);
  const [service, setService] = useState<Service | null>(null);
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const form = useFormState<Field>();
  const target = service ?? selected?.service ?? null;

  const submit = () => {
    setDone(false);
    form.setErrorKey(null);
    const errors: Partial<Record<Field, string>> = {};
    if (oldPassword === '') errors.oldPassword = 'info.errors.oldRequired';
    if (newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = 'register.errors.passwordShort';
    else if (newPassword === oldPassword) errors.newPassword = 'info.errors.sameAsOld';
    if (confirm !== newPassword) errors.confirm = 'register.errors.confirmMismatch';
    form.setFieldKeys(errors);
    if (Object.keys(errors).length > 0 || !target) return;
    void form.run(async () => {
      const outcome = await changeGamePassword(target, oldPassword, newPassword);
      if (outcome === 'changed') {
        setDone(true);
        setOldPassword('');
        setNewPassword('');
        setConfirm('');
      } else form.setErrorKey(outcome === 'wrong-old' ? 'games.errors.wrongOldPassword' : 'games.errors.passwordFailed');
    });
  };

  return {
    service: target,
    setService: (value) => {
      setService(value);
      setDone(false);
    },
    oldPassword,
    newPassword,
    confirm,
    setOldPassword: (v) => {
      setOldPassword(v);
      form.clearField('oldPassword');
    },
    setNewPassword: (v) => {
      setNewPassword(v);
      form.clearField('newPassword');
    },
    setConfirm: (v) => {
      setConfirm(v);
      form.clearField('confirm');
    },
    submit,
    pending: form.pending,
    done,
    ...form.errors,
  };
}
