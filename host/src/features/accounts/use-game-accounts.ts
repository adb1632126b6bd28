import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom } from 'jotai';
import type { GameAccountsModel, GamePasswordModel, Service } from '@member/shared-core';
import { mainSwitchUnderWay, switchMainText } from '@member/shared-core/accounts/account-rules';
import { gameAccountsAtom, mainAccountAtom, mainSwitchStatusAtom, otherAccountAtom, selectedAccountAtom } from './state';
import { changeGamePasswordAtom, refreshAllBalancesAtom, switchAccountAtom, switchMainAtom } from './game-actions';
import { usePasswordChange } from '../../core/base/use-password-change';

export function useGameAccounts(): GameAccountsModel {
  const { t } = useTranslation();
  const accounts = useAtomValue(gameAccountsAtom);
  const selected = useAtomValue(selectedAccountAtom);
  const other = useAtomValue(otherAccountAtom);
  const main = useAtomValue(mainAccountAtom);
  const switchAccount = useSetAtom(switchAccountAtom);
  const switchMain = useSetAtom(switchMainAtom);
  const refreshAllBalances = useSetAtom(refreshAllBalancesAtom);
  const [switching, setSwitching] = useState(false);
  const [pressing, setPressing] = useState(false);
  const [pressedOnce, setPressedOnce] = useState(false);
  const status = useAtomValue(mainSwitchStatusAtom);
  const switchingMain = mainSwitchUnderWay(pressing, status);
  const [errorKey, noticeKey] = switchMainText(status, pressedOnce && !pressing);

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
      setPressedOnce(false);
      void switchAccount().finally(() => setSwitching(false));
    },
    switchMain: () => {
      if (switchingMain || accounts.length < 2) return;
      setPressing(true);
      setPressedOnce(true);
      void switchMain().finally(() => setPressing(false));
    },
    refreshBalances: () => void refreshAllBalances(),
  };
}

export function useGamePassword(): GamePasswordModel {
  const selected = useAtomValue(selectedAccountAtom);
  const changeGamePassword = useSetAtom(changeGamePasswordAtom);
  const [service, setService] = useState<Service | null>(null);
  const target = service ?? selected?.service ?? null;
  const { fields, submit, setDone } = usePasswordChange(async (oldPassword, newPassword) => {
    if (!target) return null;
    const outcome = await changeGamePassword(target, oldPassword, newPassword);
    if (outcome === 'changed') return true;
    return outcome === 'wrong-old'
      ? 'games.errors.wrongOldPassword'
      : outcome === 'checking'
        ? 'games.errors.passwordUnknown'
        : 'games.errors.passwordFailed';
  });
  return {
    ...fields,
    service: target,
    setService: (value) => {
      setService(value);
      setDone(false);
    },
    submit: () => submit(target !== null),
  };
}
