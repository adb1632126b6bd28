import type { PromotionModel } from '../bridge/types';
import { checkSafeUrl } from './safe-url';

/**
 * The promotion page: the site's promoLink only when it passes the safe-URL guard (else the page says it is refused),
 * in a frame unless `canFrame` knows this page cannot show it in one.
 */
export function promotionOf(
  promoLink: unknown,
  allowedOrigins: readonly string[] | null,
  canFrame: (url: string) => boolean,
): PromotionModel {
  const checked = checkSafeUrl(promoLink, allowedOrigins);
  if (!checked.ok) return { url: null, refused: true, framable: false };
  return { url: checked.url, refused: false, framable: canFrame(checked.url) };
}
