import { useId, useState } from 'react';
import { useTranslation } from '@member/shared-core';
import { useGameAccounts } from '@member/shared-core';
import type { GameAccountView } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { Announcement, CopyButton, useAnnouncement } from './copy-button';
import { GameAccountHead, MaintenanceNote, NoGameAccounts, SwitchAccountButton } from './game-account-card';
import { GameIcon } from './game-icons';

/** What a hidden password shows: always eight dots, so its length is not given away. */
export const MASKED_PASSWORD = '••••••••';

/**
 * One account's log-in for the provider: the game user and the password, each with a copy button; the password
 * hidden until asked. What a copy did is said politely under the buttons; a refused copy shows the password to copy by hand.
 */
function CredentialsCard({ account, switchTo }: { account: GameAccountView; switchTo?: { run(): void; busy: boolean } }) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const { message, announce } = useAnnouncement();
  const titleId = useId();
  const service = t(`gamesUi.providers.${account.service}`);
  const copied = (done: string) => (ok: boolean) => {
    if (!ok) setRevealed(true);
    announce(ok ? done : t('gamesUi.copyFailed'), ok ? 'done' : 'failed');
  };
  return (
    <article
      className={cx('mc-game', 'mc-game--credentials', account.selected && 'mc-game--selected')}
      aria-labelledby={titleId}
      data-testid={testIds.gameAccount}
      data-service={account.service}
    >
      <GameAccountHead account={account} titleId={titleId} />
      <div className="mc-cred">
        <span className="mc-cred__label">{t('gamesUi.gameUser')}</span>
        <div className="mc-cred__row">
          <span className="mc-cred__value" data-testid={testIds.gameUser}>
            {account.gameuser}
          </span>
          <CopyButton
            text={account.gameuser}
            label={t('gamesUi.copyUser', { service })}
            testId={testIds.gameUserCopy}
            onCopied={copied(t('gamesUi.userCopied', { service }))}
          />
        </div>
      </div>
      <div className="mc-cred">
        <span className="mc-cred__label">{t('gamesUi.password')}</span>
        <div className="mc-cred__row">
          <span className={cx('mc-cred__value', !revealed && 'mc-cred__value--masked')} data-testid={testIds.gamePasswordValue}>
            {revealed ? account.password : MASKED_PASSWORD}
          </span>
          {revealed ? null : <span className="mc-visually-hidden">{t('gamesUi.passwordHidden')}</span>}
          <button
            type="button"
            className="mc-chip-btn"
            aria-pressed={revealed}
            data-testid={testIds.gamePasswordReveal}
            onClick={() => setRevealed((v) => !v)}
          >
            <GameIcon name={revealed ? 'eyeOff' : 'eye'} size={18} />
            {/* Named by its content (see CopyButton): the full label opens with the visible word. */}
            <span aria-hidden="true">{revealed ? t('gamesUi.hide') : t('gamesUi.show')}</span>
            <span className="mc-visually-hidden">
              {revealed ? t('gamesUi.hidePassword', { service }) : t('gamesUi.showPassword', { service })}
            </span>
          </button>
          <CopyButton
            text={account.password}
            label={t('gamesUi.copyPassword', { service })}
            testId={testIds.gamePasswordCopy}
            onCopied={copied(t('gamesUi.passwordCopied', { service }))}
          />
        </div>
      </div>
      <MaintenanceNote account={account} />
      {/* Making it the selected account goes to the profile, where the accounts and their balances are. */}
      {switchTo ? <SwitchAccountButton account={account} busy={switchTo.busy} onSwitch={switchTo.run} variant="secondary" /> : null}
      <Announcement message={message} />
    </article>
  );
}

/**
 * The game user page's body: each game account's user name and password, to copy into the provider's own app.
 * Showing and copying are the page's own business, kept in each card.
 */
export function GameUserList({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { accounts, other, switchAccount, switching } = useGameAccounts();
  if (accounts.length === 0) {
    return <NoGameAccounts className={className} />;
  }
  return (
    <div className={cx('mc-credentials', className)}>
      <p className="mc-note">{t('gamesUi.keepPrivate')}</p>
      <ul className="mc-games__list" role="list">
        {accounts.map((account) => (
          <li key={account.service}>
            <CredentialsCard
              account={account}
              switchTo={other?.service === account.service ? { run: switchAccount, busy: switching } : undefined}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
