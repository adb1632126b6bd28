import { useTranslation } from '@member/shared-core';
import { usePreferences, useSession, useWithdraw } from '@member/shared-core';
import type { WithdrawModel } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { formatMoney, formatNumber } from '@member/shared-core/helpers/format';
import { testIds } from '@member/shared-core';
import type { Service } from '@member/shared-core';
import { Button } from './button';
import { FormError, submitTo } from './form-messages';
import { GameIcon } from './game-icons';
import { NoGameAccounts } from './game-account-card';
import { UiIcon } from './icons';
import { PageIcon } from './page-icon';
import { SelectField } from './select-field';
import { TextField } from './text-field';
import { BankAccountInline } from './wallet-parts';

type StatusKind = 'sending' | 'pending' | 'checking' | 'done' | 'blocked';

/**
 * What the status area says. A lock with no request of this page's own (one sent before the member came back)
 * is a withdrawal being processed too. `checking` is not a failure: the server may have the withdrawal already.
 */
function statusOf(model: Pick<WithdrawModel, 'phase' | 'locked' | 'blocked'>): StatusKind | null {
  if (model.blocked) return 'blocked';
  if (model.phase === 'checking') return 'checking';
  if (model.phase === 'sending') return 'sending';
  if (model.phase === 'pending' || (model.locked && model.phase === 'idle')) return 'pending';
  if (model.phase === 'done') return 'done';
  if (model.blocked) return 'blocked';
  return null;
}

const STATUS_TEXT: Record<StatusKind, string> = {
  sending: 'walletUi.withdraw.statusSending',
  pending: 'walletUi.withdraw.statusPending',
  checking: 'walletUi.withdraw.statusChecking',
  done: 'walletUi.withdraw.statusDone',
  blocked: 'walletUi.withdraw.blocked',
};

/** The withdrawal's progress, said politely; always in the page so a change is heard. Retry only while checking. */
function WithdrawStatus({ model, money }: { model: WithdrawModel; money: (amount: number) => string }) {
  const { t } = useTranslation();
  const kind = statusOf(model);
  const intent = kind && kind !== 'blocked' ? model.intent : null;
  return (
    <div className="mc-announce mc-withdraw__status" role="status" data-testid={testIds.withdrawStatus} data-state={kind ?? 'idle'}>
      {kind ? (
        <div className={cx('mc-notice', kind === 'done' ? 'mc-notice--success' : 'mc-withdraw__notice', `mc-withdraw__notice--${kind}`)}>
          {kind === 'done' ? (
            <UiIcon name="check" className="mc-notice__icon" />
          ) : kind === 'sending' || kind === 'pending' ? (
            <span className="mc-spinner mc-notice__icon mc-withdraw__spinner" aria-hidden="true" />
          ) : kind === 'checking' ? (
            <GameIcon name="refresh" className="mc-notice__icon" />
          ) : (
            <UiIcon name="lock" className="mc-notice__icon" />
          )}
          <div className="mc-withdraw__notice-body">
            <p className="mc-withdraw__notice-text">{t(STATUS_TEXT[kind])}</p>
            {intent ? (
              <p className="mc-withdraw__notice-intent" data-testid={testIds.withdrawIntent}>
                {t('walletUi.withdraw.intent', { amount: money(intent.amount), gameuser: intent.gameuser })}
              </p>
            ) : null}
            {kind === 'checking' && model.checking ? (
              <p className="mc-withdraw__notice-why" data-testid={testIds.withdrawCheckingWhy}>
                {model.checking.reason}
                {model.checking.askInS !== null ? (
                  <>
                    {' '}
                    {model.checking.askInS > 0
                      ? t('walletUi.withdraw.askIn', { seconds: model.checking.askInS })
                      : t('walletUi.withdraw.askingNow')}
                  </>
                ) : null}
              </p>
            ) : null}
            {kind === 'checking' ? (
              <Button variant="secondary" className="mc-withdraw__retry" onClick={model.retry} data-testid={testIds.withdrawRetry}>
                <GameIcon name="refresh" size={18} />
                {t('walletUi.withdraw.retry')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The withdraw page's body: which game account, how much, where the money goes, then one button. The host's
 * useWithdraw checks and sends; the form's submit is the only way in, so Enter and a click each send once, and
 * the button stays disabled from the first press until the server answers.
 */
export function WithdrawForm({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { memberInfo } = useSession();
  const model = useWithdraw();
  if (model.accounts.length === 0) return <NoGameAccounts className={className} />;
  const money = (amount: number) => formatMoney(amount, locale);
  const options = model.accounts.map((a) => {
    const service = t(`gamesUi.providers.${a.service}`);
    return {
      value: a.service,
      label:
        a.balance !== null
          ? t('walletUi.withdraw.option', { service, balance: money(a.balance) })
          : t('walletUi.withdraw.optionNoBalance', { service }),
    };
  });
  const target = model.accounts.find((a) => a.service === model.service) ?? null;
  // The menu's options stay short (provider and balance), so a phone's select never cuts the balance; the game user
  // of the chosen one is said under it.
  const minimum = formatNumber(model.minimum, locale);
  const hint =
    target?.balance != null
      ? t('walletUi.withdraw.hint', { minimum, balance: money(target.balance) })
      : t('walletUi.withdraw.hintNoBalance', { minimum });
  const label =
    model.phase === 'sending'
      ? t('walletUi.withdraw.sending')
      : model.locked
        ? t('walletUi.withdraw.processing')
        : t('walletUi.withdraw.submit');
  return (
    <form className={cx('mc-form', 'mc-wallet', 'mc-withdraw', className)} onSubmit={submitTo(model.submit)} noValidate>
      <SelectField
        label={t('walletUi.withdraw.account')}
        value={model.service ?? ''}
        onValueChange={(value) => {
          if (model.accounts.some((a) => a.service === value)) model.setService(value as Service);
        }}
        options={options}
        placeholder={model.service ? undefined : t('walletUi.withdraw.chooseAccount')}
        hint={target ? t('walletUi.withdraw.accountHint', { gameuser: target.gameuser }) : undefined}
        disabled={model.locked}
        data-testid={testIds.withdrawAccount}
        name="account"
      />
      <TextField
        label={t('walletUi.withdraw.amount')}
        value={model.amount}
        onValueChange={model.setAmount}
        error={model.fieldErrors.amount}
        hint={hint}
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="send"
        placeholder="0.00"
        readOnly={model.locked}
        data-testid={testIds.withdrawAmount}
        name="amount"
        className="mc-withdraw__amount"
        trailing={
          <span className="mc-withdraw__unit" aria-hidden="true">
            {t('walletUi.withdraw.baht')}
          </span>
        }
      />
      {memberInfo && memberInfo.account_number ? (
        <p className="mc-withdraw__paid-to">
          <PageIcon page="deposit" size={20} className="mc-withdraw__paid-icon" />
          <span>
            {t('walletUi.withdraw.paidTo')}{' '}
            <BankAccountInline bank={memberInfo} locale={locale} t={t} className="mc-withdraw__paid-account" />
          </span>
        </p>
      ) : null}
      <WithdrawStatus model={model} money={money} />
      <FormError message={model.error} testId={testIds.withdrawError} />
      <Button type="submit" variant="primary" block busy={model.locked} data-testid={testIds.withdrawSubmit}>
        {model.locked ? null : <PageIcon page="withdraw" size={20} />}
        {label}
      </Button>
    </form>
  );
}
