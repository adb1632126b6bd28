import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@member/shared-core';
import { usePage, useProducts, useSession } from '@member/shared-core';
import type { ProductsModel } from '@member/shared-core';
import type { GameCategory } from '@member/shared-core';
import { GAME_CATEGORIES } from '@member/shared-core/games/menu';
import { DRAWN_MEMBER_CID } from '@member/shared-core/drawing';
import { cx } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { UiIcon } from './icons';
import { useScrollEdges } from './layout-parts';

/** One button per product (live casinos, sport, lottery, UFA's games); the one opening is busy. */
function ProductList({ model, className }: { model: ProductsModel; className?: string }) {
  const list = useRef<HTMLUListElement>(null);
  useScrollEdges(list);
  return (
    <ul ref={list} className={cx('mc-products__list', className)} role="list">
      {model.products.map((product) => {
        const busy = model.openingKey === product.key;
        return (
          <li key={product.key}>
            <button
              type="button"
              className="mc-product"
              data-testid={testIds.productOpen}
              data-key={product.key}
              data-provider={product.provider}
              aria-busy={busy || undefined}
              onClick={() => model.open(product.key)}
            >
              {busy ? <span className="mc-spinner" aria-hidden="true" /> : null}
              {product.label}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function ProductError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="mc-notice mc-notice--error mc-products__error" role="alert" data-testid={testIds.productError}>
      {error}
    </p>
  );
}

/** "More games": a button that shows the products under it; nothing is rendered while it is closed. */
function ProductsDisclosure({ model, className, toggleClassName }: { model: ProductsModel; className?: string; toggleClassName?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div className={cx('mc-products-more', open && 'mc-products-more--open', className)} onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className={cx('mc-products-more__toggle', toggleClassName)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
      >
        <span>{t('lobbyUi.moreGames')}</span>
        <UiIcon name="chevronDown" size={18} className="mc-products-more__chevron" />
      </button>
      <div id={panelId} className="mc-products-more__panel" hidden={!open}>
        {open ? (
          <>
            <ProductList model={model} />
            <ProductError error={model.error} />
          </>
        ) : null}
      </div>
    </div>
  );
}

/** A lobby page (slot, fish, cards): a layout may dress it apart, say to bring its games above the fold. */
export const isLobbyPage = (page: string): page is GameCategory => (GAME_CATEGORIES as readonly string[]).includes(page);

export interface ProductsMenuProps {
  /**
   * `row`: a titled, sideways-scrolling row (the lobby pages); `disclosure`: a "More games" button that opens the
   * list (a layout), left out on the lobby pages, which show the row.
   */
  variant?: 'row' | 'disclosure';
  className?: string;
  /** Class of the disclosure's button. */
  toggleClassName?: string;
}

/** The products the member's game accounts offer, from the host; nothing when there are none (a guest). */
export function ProductsMenu({ variant = 'row', className, toggleClassName }: ProductsMenuProps) {
  const { t } = useTranslation();
  const model = useProducts();
  const { page } = usePage();
  const titleId = useId();
  const session = useSession();
  // A frame drawn before the member is known keeps the disclosure's place: its products come with the member (a press
  // on it is held until the app has the page).
  const pending = variant === 'disclosure' && session.logged && session.cid === DRAWN_MEMBER_CID;
  if (model.products.length === 0 && !pending) return null;
  if (variant === 'disclosure') {
    return isLobbyPage(page) ? null : <ProductsDisclosure model={model} className={className} toggleClassName={toggleClassName} />;
  }
  return (
    <section className={cx('mc-products', className)} aria-labelledby={titleId}>
      <h2 className="mc-lobby__label" id={titleId}>
        {t('lobbyUi.products')}
      </h2>
      <ProductList model={model} className="mc-products__list--row" />
      <ProductError error={model.error} />
    </section>
  );
}
