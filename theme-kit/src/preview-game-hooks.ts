import { useState } from 'react';
import { useTranslation } from '@member/shared-core';
import { useGameAccounts, useSite } from '@member/shared-core';
import type { GameAccountsModel, GamePasswordModel } from '@member/shared-core';
import {
  accountRoles,
  defaultService,
  gameAccountView,
  mainSwitchUnderWay,
  switchMainText,
  type MainSwitchStatus,
} from '@member/shared-core/accounts/account-rules';
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

/** The preview's accounts in the server's shape: which one is main is the preview's state. */
const serverRecords = (prefix: string, main: Service) =>
  PREVIEW_GAME_ACCOUNTS.map((a) => ({
    game_user: `${prefix}${a.suffix}`,
    game_password: a.password,
    service: a.service,
    main: a.service === main,
    generate: false,
  }));

export function usePreviewGameAccounts(): GameAccountsModel {
  const { t } = useTranslation();
  const { prefix } = useSite();
  const [later, laterMain, laterRefresh] = [useLater(), useLater(), useLater()];
  const [selected, setSelected] = useState(() =>
    defaultService(
      null,
      PREVIEW_GAME_ACCOUNTS.map((a) => a.service),
    ),
  );
  const [main, setMain] = useState<Service>('UFA');
  const [updatedAt, setUpdatedAt] = useState(PREVIEW_BALANCE_TIME);
  const [loading, setLoading] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [pressing, setPressing] = useState(false);
  const [pressedOnce, setPressedOnce] = useState(false);
  const [mainStatus, setMainStatus] = useState<MainSwitchStatus>('idle');
  const accounts = serverRecords(prefix, main).map((game, i) =>
    gameAccountView(game, selected, {
      logged: true,
      maintain: false,
      balance: PREVIEW_GAME_ACCOUNTS[i]!.balance,
      updatedAt,
      loading,
      failed: false,
    }),
  );
  const roles = accountRoles(accounts);
  const switchingMain = mainSwitchUnderWay(pressing, mainStatus);
  const [errorKey, noticeKey] = switchMainText(mainStatus, pressedOnce && !pressing);
  return {
    accounts,
    ...roles,
    // The pretend server switches whatever is asked after a moment.
    switchAccount: () => {
      const { other } = roles;
      if (switching || !other) return;
      setSwitching(true);
      setPressedOnce(false);
      later(() => {
        setSwitching(false);
        setSelected(other.service);
      });
    },
    switching,
    switchMain: () => {
      const next = accounts.find((a) => !a.main);
      if (switchingMain || !next) return;
      setPressing(true);
      setPressedOnce(true);
      laterMain(() => {
        setPressing(false);
        setMain(next.service);
        setMainStatus('switched');
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
    error: errorKey ? t(errorKey) : null,
    notice: noticeKey ? t(noticeKey) : null,
  };
}

/** The account password form of the preview, for the account the member picks (the selected one at first). */
export function usePreviewGamePassword(): GamePasswordModel {
  const form = usePreviewChangePassword();
  const { selected } = useGameAccounts();
  const [service, setService] = useState<Service | null>(null);
  return { ...form, service: service ?? selected?.service ?? null, setService };
}
