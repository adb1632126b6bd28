import { useAtomValue } from 'jotai';
import { type PromotionModel } from '@member/shared-core';
import { checkSafeUrl } from '@member/shared-core/helpers/safe-url';
import { runtimeConfigAtom, siteConfigAtom } from '../core/boot-state';
import { refusedFrameOriginsAtom } from '../core/frame-refusals-state';
import { canFrame } from '../core/frame-refusals';

export function usePromotion(): PromotionModel {
  const site = useAtomValue(siteConfigAtom);
  const config = useAtomValue(runtimeConfigAtom);
  const refusedOrigins = useAtomValue(refusedFrameOriginsAtom);
  const checked = checkSafeUrl(site?.promoLink, config?.allowedOrigins ?? []);
  if (!checked.ok) return { url: null, refused: true, framable: false };
  return { url: checked.url, refused: false, framable: canFrame(checked.url, refusedOrigins, window.location.protocol) };
}
