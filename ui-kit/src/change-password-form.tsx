import { useTranslation } from '@member/shared-core';
import { useChangePassword } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { Button } from './button';
import { FormError, FormSuccess, submitTo } from './form-messages';
import { PasswordField } from './password-field';

/** Current, new and repeated password; the host's useChangePassword checks and sends them. */
export function ChangePasswordForm({ className }: { className?: string }) {
  const { t } = useTranslation();
  const form = useChangePassword();
  return (
    <form className={cx('mc-form', className)} onSubmit={submitTo(form.submit)} noValidate>
      <PasswordField
        label={t('info.oldPassword')}
        value={form.oldPassword}
        onValueChange={form.setOldPassword}
        error={form.fieldErrors.oldPassword}
        data-testid={testIds.changePasswordOld}
        autoComplete="current-password"
        name="oldPassword"
        required
      />
      <PasswordField
        label={t('info.newPassword')}
        hint={t('register.passwordHint')}
        value={form.newPassword}
        onValueChange={form.setNewPassword}
        error={form.fieldErrors.newPassword}
        data-testid={testIds.changePasswordNew}
        autoComplete="new-password"
        name="newPassword"
        required
      />
      <PasswordField
        label={t('info.confirmPassword')}
        value={form.confirm}
        onValueChange={form.setConfirm}
        error={form.fieldErrors.confirm}
        data-testid={testIds.changePasswordConfirm}
        autoComplete="new-password"
        name="confirm"
        required
      />
      <FormError message={form.error} />
      <FormSuccess message={form.done ? t('info.passwordChanged') : null} />
      <Button type="submit" variant="primary" block busy={form.pending} data-testid={testIds.changePasswordSubmit}>
        {form.pending ? t('info.saving') : t('info.save')}
      </Button>
    </form>
  );
}
