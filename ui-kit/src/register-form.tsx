import { useRef } from 'react';
import { useTranslation } from '@member/shared-core';
import { Link, useRegisterFlow } from '@member/shared-core';
import type { RegisterFlowModel, RegisterStep } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { formatBankNumber, formatPhone } from '@member/shared-core/helpers/format';
import { testIds } from '@member/shared-core';
import type { BankCode } from '@member/shared-core';
import { Button } from './button';
import { DetailList } from './detail-list';
import { FormError, submitTo } from './form-messages';
import { UiIcon } from './icons';
import { PasswordField } from './password-field';
import { PhoneField } from './phone-field';
import { SelectField } from './select-field';
import { TextField } from './text-field';
import { useFocusOnChange } from './use-focus-on-change';

const STEPS: readonly RegisterStep[] = [1, 2, 3];

/** The three steps as an ordered list: done ones ticked, the current one marked for assistive technology. */
function StepList({ step }: { step: RegisterStep }) {
  const { t } = useTranslation();
  return (
    <ol className="mc-steps" aria-label={t('register.progress')}>
      {STEPS.map((n) => (
        <li
          key={n}
          className={cx('mc-steps__item', n < step && 'mc-steps__item--done', n === step && 'mc-steps__item--current')}
          aria-current={n === step ? 'step' : undefined}
        >
          <span className="mc-steps__dot" aria-hidden="true">
            {n < step ? <UiIcon name="check" size={16} /> : n}
          </span>
          <span className="mc-steps__label">{t(`register.step${n}`)}</span>
        </li>
      ))}
    </ol>
  );
}

function PhoneAndPassword({ flow }: { flow: RegisterFlowModel }) {
  const { t } = useTranslation();
  return (
    <>
      <PhoneField
        label={t('register.phone')}
        placeholder={t('login.phonePlaceholder')}
        value={flow.phone}
        onValueChange={flow.setPhone}
        error={flow.fieldErrors.phone}
        data-testid={testIds.registerPhone}
        name="phone"
        required
      />
      {flow.viaLine ? (
        <p className="mc-note">{t('register.lineNoPassword')}</p>
      ) : (
        <>
          <PasswordField
            label={t('register.password')}
            hint={t('register.passwordHint')}
            value={flow.password}
            onValueChange={flow.setPassword}
            error={flow.fieldErrors.password}
            data-testid={testIds.registerPassword}
            autoComplete="new-password"
            name="password"
            required
          />
          <PasswordField
            label={t('register.confirm')}
            value={flow.confirm}
            onValueChange={flow.setConfirm}
            error={flow.fieldErrors.confirm}
            data-testid={testIds.registerConfirm}
            autoComplete="new-password"
            name="confirm"
            required
          />
        </>
      )}
    </>
  );
}

function BankAccount({ flow }: { flow: RegisterFlowModel }) {
  const { t } = useTranslation();
  return (
    <>
      <SelectField
        label={t('register.bank')}
        placeholder={t('register.chooseBank')}
        options={flow.banks.map((bank) => ({ value: bank.code, label: bank.name }))}
        value={flow.bankCode}
        onValueChange={(code) => flow.setBankCode(code as BankCode | '')}
        error={flow.fieldErrors.bankCode}
        data-testid={testIds.registerBank}
        name="bank"
        required
      />
      <TextField
        label={t('register.accountNumber')}
        hint={t('register.accountNumberHint')}
        value={flow.accountNumber}
        onValueChange={flow.setAccountNumber}
        error={flow.fieldErrors.accountNumber}
        data-testid={testIds.registerAccountNumber}
        inputMode="numeric"
        autoComplete="off"
        name="accountNumber"
        required
      />
      <TextField
        label={t('register.accountName')}
        hint={t('register.accountNameHint')}
        value={flow.accountName}
        onValueChange={flow.setAccountName}
        error={flow.fieldErrors.accountName}
        data-testid={testIds.registerAccountName}
        autoComplete="name"
        name="accountName"
        required
      />
    </>
  );
}

/** Step 3: what the member entered, formatted the way the site shows it, every value as plain text. */
function Review({ flow }: { flow: RegisterFlowModel }) {
  const { t } = useTranslation();
  const bank = flow.banks.find((option) => option.code === flow.bankCode);
  return (
    <>
      <p className="mc-note">{t('register.review')}</p>
      <DetailList
        className="mc-details--review"
        rows={[
          { key: 'phone', label: t('register.phone'), value: formatPhone(flow.phone), numeric: true },
          { key: 'bank', label: t('register.bank'), value: bank?.name ?? flow.bankCode },
          { key: 'accountNumber', label: t('register.accountNumber'), value: formatBankNumber(flow.accountNumber), numeric: true },
          { key: 'accountName', label: t('register.accountName'), value: flow.accountName },
        ]}
      />
    </>
  );
}

const STEP_BODIES = { 1: PhoneAndPassword, 2: BankAccount, 3: Review } as const;

/**
 * Registration in three steps, driven entirely by the host's useRegisterFlow: the step list, the
 * current step's fields, the form's error, back and next. When the step changes, focus moves to the
 * step's heading so a screen reader announces where the member now is.
 */
export function RegisterForm({ className }: { className?: string }) {
  const { t } = useTranslation();
  const flow = useRegisterFlow();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(flow.step, heading);

  const Body = STEP_BODIES[flow.step];
  const last = flow.step === 3;
  return (
    <form className={cx('mc-form', 'mc-register', className)} onSubmit={submitTo(flow.submit)} noValidate>
      <StepList step={flow.step} />
      <h2 className="mc-form__title mc-register__step" ref={heading} tabIndex={-1} data-testid={testIds.registerStep}>
        <span className="mc-register__count">{t('register.stepOf', { step: flow.step })}</span>{' '}
        <span className="mc-register__name">{t(`register.step${flow.step}`)}</span>
      </h2>
      <Body flow={flow} />
      <FormError message={flow.error} testId={testIds.registerError} />
      <div className={cx('mc-form__actions', flow.step > 1 && 'mc-form__actions--pair')}>
        {flow.step > 1 ? (
          <Button variant="secondary" onClick={flow.back} disabled={flow.pending} data-testid={testIds.registerBack}>
            <UiIcon name="chevronLeft" />
            {t('register.back')}
          </Button>
        ) : null}
        <Button type="submit" variant="primary" block busy={flow.pending} data-testid={testIds.registerSubmit}>
          {last ? (flow.pending ? t('register.creating') : t('register.create')) : t('register.next')}
          {last || flow.pending ? null : <UiIcon name="chevronRight" />}
        </Button>
      </div>
      <p className="mc-form__aside">
        {t('register.haveAccount')} <Link to="/login">{t('register.login')}</Link>
      </p>
    </form>
  );
}
