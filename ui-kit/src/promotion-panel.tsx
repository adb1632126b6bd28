import { useId } from 'react';
import { useTranslation } from '@member/shared-core';
import { usePromotion, useSite } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { PageIcon } from './page-icon';

/** A small "opens elsewhere" arrow out of a box. */
function ExternalIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width={18}
      height={18}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </svg>
  );
}

/** The promotions as a card with one button, for when they cannot be shown in a frame here. */
function PromotionCard({ url, site }: { url: string; site: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="mc-promo__card" aria-labelledby={titleId} data-testid={testIds.promotionCard}>
      <span className="mc-games__empty-icon mc-promo__card-icon">
        <PageIcon page="promotion" size={28} />
      </span>
      <h2 className="mc-promo__card-title" id={titleId}>
        {t('walletUi.promotion.cardTitle', { site })}
      </h2>
      <p className="mc-promo__card-text">{t('walletUi.promotion.cardText')}</p>
      <a
        className="mc-btn mc-btn--block mc-promo__card-open"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid={testIds.promotionOpen}
      >
        <span>{t('walletUi.promotion.cardOpen')}</span>
        <ExternalIcon />
      </a>
    </section>
  );
}

/**
 * The promotion page's body: the site's promotion page framed (sandboxed, no referrer) with a way to open it in a
 * new tab. The host gives a URL only when it passes the safe-URL guard; a refused link shows neither frame nor link.
 * When the host knows the page cannot be framed here (`framable: false`), a card opens it in a new tab instead of
 * an empty frame.
 */
export function PromotionPanel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const site = useSite();
  const { url, refused, framable } = usePromotion();
  if (refused || !url) {
    return (
      <div className={cx('mc-wallet', 'mc-promo', className)}>
        {refused ? (
          <div className="mc-notice mc-notice--error mc-promo__refused" role="alert" data-testid={testIds.promotionRefused}>
            <p className="mc-promo__refused-title">{t('walletUi.promotion.refused')}</p>
            <p className="mc-promo__refused-help">{t('walletUi.promotion.refusedHelp')}</p>
          </div>
        ) : (
          <div className="mc-games__empty mc-promo__none">
            <span className="mc-games__empty-icon">
              <PageIcon page="promotion" size={28} />
            </span>
            <p className="mc-games__empty-title">{t('walletUi.promotion.none')}</p>
          </div>
        )}
      </div>
    );
  }
  if (framable === false) {
    return (
      <div className={cx('mc-wallet', 'mc-promo', className)}>
        <PromotionCard url={url} site={site.name} />
      </div>
    );
  }
  return (
    <div className={cx('mc-wallet', 'mc-promo', className)}>
      <div className="mc-promo__frame-box">
        <iframe
          className="mc-promo__frame"
          src={url}
          title={t('walletUi.promotion.frameTitle', { site: site.name })}
          sandbox="allow-scripts allow-popups"
          referrerPolicy="no-referrer"
          loading="lazy"
          data-testid={testIds.promotionFrame}
        />
      </div>
      <p className="mc-promo__hint">{t('walletUi.promotion.openHint')}</p>
      <a
        className="mc-btn mc-btn--secondary mc-btn--block mc-promo__open"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid={testIds.promotionOpen}
      >
        <span>{t('walletUi.promotion.open')}</span>
        <ExternalIcon />
      </a>
    </div>
  );
}
