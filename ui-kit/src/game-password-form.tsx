import { useId } from 'react';
import { useTranslation } from '@member/shared-core';
import { useGameAccounts, useGamePassword } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import type { Service } from '@member/shared-core';
import { Button } from './button';
import { FormError, FormSuccess, submitTo } from './form-messages';
import { PasswordField } from './password-field';
import { SelectField } from './select-field';

/**
 * Changes the password of one of the member's game accounts: which account, the current password, the new one
 * twice. The host's useGamePassword checks and sends them and logs the provider in again. Absent without accounts.
 */
export function GamePasswordForm({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { accounts } = useGameAccounts();
  const form = useGamePassword();
  const titleId = useId();
  if (accounts.length === 0) return null;
  const options = accounts.map((a) => ({ value: a.service, label: `${t(`gamesUi.providers.${a.service}`)} · ${a.gameuser}` }));
  const serviceName = form.service ? t(`gamesUi.providers.${form.service}`) : '';
  return (
    <section className={cx('mc-section', 'mc-game-password', className)} aria-labelledby={titleId}>
      <h2 className="mc-section__title" id={titleId}>
        {t('gamesUi.changeGamePassword')}
      </h2>
      <p className="mc-game-password__intro">{t('gamesUi.changeGamePasswordIntro')}</p>
      <form className="mc-form" onSubmit={submitTo(form.submit)} noValidate>
        <SelectField
          label={t('gamesUi.account')}
          value={form.service ?? ''}
          onValueChange={(value) => {
            if (accounts.some((a) => a.service === value)) form.setService(value as Service);
          }}
          options={options}
          placeholder={form.service ? undefined : t('gamesUi.chooseAccount')}
          data-testid={testIds.gamePasswordService}
          name="service"
          required
        />
        <PasswordField
          label={t('gamesUi.oldPassword')}
          value={form.oldPassword}
          onValueChange={form.setOldPassword}
          error={form.fieldErrors.oldPassword}
          data-testid={testIds.gamePasswordOld}
          autoComplete="off"
          name="gameOldPassword"
          required
        />
        <PasswordField
          label={t('gamesUi.newPassword')}
          hint={t('register.passwordHint')}
          value={form.newPassword}
          onValueChange={form.setNewPassword}
          error={form.fieldErrors.newPassword}
          data-testid={testIds.gamePasswordNew}
          autoComplete="new-password"
          name="gameNewPassword"
          required
        />
        <PasswordField
          label={t('gamesUi.confirmPassword')}
          value={form.confirm}
          onValueChange={form.setConfirm}
          error={form.fieldErrors.confirm}
          data-testid={testIds.gamePasswordConfirm}
          autoComplete="new-password"
          name="gameConfirmPassword"
          required
        />
        <FormError message={form.error} />
        <FormSuccess message={form.done ? t('gamesUi.passwordChanged', { service: serviceName }) : null} />
        <Button type="submit" variant="primary" block busy={form.pending} data-testid={testIds.gamePasswordSubmit}>
          {form.pending ? t('gamesUi.saving') : t('gamesUi.savePassword')}
        </Button>
      </form>
    </section>
  );
}
