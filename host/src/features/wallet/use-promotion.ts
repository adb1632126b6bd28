import { useAtomValue } from 'jotai';
import { type PromotionModel } from '@member/shared-core';
import { promotionOf } from '@member/shared-core/helpers/promotion';
import { runtimeConfigAtom, siteConfigAtom } from '../../core/base/boot-state';
import { refusedFrameOriginsAtom } from '../../core/base/frame-refusals-state';
import { canFrame } from '../../core/base/frame-refusals';

export function usePromotion(): PromotionModel {
  const site = useAtomValue(siteConfigAtom);
  const config = useAtomValue(runtimeConfigAtom);
  const refusedOrigins = useAtomValue(refusedFrameOriginsAtom);
  return promotionOf(site?.brand.promoLink, config?.allowedOrigins ?? [], (url) => canFrame(url, refusedOrigins, window.location.protocol));
}
