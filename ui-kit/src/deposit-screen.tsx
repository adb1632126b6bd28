import { useTranslation } from '@member/shared-core';
import { useDeposit, useGameAccounts, usePreferences } from '@member/shared-core';
import type { DepositModel, GameAccountView } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { formatBankNumber, formatDateTime, formatMoney } from '@member/shared-core/helpers/format';
import { testIds } from '@member/shared-core';
import { Announcement, CopyButton, useAnnouncement } from './copy-button';
import { DetailList } from './detail-list';
import { GameIcon, ProviderIcon } from './game-icons';
import { Button } from './button';
import { GamesMessage } from './game-accounts-panel';
import { UiIcon } from './icons';
import { BankAccountInline, BankLogo, bankName, WalletSection } from './wallet-parts';

/** The deposit the private channel just announced, said politely; the region stays in the page so it is heard. */
function DepositConfirmation({ lastDeposit }: { lastDeposit: DepositModel['lastDeposit'] }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  return (
    <div className="mc-announce mc-deposit__live" role="status" data-testid={testIds.depositConfirmation}>
      {lastDeposit ? (
        <p key={lastDeposit.at} className="mc-notice mc-notice--success mc-deposit__received">
          <UiIcon name="check" className="mc-notice__icon" />
          <span>
            <strong>
              {lastDeposit.amount !== undefined && lastDeposit.service
                ? t('walletUi.deposit.receivedAmount', {
                    amount: formatMoney(lastDeposit.amount, locale),
                    service: lastDeposit.service,
                    gameuser: lastDeposit.gameuser,
                  })
                : t('walletUi.deposit.received', { gameuser: lastDeposit.gameuser })}
            </strong>{' '}
            <span className="mc-deposit__received-help">
              {t('walletUi.deposit.receivedHelp')} <time dateTime={lastDeposit.at}>{formatDateTime(lastDeposit.at, locale)}</time>
            </span>
          </span>
        </p>
      ) : null}
    </div>
  );
}

/** The club's receiving account: bank, name and the number to copy, big enough to read out to a bank app. */
function ClubAccount({ bank }: { bank: NonNullable<DepositModel['clubBank']> }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { message, announce } = useAnnouncement();
  const digits = bank.account_number.replace(/\D/g, '');
  const name = bankName(bank, locale, t);
  return (
    <div className="mc-deposit__club">
      <div className="mc-deposit__bank">
        <BankLogo logo={bank.logo} />
        <p className="mc-deposit__bank-text">
          <span className="mc-deposit__caption">{t('walletUi.deposit.bank')}</span>
          <span className="mc-deposit__bank-name">{name}</span>
        </p>
      </div>
      <div className="mc-deposit__number-box">
        <span className="mc-deposit__caption">{t('walletUi.deposit.accountNumber')}</span>
        <div className="mc-deposit__number-row">
          <span className="mc-deposit__number" data-testid={testIds.depositAccountNumber}>
            {formatBankNumber(bank.account_number)}
          </span>
          <CopyButton
            text={digits}
            label={t('walletUi.deposit.copyNumber')}
            testId={testIds.depositCopy}
            onCopied={(ok) => announce(ok ? t('walletUi.deposit.copied') : t('walletUi.deposit.copyFailed'), ok ? 'done' : 'failed')}
          />
        </div>
      </div>
      <p className="mc-deposit__holder">
        <span className="mc-deposit__caption">{t('walletUi.deposit.accountName')}</span>
        <span className="mc-deposit__holder-name">{bank.account_name}</span>
      </p>
      <Announcement message={message} />
    </div>
  );
}

/** One game account of the member's: provider, game user, balance, and whether the deposit lands in it (the main one). */
function LandingAccount({ account }: { account: GameAccountView }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  return (
    <li
      className={cx('mc-deposit__account', account.main && 'mc-deposit__account--main')}
      data-testid={account.main ? testIds.depositTarget : undefined}
      data-service={account.service}
    >
      <span className="mc-deposit__account-mark">
        <ProviderIcon service={account.service} size={22} />
      </span>
      <span className="mc-deposit__account-text">
        <span className="mc-deposit__account-name">
          {t(`gamesUi.providers.${account.service}`)}
          {account.main ? <span className="mc-badge mc-deposit__main">{t('walletUi.deposit.landsHere')}</span> : null}
        </span>
        <span className="mc-deposit__account-user">{account.gameuser}</span>
      </span>
      <span className="mc-deposit__account-balance">{account.balance !== null ? formatMoney(account.balance, locale) : '—'}</span>
    </li>
  );
}

