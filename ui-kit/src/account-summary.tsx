import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from '@member/shared-core';
import { Link, usePreferences, useSession } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { formatBankNumber, formatPhone } from '@member/shared-core/helpers/format';
import { testIds, type TestId } from '@member/shared-core';
import { ConnectionBadge } from './connection-badge';
import { DetailList, type DetailRow } from './detail-list';
import { LineIcon, UiIcon } from './icons';
import { PageIcon } from './page-icon';
import { BankLogo } from './wallet-parts';

/** One entry of the log-in and security list: icon, label, an optional state, and where it leads. */
function SettingLink({
  to,
  icon,
  label,
  status,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  status?: { connected: boolean; testId: TestId };
}) {
  return (
    <li>
      <Link to={to} className="mc-setting">
        <span className="mc-setting__icon">{icon}</span>
        <span className="mc-setting__text">
          <span className="mc-setting__label">{label}</span>
          {status ? <ConnectionBadge connected={status.connected} testId={status.testId} /> : null}
        </span>
        <UiIcon name="chevronRight" className="mc-setting__chevron" />
      </Link>
    </li>
  );
}

/** A titled part of the summary; the heading names it for screen-reader navigation. */
function Section({ title, headingRef, children }: { title: string; headingRef?: Ref<HTMLHeadingElement>; children: ReactNode }) {
  const id = useId();
  return (
    <section className="mc-section" aria-labelledby={id}>
      <h2 className="mc-section__title" id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A panel of the summary: a mark, a caption over the main value, then the details under them. */
function SummaryCard({
  mark,
  markClassName,
  caption,
  title,
  rows,
}: {
  mark: ReactNode;
  markClassName?: string;
  caption: string;
  title: string;
  rows: readonly DetailRow[];
}) {
  return (
    <div className="mc-account__card">
      <div className="mc-account__head">
        <span className={cx('mc-account__mark', markClassName)}>{mark}</span>
        <p className="mc-account__who">
          <span className="mc-account__caption">{caption}</span>
          <span className="mc-account__title">{title}</span>
        </p>
      </div>
      <DetailList rows={rows} />
    </div>
  );
}

/**
 * The member's account at a glance: who they are, the bank account withdrawals go to, and how they
 * log in, with the way to each setting. Every value from the server is rendered as text.
 */
export function AccountSummary({ className, headingRef }: { className?: string; headingRef?: Ref<HTMLHeadingElement> }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const session = useSession();
  const member = session.memberInfo;
  const profile = session.profile;
  const notSet = t('info.notSet');
  const or = (value: string | undefined) => value || notSet;
  const bankName = member ? (locale === 'en' ? member.bank_en || member.bank_th : member.bank_th || member.bank_en) : '';

  const personal: DetailRow[] = [
    {
      key: 'phone',
      label: t('info.phone'),
      value: or(member?.phone && formatPhone(member.phone)),
      testId: testIds.infoPhone,
      numeric: true,
    },
  ];
  if (profile?.name) personal.push({ key: 'name', label: t('info.name'), value: profile.name });
  if (profile?.email) personal.push({ key: 'email', label: t('info.email'), value: profile.email });

  return (
    <div className={cx('mc-account', className)}>
      <Section title={t('info.details')} headingRef={headingRef}>
        <SummaryCard
          mark={<PageIcon page="profile" size={26} />}
          caption={t('info.username')}
          title={or(session.username)}
          rows={personal}
        />
      </Section>
      <Section title={t('info.bank')}>
        <SummaryCard
          mark={<BankLogo logo={member?.logo ?? ''} size={40} className="mc-account__bank-logo" />}
          markClassName="mc-account__mark--bank"
          caption={t('register.bank')}
          title={or(bankName)}
          rows={[
            {
              key: 'accountNumber',
              label: t('register.accountNumber'),
              value: or(member?.account_number && formatBankNumber(member.account_number)),
              testId: testIds.infoBankNumber,
              numeric: true,
            },
            { key: 'accountName', label: t('info.accountName'), value: or(member?.account_name) },
          ]}
        />
      </Section>
      <Section title={t('info.security')}>
        <ul className="mc-settings" role="list">
          <SettingLink to="/info/changePassword" icon={<UiIcon name="lock" />} label={t('info.changePassword')} />
          {/* Offered only to a member who cannot log in by phone yet; the phone log-in entry below says when it is connected. */}
          {profile?.phoneConnect === true ? null : (
            <SettingLink to="/info/connectPhone" icon={<UiIcon name="phone" />} label={t('info.connectPhone')} />
          )}
          <SettingLink
            to="/info/lineAuthInfo"
            icon={<LineIcon size={20} />}
            label={t('info.lineAuthInfo')}
            status={{ connected: profile?.lineConnect === true, testId: testIds.infoLineStatus }}
          />
          <SettingLink
            to="/info/phoneAuthInfo"
            icon={<UiIcon name="phone" />}
            label={t('info.phoneAuthInfo')}
            status={{ connected: profile?.phoneConnect === true, testId: testIds.infoPhoneStatus }}
          />
        </ul>
      </Section>
    </div>
  );
}
