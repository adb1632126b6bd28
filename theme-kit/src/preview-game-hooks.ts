import { useState } from 'react';
import { useTranslation } from '@member/shared-core';
import { useSite } from '@member/shared-core';
import type { GameAccountsModel, GameAccountView, GamePasswordModel } from '@member/shared-core';
import type { Service } from '@member/shared-core';
import { usePreviewChangePassword, useLater } from './preview-hooks';

/**
 * The host's game-account hooks for the standalone preview and the tests: two believable accounts, switches and
 * refreshes that take a moment and then succeed, no network.
 */

interface PreviewAccount {
  service: Service;
  /** Added to the brand prefix to make the game user, as the operator names them (pre8u1001). */
  suffix: string;
  password: string;
  balance: number;
}

export const PREVIEW_GAME_ACCOUNTS: readonly PreviewAccount[] = [
  { service: 'UFA', suffix: 'u1001', password: 'Ufa48213', balance: 8250 },
  { service: 'GCLUB', suffix: 'g1001', password: 'Gc7719pk', balance: 1520.5 },
];

/** A fixed "last updated" so pictures and tests do not change with the clock. */
export const PREVIEW_BALANCE_TIME = '2025-03-14T07:05:00.000Z';

/** Selected, other and main as the host derives them from the list. */
export function deriveGameAccounts(accounts: readonly GameAccountView[]): Pick<GameAccountsModel, 'selected' | 'other' | 'main'> {
  return {
    selected: accounts.find((a) => a.selected) ?? null,
    other: accounts.find((a) => !a.selected) ?? null,
    main: accounts.find((a) => a.main) ?? null,
  };
}

export function usePreviewGameAccounts(): GameAccountsModel {
  const { t } = useTranslation();
  const { prefix } = useSite();
  const [later, laterMain, laterRefresh] = [useLater(), useLater(), useLater()];
  const [selected, setSelected] = useState<Service>('UFA');
  const [main, setMain] = useState<Service>('UFA');
  const [updatedAt, setUpdatedAt] = useState(PREVIEW_BALANCE_TIME);
  const [loading, setLoading] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [switchingMain, setSwitchingMain] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const accounts: GameAccountView[] = PREVIEW_GAME_ACCOUNTS.map((a) => ({
    service: a.service,
    gameuser: `${prefix}${a.suffix}`,
    password: a.password,
    main: a.service === main,
    generate: false,
    selected: a.service === selected,
    balance: a.balance,
    balanceUpdatedAt: updatedAt,
    balanceLoading: loading,
    logged: true,
    maintain: false,
    balanceFailed: false,
  }));
  const flip = (service: Service): Service => (service === 'UFA' ? 'GCLUB' : 'UFA');
  return {
    accounts,
    ...deriveGameAccounts(accounts),
    switchAccount: () => {
      setSwitching(true);
      setNotice(null);
      later(() => {
        setSwitching(false);
        setSelected(flip);
      });
    },
    switching,
    switchMain: () => {
      setSwitchingMain(true);
      setNotice(null);
      laterMain(() => {
        setSwitchingMain(false);
        setMain(flip);
        setNotice('games.mainSwitched');
      });
    },
    switchingMain,
    refreshBalances: () => {
      setLoading(true);
      laterRefresh(() => {
        setLoading(false);
        setUpdatedAt(new Date().toISOString());
      });
    },
    error: null,
    notice: notice ? t(notice) : null,
  };
}

/** The account password form of the preview, with the account to change chosen (UFA, the selected one, at first). */
export function usePreviewGamePassword(): GamePasswordModel {
  const form = usePreviewChangePassword();
  const [service, setService] = useState<Service>('UFA');
  return { ...form, service, setService };
}
