import { useId, type ReactNode } from 'react';
import { useTranslation } from '@member/shared-core';
import { usePreferences } from '@member/shared-core';
import type { GameAccountView } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { formatDateTime, formatMoney } from '@member/shared-core/helpers/format';
import { testIds } from '@member/shared-core';
import { Button } from './button';
import { GameIcon, ProviderIcon } from './game-icons';
import { UiIcon } from './icons';
import { PageIcon } from './page-icon';

/** The provider's mark, name and kind, with the "in use" and "main account" badges where they are due. */
export function GameAccountHead({ account, titleId, badges = true }: { account: GameAccountView; titleId: string; badges?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mc-game__head">
      <span className="mc-game__mark">
        <ProviderIcon service={account.service} size={26} />
      </span>
      <p className="mc-game__title">
        <span className="mc-game__name" id={titleId}>
          {t(`gamesUi.providers.${account.service}`)}
        </span>
        <span className="mc-game__kind">{t(`gamesUi.kinds.${account.service}`)}</span>
      </p>
      {badges && (account.selected || account.main) ? (
        <span className="mc-game__badges">
          {account.selected ? (
            <span className="mc-badge mc-badge--on" data-testid={testIds.gameSelectedBadge}>
              <UiIcon name="check" size={16} />
              {t('gamesUi.selected')}
            </span>
          ) : null}
          {account.main ? (
            <span className="mc-badge mc-game__main-badge" data-testid={testIds.gameMainBadge}>
              <GameIcon name="star" size={15} />
              {t('gamesUi.main')}
            </span>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The balance in baht, a shimmer while the first reply is on its way, a dash when there is none; when the last refresh
 * failed, the previous balance stays with a note that it could not be updated.
 */
function Balance({ account }: { account: GameAccountView }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  return (
    <div className="mc-game__balance" aria-busy={account.balanceLoading || undefined}>
      <span className="mc-game__balance-label">
        {t('gamesUi.balance')}
        {account.balanceLoading && account.balance !== null ? (
          <span className="mc-spinner mc-game__balance-spinner" aria-hidden="true" />
        ) : null}
      </span>
      <span className="mc-game__amount" data-testid={testIds.gameBalance}>
        {account.balance !== null ? (
          formatMoney(account.balance, locale)
        ) : account.balanceLoading ? (
          <>
            <span className="mc-skeleton" aria-hidden="true" />
            <span className="mc-visually-hidden">{t('gamesUi.loadingBalance')}</span>
          </>
        ) : (
          '—'
        )}
      </span>
      <span className="mc-game__updated">
        {t('gamesUi.lastUpdated')}{' '}
        {account.balanceUpdatedAt ? (
          <time dateTime={account.balanceUpdatedAt} data-testid={testIds.gameBalanceUpdated}>
            {formatDateTime(account.balanceUpdatedAt, locale)}
          </time>
        ) : (
          <span>{t('gamesUi.notUpdated')}</span>
        )}
      </span>
      {account.balanceFailed && !account.balanceLoading ? (
        <span className="mc-game__balance-failed" role="status" data-testid={testIds.gameBalanceFailed}>
          <UiIcon name="alert" size={16} />
          {t('balanceStatus.failed')}
        </span>
      ) : null}
    </div>
  );
}

/** A provider's maintenance, said in words next to the account it stops. */
export function MaintenanceNote({ account }: { account: GameAccountView }) {
  const { t } = useTranslation();
  if (!account.maintain) return null;
  return (
    <p className="mc-notice mc-notice--error mc-game__maintenance">
      <GameIcon name="wrench" size={18} className="mc-notice__icon" />
      <span>
        <strong>{t('gamesUi.maintenance')}</strong> {t('gamesUi.maintenanceNote', { service: t(`gamesUi.providers.${account.service}`) })}
      </span>
    </p>
  );
}

/** Said instead of a list of accounts when the member has none yet. */
export function NoGameAccounts({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cx('mc-games__empty', className)}>
      <span className="mc-games__empty-icon">
        <PageIcon page="gameuser" size={28} />
      </span>
      <p className="mc-games__empty-title">{t('gamesUi.noAccounts')}</p>
      <p className="mc-games__empty-text">{t('gamesUi.noAccountsHelp')}</p>
    </div>
  );
}

/**
 * One game account on the profile: provider, badges, balance and game user, then the actions that concern it
 * at the bottom, where a thumb reaches on a phone. `data-service` names the provider for QA.
 */
export function GameAccountCard({ account, actions, className }: { account: GameAccountView; actions?: ReactNode; className?: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <article
      className={cx('mc-game', account.selected && 'mc-game--selected', account.maintain && 'mc-game--maintain', className)}
      aria-labelledby={titleId}
      data-testid={testIds.gameAccount}
      data-service={account.service}
    >
      <GameAccountHead account={account} titleId={titleId} />
      <Balance account={account} />
      <p className="mc-game__user">
        <span className="mc-game__user-label">{t('gamesUi.gameUser')}</span>
        <span className="mc-game__user-value" data-testid={testIds.gameUser}>
          {account.gameuser}
        </span>
      </p>
      <MaintenanceNote account={account} />
      {actions ? <div className="mc-game__actions">{actions}</div> : null}
    </article>
  );
}

/** "Switch to {provider}": makes the other account the selected one (the host goes on to the profile). */
export function SwitchAccountButton({
  account,
  busy,
  onSwitch,
  variant = 'primary',
}: {
  account: GameAccountView;
  busy: boolean;
  onSwitch(): void;
  variant?: 'primary' | 'secondary';
}) {
  const { t } = useTranslation();
  return (
    <Button variant={variant} block busy={busy} onClick={onSwitch} data-testid={testIds.switchAccount}>
      {busy ? null : <GameIcon name="swap" />}
      {busy ? t('gamesUi.switching') : t('gamesUi.switchTo', { service: t(`gamesUi.providers.${account.service}`) })}
    </Button>
  );
}
