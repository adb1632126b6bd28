import { useId } from 'react';
import { useTranslation } from '@member/shared-core';
import { Link, useGameAccounts, usePage, usePreferences, useSession } from '@member/shared-core';
import type { GameAccountView } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { formatMoney, formatUntil } from '@member/shared-core/helpers/format';
import { testIds } from '@member/shared-core';
import { DRAWN_MEMBER_CID, DRAWN_MONEY_ATTRIBUTES } from '@member/shared-core/drawing';
import { ProviderIcon } from './game-icons';
import { UiIcon } from './icons';
import { PageIcon } from './page-icon';

export interface MoneyActionsProps {
  className?: string;
  /** Class of each of the two links (deposit, withdraw); each also carries `mc-money__action--{page}`. */
  actionClassName?: string;
  iconSize?: number;
}

/** Deposit and withdraw, one tap each, wherever a theme puts them (beside the balance, in a bottom bar); none for a guest. */
export function MoneyActions({ className, actionClassName, iconSize = 20 }: MoneyActionsProps) {
  const { t } = useTranslation();
  const { page } = usePage();
  const session = useSession();
  // A guest (registering) has no money to move.
  if (!session.logged) return null;
  return (
    <nav className={cx('mc-money__actions', className)} aria-label={t('money.actions')}>
      {(['deposit', 'withdraw'] as const).map((key) => (
        <Link
          key={key}
          to={`/${key}`}
          className={cx('mc-money__action', `mc-money__action--${key}`, actionClassName)}
          aria-current={page === key ? 'page' : undefined}
          data-testid={key === 'deposit' ? testIds.moneyDeposit : testIds.moneyWithdraw}
        >
          <PageIcon page={key} size={iconSize} />
          <span>{t(`page.${key}`)}</span>
        </Link>
      ))}
    </nav>
  );
}

/**
 * What the balance line says besides the amount: being read again, the provider's maintenance (until when, where it
 * said), or that the last read failed. The amount shown is the last the provider gave, with its time in the title.
 */
function BalanceStatus({ account }: { account: GameAccountView }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const service = t(`gamesUi.providers.${account.service}`);
  if (account.maintain) {
    const until = account.maintainUntil ? formatUntil(account.maintainUntil, locale) : '';
    return (
      <span className="mc-money__status mc-money__status--maintain">
        <UiIcon name="alert" size={14} />
        {until ? t('money.maintenanceUntil', { service, time: until }) : t('money.maintenance', { service })}
      </span>
    );
  }
  if (account.balanceLoading && account.balance !== null) {
    return (
      <span className="mc-money__status" role="status">
        <span className="mc-spinner" aria-hidden="true" />
        {t('money.updating')}
      </span>
    );
  }
  if (account.balanceFailed) {
    return (
      <span className="mc-money__status mc-money__status--failed">
        <UiIcon name="alert" size={14} />
        {t('money.failed')}
      </span>
    );
  }
  return null;
}

function Amount({ account, testId, className }: { account: GameAccountView; testId?: string; className: string }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  return (
    <span
      className={className}
      data-testid={testId}
      title={account.balanceUpdatedAt ? t('money.asOf', { time: formatUntil(account.balanceUpdatedAt, locale) }) : undefined}
    >
      {account.balance !== null ? (
        formatMoney(account.balance, locale)
      ) : account.balanceLoading ? (
        <>
          <span className="mc-skeleton mc-money__skeleton" aria-hidden="true" />
          <span className="mc-visually-hidden">{t('gamesUi.loadingBalance')}</span>
        </>
      ) : (
        '—'
      )}
    </span>
  );
}

export interface MoneyBarProps {
  className?: string;
  /** Deposit and withdraw beside the balance (default); a theme that puts MoneyActions elsewhere may hide these on some widths. */
  actions?: boolean;
  actionsClassName?: string;
  actionClassName?: string;
}

/**
 * The member's money, for a frame's first screen on every member page: the balance of the game account in use (and
 * on the profile the other one's), fresh from the host's own cadence, with deposit and withdraw one tap away. Absent
 * for a guest and for a member without game accounts. `data-service` names the account in use for QA.
 */
