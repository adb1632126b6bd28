import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom } from 'jotai';
import { type ProductEntry, type ProductsModel, type UfaGameKey } from '@member/shared-core';
import { GCLUB_PRODUCT_CALLS } from '@member/shared-core/games/products';
import { gameAccountsAtom } from '../accounts/state';
import { openProductAtom } from './lobby-actions';

const UFA_KEYS: readonly UfaGameKey[] = ['casino', 'games', 'lottery', 'gamecock', 'muaystep', 'esport', 'card', 'fish', 'slot', 'itpslot'];

const ERRORS: Record<string, string> = {
  refused: 'lobby.errors.refused',
  failed: 'lobby.errors.launchFailed',
  'no-account': 'lobby.errors.noAccount',
};

/** The products the layouts' menus offer: GCLUB's open calls and UFA's games, for the accounts the member has. */
export function useProducts(): ProductsModel {
  const { t } = useTranslation();
  const accounts = useAtomValue(gameAccountsAtom);
  const openProduct = useSetAtom(openProductAtom);
  const [openingKey, setOpeningKey] = useState<string | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const hasGclub = accounts.some((a) => a.service === 'GCLUB');
  const hasUfa = accounts.some((a) => a.service === 'UFA');

  const products = useMemo<ProductEntry[]>(
    () => [
      ...(hasGclub ? GCLUB_PRODUCT_CALLS.map((call) => ({ key: call, label: t(`products.${call}`), provider: 'GCLUB' as const })) : []),
      ...(hasUfa ? UFA_KEYS.map((key) => ({ key: `ufa:${key}`, label: t(`products.ufa.${key}`), provider: 'UFA' as const })) : []),
    ],
    [hasGclub, hasUfa, t],
  );

  return {
    products,
    openingKey,
    error: errorKey ? t(errorKey) : null,
    open: (key) => {
      if (openingKey) return;
      setOpeningKey(key);
      setErrorKey(null);
      void openProduct(key)
        .then((outcome) => setErrorKey(ERRORS[outcome] ?? null))
        .finally(() => setOpeningKey(null));
    },
  };
}
