import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '@member/shared-core';
import { useGameAccounts } from '@member/shared-core';
import type { GameAccountsModel, GameAccountView } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { Button } from './button';
import { GameAccountCard, NoGameAccounts, SwitchAccountButton } from './game-account-card';
import { GameIcon } from './game-icons';

/**
 * The buttons that act on one account, each with one line saying what it does (they differ, and members mix them up):
 * "switch to it" on the one not in use, "make it main" on the one that is not main. The outcome of a main switch is
 * said right under its button.
 */
function CardActions({
  account,
  model,
  switchHere,
  mainHere,
}: {
  account: GameAccountView;
  model: GameAccountsModel;
  switchHere: boolean;
  mainHere: boolean;
}) {
  const { t } = useTranslation();
  const service = t(`gamesUi.providers.${account.service}`);
  return (
    <>
      {switchHere ? (
        <div className="mc-game__action">
          <SwitchAccountButton account={account} busy={model.switching} onSwitch={model.switchAccount} />
          <p className="mc-game__action-help" data-testid={testIds.gamesSwitchHelp}>
            {t('gamesUi.switchHelp', { service })}
          </p>
        </div>
      ) : null}
      {mainHere ? (
        <div className="mc-game__action">
          <Button variant="secondary" block busy={model.switchingMain} onClick={model.switchMain} data-testid={testIds.switchMain}>
            {model.switchingMain ? null : <GameIcon name="star" />}
            {model.switchingMain ? t('gamesUi.makingMain') : t('gamesUi.makeMain', { service })}
          </Button>
          <p className="mc-game__action-help" data-testid={testIds.gamesSwitchHelp}>
            {t('gamesUi.makeMainHelp', { service })}
          </p>
          <GamesMessage error={model.error} notice={model.notice} busy={model.switchingMain} />
        </div>
      ) : null}
    </>
  );
}

/**
 * The outcome of the last main switch: an alert for a failure, a polite status for a success; always present so it is
 * heard. A new message is brought into view (clear of a bottom bar, through the theme's scroll margin), where the
 * member pressed.
 */
export function GamesMessage({ error, notice, busy }: { error: string | null; notice: string | null; busy: boolean }) {
  const message = error ?? notice;
  const box = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) box.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [message]);
  return (
    <p
      ref={box}
      className={cx('mc-notice', error ? 'mc-notice--error' : 'mc-notice--success', 'mc-games__message')}
      role={error ? 'alert' : 'status'}
      data-testid={testIds.gamesMessage}
      hidden={!message}
    >
      {message && !error && !busy ? <GameIcon name="check" className="mc-notice__icon" /> : null}
      <span>{message}</span>
    </p>
  );
}

/**
 * The member's game accounts from the host: one card each with its balance, the switches where they apply,
 * a way to refresh the balances, and what became of the last switch.
 */
export function GameAccountsPanel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const model = useGameAccounts();
  const titleId = useId();
  const loading = model.accounts.some((a) => a.balanceLoading);
  // The host switches to `other`, and makes the first account that is not main the main one: those cards carry the buttons.
  const switchTarget = model.other?.service;
  const mainTarget = model.accounts.length > 1 ? model.accounts.find((a) => !a.main)?.service : undefined;
  return (
    <section className={cx('mc-section', 'mc-games', className)} aria-labelledby={titleId}>
      <h2 className="mc-section__title" id={titleId}>
        {t('gamesUi.accountsTitle')}
      </h2>
      {model.accounts.length === 0 ? (
        <NoGameAccounts />
      ) : (
        <ul className="mc-games__list" role="list">
          {model.accounts.map((account) => (
            <li key={account.service}>
              <GameAccountCard
                account={account}
                actions={
                  account.service === switchTarget || account.service === mainTarget ? (
                    <CardActions
                      account={account}
                      model={model}
                      switchHere={account.service === switchTarget}
                      mainHere={account.service === mainTarget}
                    />
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
      )}
      {/* With one account there is no main switch: nothing to say it next to. */}
      {mainTarget === undefined ? <GamesMessage error={model.error} notice={model.notice} busy={model.switchingMain} /> : null}
      {model.accounts.length > 0 ? (
        <Button variant="secondary" block busy={loading} onClick={model.refreshBalances} data-testid={testIds.refreshBalances}>
          {loading ? null : <GameIcon name="refresh" size={18} />}
          {t('gamesUi.refreshBalances')}
        </Button>
      ) : null}
    </section>
  );
}