/**
 * The bar in a frame drawn before the member is known: its place, the words and the amount as wide as they will be and
 * on their way, deposit and withdraw as they are; the app's bar takes the same place.
 */
function PendingMoneyBar({ className, actions = true, actionsClassName, actionClassName }: MoneyBarProps) {
  const { t } = useTranslation();
  const { page } = usePage();
  const titleId = useId();
  // The words the app's bar says for each account in use (and, on the profile, for the other one), for the frame's
  // first script to write when the device kept the member's balances (host core/config/drawn-kept.ts).
  const words: Record<string, string> = {};
  for (const service of ['GCLUB', 'UFA'] as const) {
    const named = { service: t(`gamesUi.providers.${service}`) };
    words[`${DRAWN_MONEY_ATTRIBUTES.inUse}${service.toLowerCase()}`] = t('money.inUse', named);
    if (page === 'profile') words[`${DRAWN_MONEY_ATTRIBUTES.other}${service.toLowerCase()}`] = t('money.other', named);
  }
  return (
    <section
      className={cx('mc-money', className)}
      aria-labelledby={titleId}
      aria-busy="true"
      {...{ [DRAWN_MONEY_ATTRIBUTES.bar]: '' }}
      {...words}
    >
      <h2 className="mc-visually-hidden" id={titleId}>
        {t('money.title')}
      </h2>
      <p className="mc-money__main">
        <span className="mc-money__label">
          {/* The provider's icon's place: the label is as tall as the app's, whose icon stands taller than its words. */}
          <span className="mc-money__icon-place" aria-hidden="true" />
          <span className="mc-pending-text" aria-hidden="true">
            {t('money.inUse', { service: 'GCLUB' })}
          </span>
        </span>
        <span className="mc-money__amount">
          <span className="mc-pending-text" aria-hidden="true">
            ฿0,000.00
          </span>
          <span className="mc-visually-hidden">{t('gamesUi.loadingBalance')}</span>
        </span>
      </p>
      {page === 'profile' ? (
        // The profile's bar names the other account too (most members have both).
        <p className="mc-money__other" aria-hidden="true">
          <span className="mc-money__icon-place mc-money__icon-place--other" />
          <span className="mc-pending-text">{t('money.other', { service: 'UFA' })} ฿0,000.00</span>
        </p>
      ) : null}
      {actions ? <MoneyActions className={actionsClassName} actionClassName={actionClassName} /> : null}
    </section>
  );
}

export function MoneyBar({ className, actions = true, actionsClassName, actionClassName }: MoneyBarProps) {
  const { t } = useTranslation();
  const session = useSession();
  const model = useGameAccounts();
  const { page } = usePage();
  const titleId = useId();
  const inUse = model.selected ?? model.accounts[0] ?? null;
  if (session.logged && !inUse && session.cid === DRAWN_MEMBER_CID)
    return (
      <PendingMoneyBar className={className} actions={actions} actionsClassName={actionsClassName} actionClassName={actionClassName} />
    );
  if (!session.logged || !inUse) return null;
  const other = page === 'profile' ? (model.accounts.find((a) => a !== inUse) ?? null) : null;
  const service = t(`gamesUi.providers.${inUse.service}`);
  return (
    <section className={cx('mc-money', className)} aria-labelledby={titleId} data-testid={testIds.moneyBar} data-service={inUse.service}>
      <h2 className="mc-visually-hidden" id={titleId}>
        {t('money.title')}
      </h2>
      <p className="mc-money__main">
        <span className="mc-money__label">
          <ProviderIcon service={inUse.service} size={16} />
          {t('money.inUse', { service })}
        </span>
        <Amount account={inUse} testId={testIds.moneyBalance} className="mc-money__amount" />
        <BalanceStatus account={inUse} />
      </p>
      {other ? (
        <p className="mc-money__other" data-testid={testIds.moneyOther} data-service={other.service}>
          <ProviderIcon service={other.service} size={14} />
          <span>{t('money.other', { service: t(`gamesUi.providers.${other.service}`) })}</span>
          <Amount account={other} className="mc-money__other-amount" />
        </p>
      ) : null}
      {actions ? <MoneyActions className={actionsClassName} actionClassName={actionClassName} /> : null}
    </section>
  );
}
