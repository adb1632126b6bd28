import { useTranslation } from '@member/shared-core';
import { useConnectPhone } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { Button } from './button';
import { ConnectionStatus } from './connection-badge';
import { FormError, FormSuccess, submitTo } from './form-messages';
import { UiIcon } from './icons';
import { PasswordField } from './password-field';
import { PhoneField } from './phone-field';

/**
 * Gives a member without phone log-in (one who joined through LINE) a phone number and password.
 * A member whose phone is already connected sees that instead of the form.
 */
export function ConnectPhoneForm({ className }: { className?: string }) {
  const { t } = useTranslation();
  const form = useConnectPhone();
  const success = <FormSuccess message={form.done ? t('info.phoneConnected') : null} />;
  if (form.connectedPhone) {
    return (
      <div className={cx('mc-form', className)}>
        {success}
        <ConnectionStatus connected icon={<UiIcon name="phone" />}>
          {t('info.phoneConnectedInfo', { phone: form.connectedPhone })}
        </ConnectionStatus>
      </div>
    );
  }
  return (
    <form className={cx('mc-form', className)} onSubmit={submitTo(form.submit)} noValidate>
      <p className="mc-note">{t('info.phoneNotConnectedInfo')}</p>
      <PhoneField
        label={t('info.phone')}
        placeholder={t('login.phonePlaceholder')}
        value={form.phone}
        onValueChange={form.setPhone}
        error={form.fieldErrors.phone}
        data-testid={testIds.connectPhoneNumber}
        name="phone"
        required
      />
      <PasswordField
        label={t('register.password')}
        hint={t('register.passwordHint')}
        value={form.password}
        onValueChange={form.setPassword}
        error={form.fieldErrors.password}
        data-testid={testIds.connectPhonePassword}
        autoComplete="new-password"
        name="password"
        required
      />
      <FormError message={form.error} />
      {success}
      <Button type="submit" variant="primary" block busy={form.pending} data-testid={testIds.connectPhoneSubmit}>
        {form.pending ? t('info.saving') : t('info.connectPhone')}
      </Button>
    </form>
  );
}
