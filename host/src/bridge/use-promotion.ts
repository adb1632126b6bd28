import { useAtomValue } from 'jotai';
import { checkSafeUrl, type PromotionModel } from '@member/shared-core';
import { runtimeConfigAtom, siteConfigAtom } from '../state/boot';

export function usePromotion(): PromotionModel {
  const site = useAtomValue(siteConfigAtom);
  const config = useAtomValue(runtimeConfigAtom);
  const checked = checkSafeUrl(site?.promoLink, config?.allowedOrigins ?? []);
  return { url: checked.ok ? checked.url : null, refused: !checked.ok };
}
