import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useSetAtom } from 'jotai';
import { type ProductEntry, type ProductsModel } from '@member/shared-core';
import { productEntries, providersOf } from '@member/shared-core/games/products';
import { LAUNCH_ERROR_KEYS } from '@member/shared-core/games/lobby-rules';
import { gameAccountsAtom } from '../accounts/state';
import { openProductAtom } from './lobby-actions';

/** The products the layouts' menus offer: GCLUB's open calls and UFA's games, for the accounts the member has. */
export function useProducts(): ProductsModel {
  const { t } = useTranslation();
  const accounts = useAtomValue(gameAccountsAtom);
  const openProduct = useSetAtom(openProductAtom);
  const [openingKey, setOpeningKey] = useState<string | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const { GCLUB, UFA } = providersOf(accounts);
  const products = useMemo<ProductEntry[]>(() => productEntries({ GCLUB, UFA }, t), [GCLUB, UFA, t]);

  return {
    products,
    openingKey,
    error: errorKey ? t(errorKey) : null,
    open: (key) => {
      if (openingKey) return;
      setOpeningKey(key);
      setErrorKey(null);
      void openProduct(key)
        .then((outcome) => setErrorKey(LAUNCH_ERROR_KEYS[outcome] ?? null))
        .finally(() => setOpeningKey(null));
    },
  };
}
