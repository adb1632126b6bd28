import { useId, useState } from 'react';
import { useTranslation } from '@member/shared-core';
import { Link, usePreferences, useSession } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { safeUrl } from '@member/shared-core/helpers/safe-url';
import { formatBankNumber, formatPhone } from '@member/shared-core/helpers/format';
import { testIds } from '@member/shared-core';
import { DetailList } from './detail-list';
import { UiIcon } from './icons';
import { PageIcon } from './page-icon';

/** The bank's logo when the server gave one by URL (and it loads), else the bank drawing. */
function BankMark({ logo }: { logo: string }) {
  const [broken, setBroken] = useState(false);
  const src = safeUrl(logo);
  const showLogo = src !== null && !broken;
  return (
    <span className={cx('mc-member-card__bank-mark', showLogo && 'mc-member-card__bank-mark--logo')}>
      {showLogo ? (
        <img src={src} alt="" width={40} height={40} decoding="async" referrerPolicy="no-referrer" onError={() => setBroken(true)} />
      ) : (
        <UiIcon name="bank" size={22} />
      )}
    </span>
  );
}

/**
 * The member at the top of the profile: displayed username and phone on a card in the theme's colour, then the
 * bank account withdrawals go to. Every value from the server is rendered as text.
 */
export function MemberCard({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { locale } = usePreferences();
  const session = useSession();
  const member = session.memberInfo;
  const titleId = useId();
  const notSet = t('gamesUi.member.notSet');
  const bankName = member ? (locale === 'en' ? member.bank_en || member.bank_th : member.bank_th || member.bank_en) : '';
  return (
    <section className={cx('mc-member-card', className)} aria-labelledby={titleId}>
      <h2 className="mc-visually-hidden" id={titleId}>
        {t('gamesUi.member.title')}
      </h2>
      <div className="mc-member-card__hero">
        <span className="mc-member-card__avatar">
          <PageIcon page="profile" size={28} />
        </span>
        <p className="mc-member-card__who">
          <span className="mc-member-card__caption">{t('gamesUi.member.username')}</span>
          <span className="mc-member-card__name">{session.username || notSet}</span>
        </p>
        <p className="mc-member-card__phone">
          <UiIcon name="phone" size={18} />
          <span className="mc-visually-hidden">{t('gamesUi.member.phone')} </span>
          <span data-testid={testIds.profilePhone}>{member?.phone ? formatPhone(member.phone) : notSet}</span>
        </p>
      </div>
      <div className="mc-member-card__bank">
        <div className="mc-member-card__bank-head">
          <BankMark logo={member?.logo ?? ''} />
          <p className="mc-member-card__bank-name">
            <span className="mc-member-card__caption">{t('gamesUi.member.bank')}</span>
            <span className="mc-member-card__bank-title">{bankName || notSet}</span>
          </p>
        </div>
        <DetailList
          rows={[
            {
              key: 'accountNumber',
              label: t('gamesUi.member.accountNumber'),
              value: member?.account_number ? formatBankNumber(member.account_number) : notSet,
              testId: testIds.profileBankNumber,
              numeric: true,
            },
            { key: 'accountName', label: t('gamesUi.member.accountName'), value: member?.account_name || notSet },
          ]}
        />
      </div>
      <Link to="/info" className="mc-member-card__settings">
        <UiIcon name="lock" />
        <span>{t('gamesUi.member.settings')}</span>
        <UiIcon name="chevronRight" className="mc-member-card__chevron" />
      </Link>
    </section>
  );
}
