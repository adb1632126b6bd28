import { memo, useEffect, useRef } from 'react';
import { useTranslation } from '@member/shared-core';
import type { LobbyBrand } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { useScrollEdges } from './layout-parts';

export interface BrandPickerProps {
  brands: readonly LobbyBrand[];
  /** `code` of the chosen brand. */
  selected: string | null;
  onSelect(code: string): void;
  /** `row`: chips in one sideways-scrolling line (the lobby); `cards`: a grid of big cards (the brand chooser). */
  variant?: 'row' | 'cards';
  className?: string;
  /** Id of a visible heading that names the group; without it the group is labelled "Game brands". */
  labelledBy?: string;
}

/** The short mark on a brand card: the provider code when it is short (RSG, JILI), else its first two letters. */
const brandMark = (brand: LobbyBrand) => (brand.code.length <= 4 ? brand.code : brand.code.slice(0, 2));

/**
 * The brands of a lobby as toggle buttons, the chosen one pressed. A brand whose games are not open yet stays
 * selectable (the host explains when a game is tapped) and carries a "soon" tag.
 */
export const BrandPicker = memo(function BrandPicker({
  brands,
  selected,
  onSelect,
  variant = 'row',
  className,
  labelledBy,
}: BrandPickerProps) {
  const { t } = useTranslation();
  const group = useRef<HTMLDivElement>(null);
  useScrollEdges(group, variant === 'row');
  // In a sideways row, bring the chosen brand into view (it may be far right after a reload).
  useEffect(() => {
    const element = group.current;
    if (variant !== 'row' || !element || element.scrollWidth <= element.clientWidth) return;
    const chip = element.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!chip) return;
    const box = element.getBoundingClientRect();
    const entry = chip.getBoundingClientRect();
    if (entry.left >= box.left && entry.right <= box.right) return;
    element.scrollLeft += entry.left + entry.width / 2 - (box.left + box.width / 2);
  }, [selected, variant]);
  return (
    <div
      ref={group}
      role="group"
      className={cx('mc-brands', `mc-brands--${variant}`, className)}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : t('lobbyUi.brands')}
    >
      {brands.map((brand) => (
        <button
          key={brand.code}
          type="button"
          className={cx('mc-brand-chip', !brand.open && 'mc-brand-chip--soon')}
          data-testid={testIds.lobbyBrand}
          data-code={brand.code}
          aria-pressed={brand.code === selected}
          onClick={() => onSelect(brand.code)}
        >
          {variant === 'cards' ? (
            <span className="mc-brand-chip__mark" aria-hidden="true">
              {brandMark(brand)}
            </span>
          ) : null}
          <span className="mc-brand-chip__name">{brand.title}</span>
          {brand.open ? null : (
            <span className="mc-brand-chip__soon" title={t('lobbyUi.soonLong')}>
              {t('lobbyUi.soon')}
            </span>
          )}
        </button>
      ))}
    </div>
  );
});