/**
 * The choice of where the next deposit lands: the main account is the one the club credits, so depositing into the
 * other means making it main, through the same switch as the profile's, its outcome said right here.
 */
function ChooseLanding() {
  const { t } = useTranslation();
  const model = useGameAccounts();
  const other = model.accounts.length > 1 ? model.accounts.find((a) => !a.main) : undefined;
  if (!other) return null;
  const service = t(`gamesUi.providers.${other.service}`);
  return (
    <div className="mc-deposit__choose">
      <Button variant="secondary" block busy={model.switchingMain} onClick={model.switchMain} data-testid={testIds.depositChoose}>
        {model.switchingMain ? null : <GameIcon name="swap" />}
        {model.switchingMain ? t('gamesUi.makingMain') : t('walletUi.deposit.chooseOther', { service })}
      </Button>
      <p className="mc-game__action-help">{t('walletUi.deposit.chooseOtherHelp', { service })}</p>
      <GamesMessage error={model.error} notice={model.notice} busy={model.switchingMain} />
    </div>
  );
}

/**
 * The deposit page's body: where to transfer (with a copy button), the member's own account to transfer from,
 * the steps in order, the game accounts the money lands in, and a live confirmation when the deposit arrives.
 * Every value from the server is rendered as text.
 */
export function DepositScreen({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const { clubBank, memberInfo, lastDeposit, accounts } = useDeposit();
  const ordered = [...accounts].sort((a, b) => Number(b.main) - Number(a.main));
  return (
    <div className={cx('mc-wallet', 'mc-deposit', className)}>
      <DepositConfirmation lastDeposit={lastDeposit} />

      <WalletSection title={t('walletUi.deposit.toTitle')}>
        {clubBank && clubBank.account_number ? (
          <ClubAccount bank={clubBank} />
        ) : (
          <p className="mc-notice mc-notice--error">{t('walletUi.deposit.unavailable')}</p>
        )}
      </WalletSection>

      <WalletSection title={t('walletUi.deposit.fromTitle')}>
        {memberInfo && memberInfo.account_number ? (
          <div className="mc-deposit__own">
            <div className="mc-deposit__bank">
              <BankLogo logo={memberInfo.logo} size={40} />
              <p className="mc-deposit__bank-text">
                <span className="mc-deposit__caption">{t('walletUi.deposit.bank')}</span>
                <span className="mc-deposit__bank-name">{bankName(memberInfo, locale, t)}</span>
              </p>
            </div>
            <DetailList
              rows={[
                {
                  key: 'accountNumber',
                  label: t('walletUi.deposit.accountNumber'),
                  value: formatBankNumber(memberInfo.account_number),
                  numeric: true,
                },
                { key: 'accountName', label: t('walletUi.deposit.accountName'), value: memberInfo.account_name },
              ]}
            />
            <p className="mc-note">{t('walletUi.deposit.fromNote')}</p>
          </div>
        ) : (
          <p className="mc-notice mc-notice--error">{t('walletUi.deposit.noMemberBank')}</p>
        )}
      </WalletSection>

      <WalletSection title={t('walletUi.deposit.stepsTitle')}>
        <ol className="mc-deposit__steps" role="list">
          <li>{t('walletUi.deposit.step1')}</li>
          <li>
            {memberInfo && memberInfo.account_number ? (
              <span className="mc-deposit__step-text">
                {t('walletUi.deposit.step2')}{' '}
                <BankAccountInline bank={memberInfo} locale={locale} t={t} className="mc-deposit__step-account" />
              </span>
            ) : (
              t('walletUi.deposit.step2NoAccount')
            )}
          </li>
          <li>{t('walletUi.deposit.step3')}</li>
          <li>{t('walletUi.deposit.step4')}</li>
        </ol>
      </WalletSection>

      {ordered.length > 0 ? (
        <WalletSection title={t('walletUi.deposit.accountsTitle')}>
          <p className="mc-deposit__accounts-note">{t('walletUi.deposit.accountsNote')}</p>
          <ul className="mc-deposit__accounts" role="list">
            {ordered.map((account) => (
              <LandingAccount key={account.service} account={account} />
            ))}
          </ul>
          <ChooseLanding />
        </WalletSection>
      ) : null}
    </div>
  );
}
