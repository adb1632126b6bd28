import { useId } from 'react';
import { useTranslation } from '@member/shared-core';
import { useHistory, usePreferences } from '@member/shared-core';
import type { HistoryPeriod, HistoryRow } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { formatDateTime, formatMoney } from '@member/shared-core/helpers/format';
import { testIds } from '@member/shared-core';
import { Button } from './button';
import { GameIcon } from './game-icons';
import { NoGameAccounts } from './game-account-card';
import { PageIcon } from './page-icon';
import { SelectField } from './select-field';

export const HISTORY_PERIODS: readonly HistoryPeriod[] = ['today', '7d', '30d'];

/** A status's mark beside its word (never colour alone): a tick, a clock, a cross. */
const STATUS_ICON_PATHS: Record<HistoryRow['status'], string> = {
  completed: 'M5 12.5l4.5 4.5L19 7.5',
  pending: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18ZM12 7.5V12l3 2',
  rejected: 'M7 7l10 10M17 7 7 17',
};

function StatusBadge({ status }: { status: HistoryRow['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={cx('mc-badge', 'mc-history__badge', `mc-history__badge--${status}`)} data-status={status}>
      <svg
        viewBox="0 0 24 24"
        width={14}
        height={14}
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={STATUS_ICON_PATHS[status]} />
      </svg>
      {t(`walletUi.history.statuses.${status}`)}
    </span>
  );
}

/** One movement of money: its kind in words and a mark, the signed amount, when, and where it stands. */
function HistoryEntry({ row }: { row: HistoryRow }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const sign = row.type === 'deposit' ? '+' : '−';
  return (
    <li
      className={cx('mc-history__row', `mc-history__row--${row.type}`, `mc-history__row--${row.status}`)}
      data-testid={testIds.historyRow}
      data-ref={row.ref}
    >
      <span className="mc-history__mark">
        <PageIcon page={row.type} size={22} />
      </span>
      <span className="mc-history__main">
        <span className="mc-history__type">{t(`walletUi.history.types.${row.type}`)}</span>
        <time className="mc-history__time" dateTime={row.time}>
          {formatDateTime(row.time, locale)}
        </time>
        <span className="mc-history__ref">{t('walletUi.history.ref', { ref: row.ref })}</span>
      </span>
      <span className="mc-history__side">
        <span className="mc-history__amount">
          <span aria-hidden="true">{sign}</span>
          {formatMoney(row.amount, locale)}
        </span>
        <StatusBadge status={row.status} />
      </span>
    </li>
  );
}

/** Placeholder rows in the list's shape while the first reply is on its way. */
function HistorySkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mc-history__loading" data-testid={testIds.historyLoading} role="status" aria-busy="true">
      <span className="mc-visually-hidden">{t('walletUi.history.loading')}</span>
      {[0, 1, 2].map((n) => (
        <div key={n} className="mc-history__row mc-history__row--skeleton" aria-hidden="true">
          <span className="mc-history__mark" />
          <span className="mc-history__main">
            <span className="mc-skeleton mc-history__skeleton-line" />
            <span className="mc-skeleton mc-history__skeleton-line mc-history__skeleton-line--short" />
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * The history page's body: which game account, which period (a segmented control), then the movements newest
 * first, or what stands in for them (loading, nothing in the period, an error with a way to try again).
 */
export function HistoryList({ className }: { className?: string }) {
  const { t } = useTranslation();
  const model = useHistory();
  const periodLabelId = useId();
  const listLabelId = useId();
  if (model.accounts.length === 0) return <NoGameAccounts className={className} />;
  const options = model.accounts.map((a) => ({ value: a.gameuser, label: `${t(`gamesUi.providers.${a.service}`)} · ${a.gameuser}` }));
  return (
    <div className={cx('mc-wallet', 'mc-history', className)}>
      <div className="mc-history__filters">
        <SelectField
          label={t('walletUi.history.account')}
          value={model.gameuser ?? ''}
          onValueChange={(value) => {
            if (model.accounts.some((a) => a.gameuser === value)) model.setGameuser(value);
          }}
          options={options}
          data-testid={testIds.historyAccount}
          name="gameuser"
        />
        <div className="mc-history__period">
          <span className="mc-field__label" id={periodLabelId}>
            {t('walletUi.history.period')}
          </span>
          <div className="mc-segmented" role="group" aria-labelledby={periodLabelId}>
            {HISTORY_PERIODS.map((period) => (
              <button
                key={period}
                type="button"
                className="mc-segmented__option"
                aria-pressed={model.period === period}
                data-testid={testIds.historyPeriod}
                data-period={period}
                onClick={() => model.setPeriod(period)}
              >
                {t(`walletUi.history.periods.${period}`)}
              </button>
            ))}
          </div>
        </div>
      </div>

      {model.status === 'loading' ? <HistorySkeleton /> : null}

      {model.status === 'error' ? (
        <div className="mc-notice mc-notice--error mc-history__error" role="alert" data-testid={testIds.historyError}>
          <p className="mc-history__error-text">{model.error ?? t('wallet.errors.history')}</p>
          <Button variant="secondary" onClick={model.reload} data-testid={testIds.historyRetry} className="mc-history__retry">
            <GameIcon name="refresh" size={18} />
            {t('walletUi.history.retry')}
          </Button>
        </div>
      ) : null}

      {model.status === 'empty' ? (
        <div className="mc-games__empty mc-history__empty" data-testid={testIds.historyEmpty}>
          <span className="mc-games__empty-icon">
            <PageIcon page="history" size={28} />
          </span>
          <p className="mc-games__empty-title">{t('walletUi.history.empty')}</p>
          <p className="mc-games__empty-text">{t('walletUi.history.emptyHelp')}</p>
        </div>
      ) : null}

      {model.status === 'ready' ? (
        <>
          <h2 className="mc-visually-hidden" id={listLabelId}>
            {t('walletUi.history.list')}
          </h2>
          <ul className="mc-history__list" role="list" aria-labelledby={listLabelId}>
            {model.entries.map((row) => (
              <HistoryEntry key={row.ref} row={row} />
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
