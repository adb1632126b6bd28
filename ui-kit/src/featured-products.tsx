import { useTranslation } from '@member/shared-core';
import { useGameAccounts, useProducts } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { featuredProducts, type FeaturedKind, type FeaturedProduct } from '@member/shared-core/games/products';
import { testIds } from '@member/shared-core';
import { GameIcon, ProviderIcon } from './game-icons';
import { PageIcon } from './page-icon';

/** A featured kind's drawing: a ball for sport, cards for the casino. */
export function FeaturedIcon({ kind, size = 20, className }: { kind: FeaturedKind; size?: number; className?: string }) {
  return kind === 'sport' ? (
    <GameIcon name="ball" size={size} className={className} />
  ) : (
    <PageIcon page="cards" size={size} className={className} />
  );
}

/** Sport and casino of the member's providers (the account in use first); empty for a guest. */
export function useFeaturedProducts(): {
  featured: readonly FeaturedProduct[];
  open(key: string): void;
  openingKey: string | null;
  error: string | null;
} {
  const products = useProducts();
  const { selected } = useGameAccounts();
  return {
    featured: featuredProducts(products.products, selected?.service ?? null),
    open: products.open,
    openingKey: products.openingKey,
    error: products.error,
  };
}

export interface FeaturedProductsProps {
  className?: string;
  buttonClassName?: string;
}

/**
 * Sport and casino as two big buttons (the profile's): one tap opens the product, its refusal said right under them.
 * Nothing for a member whose providers offer neither.
 */
export function FeaturedProducts({ className, buttonClassName }: FeaturedProductsProps) {
  const { t } = useTranslation();
  const { featured, open, openingKey, error } = useFeaturedProducts();
  if (featured.length === 0) return null;
  return (
    <section className={cx('mc-featured', className)} aria-label={t('featured.title')}>
      <ul className="mc-featured__list" role="list">
        {featured.map((product) => {
          const busy = openingKey === product.key;
          return (
            <li key={product.key}>
              <button
                type="button"
                className={cx('mc-featured__button', `mc-featured__button--${product.kind}`, buttonClassName)}
                data-testid={testIds.featuredProduct}
                data-key={product.key}
                data-kind={product.kind}
                aria-busy={busy || undefined}
                onClick={() => open(product.key)}
              >
                <span className="mc-featured__icon">
                  {busy ? <span className="mc-spinner" aria-hidden="true" /> : <FeaturedIcon kind={product.kind} size={24} />}
                </span>
                <span className="mc-featured__text">
                  <span className="mc-featured__name">{t(`featured.${product.kind}`)}</span>
                  <span className="mc-featured__provider">
                    <ProviderIcon service={product.provider} size={12} />
                    {t(`gamesUi.providers.${product.provider}`)}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p className="mc-notice mc-notice--error mc-featured__error" role="alert" data-testid={testIds.productError}>
          {error}
        </p>
      ) : null}
    </section>
  );
}
