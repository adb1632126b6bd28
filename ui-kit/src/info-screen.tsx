import { useId, useRef, type ComponentType } from 'react';
import { useTranslation } from '@member/shared-core';
import { Link, usePage } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { AccountSummary } from './account-summary';
import { ChangePasswordForm } from './change-password-form';
import { ConnectPhoneForm } from './connect-phone-form';
import { UiIcon } from './icons';
import { LineConnectPanel } from './line-connect-panel';
import { PhoneAuthPanel } from './phone-auth-panel';
import { useFocusOnChange } from './use-focus-on-change';

/** The info page's sub-components other than the summary itself, with their titles. */
const SUB_PAGES: Readonly<Record<string, { title: string; Body: ComponentType }>> = {
  changePassword: { title: 'info.changePassword', Body: ChangePasswordForm },
  connectPhone: { title: 'info.connectPhone', Body: ConnectPhoneForm },
  lineAuthInfo: { title: 'info.lineAuthInfo', Body: LineConnectPanel },
  phoneAuthInfo: { title: 'info.phoneAuthInfo', Body: PhoneAuthPanel },
};

/**
 * The whole info page body: the account summary at /info (and /info/info), or one setting with a way
 * back. Focus moves to the new heading when the member goes from one to another.
 */
export function InfoScreen({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { sub } = usePage();
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const entry = sub && Object.hasOwn(SUB_PAGES, sub) ? SUB_PAGES[sub] : undefined;
  useFocusOnChange(entry ? sub : null, heading);
  if (!entry) return <AccountSummary className={className} headingRef={heading} />;
  const { title, Body } = entry;
  return (
    <section className={cx('mc-info-sub', className)} aria-labelledby={titleId}>
      <Link to="/info" className="mc-back-link">
        <UiIcon name="chevronLeft" />
        {t('info.backToAccount')}
      </Link>
      <h2 className="mc-form__title" id={titleId} ref={heading} tabIndex={-1}>
        {t(title)}
      </h2>
      <Body />
    </section>
  );
}
