import { useTranslation } from '@member/shared-core';
import { useLoginForm, useSite, Link } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { Button } from './button';
import { FormError, submitTo } from './form-messages';
import { LineIcon, UiIcon } from './icons';
import { PasswordField } from './password-field';
import { PhoneField } from './phone-field';

/**
 * The phone + LINE login form every theme shows; themes place and restyle it,
 * the host's useLoginForm decides what happens.
 */
export function LoginForm({ className }: { className?: string }) {
  const { t } = useTranslation();
  const form = useLoginForm();
  const site = useSite();
  return (
    <form className={['mc-login', className ?? ''].filter(Boolean).join(' ')} onSubmit={submitTo(form.submit)} noValidate>
      {/* Since 2.3: why the member was logged out, above the fields they will fill in again. */}
      {form.notice ? (
        <p className="mc-notice mc-login__ended" role="status" data-testid={testIds.loginNotice}>
          <UiIcon name="alert" className="mc-notice__icon" />
          <span>{form.notice}</span>
        </p>
      ) : null}
      <PhoneField
        label={t('login.phone')}
        placeholder={t('login.phonePlaceholder')}
        value={form.phone}
        onValueChange={form.setPhone}
        error={form.fieldErrors.phone}
        data-testid={testIds.loginPhone}
        name="phone"
        required
      />
      <PasswordField
        label={t('login.password')}
        value={form.password}
        onValueChange={form.setPassword}
        error={form.fieldErrors.password}
        data-testid={testIds.loginPassword}
        autoComplete="current-password"
        name="password"
        required
      />
      <FormError message={form.error} testId={testIds.loginError} />
      <Button type="submit" variant="primary" block busy={form.pending} data-testid={testIds.loginSubmit}>
        {form.pending ? t('login.submitting') : t('login.submit')}
      </Button>
      {/* Always in the page, so the change to "slow" is heard; a 2.0 host sends neither field. */}
      <div className="mc-announce mc-login__slow" role="status" data-testid={testIds.loginSlow}>
        {form.slow ? <p className="mc-notice">{t('login.slow')}</p> : null}
        {form.slow && form.cancel ? (
          <Button variant="secondary" block onClick={form.cancel} data-testid={testIds.loginCancel}>
            {t('login.cancel')}
          </Button>
        ) : null}
      </div>
      <p className="mc-login__or" aria-hidden="true">
        <span>{t('login.or')}</span>
      </p>
      <Button variant="line" block busy={form.linePending} data-testid={testIds.loginLine} onClick={form.startLineLogin}>
        <LineIcon />
        {t('login.line')}
      </Button>
      {site.registerEnabled ? (
        <p className="mc-login__register">
          {t('login.noAccount')} <Link to="/register">{t('login.register')}</Link>
        </p>
      ) : null}
    </form>
  );
}
