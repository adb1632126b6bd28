import { useId } from 'react';
import { Link, cx, testIds, usePage, useTranslation } from '@member/shared-core';
import * as ui from '@member/ui-kit';
import { PageShell } from '../page-shell';
import styles from '../page-shell.module.css';
import theme from '../theme.module.css';

const MONEY = ['deposit', 'withdraw'] as const;
type MoneySub = (typeof MONEY)[number];
const isMoneySub = (sub: string | null): sub is MoneySub => sub === 'deposit' || sub === 'withdraw';

/**
 * The default theme's profile. Its deposit and withdraw components come with it: two links under the member's card,
 * and at /profile/deposit or /profile/withdraw that component under the profile, so both are one thumb away.
 */
export default function ProfilePage() {
  const { sub, path } = usePage();
  // On the theme's own address (/profile/theme/default) the links stay on it; on a site's /profile they stay there.
  const base = path.startsWith('/profile/theme/') ? path.split('/').slice(0, 4).join('/') : '/profile';
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <>
      <PageShell page="profile">
        <ui.ProfileScreen />
        <nav className={styles.moneyLinks} aria-label={t('page.profile')}>
          {MONEY.map((key) => (
            <Link
              key={key}
              to={`${base}/${key}`}
              className={styles.moneyLink}
              aria-current={sub === key ? 'page' : undefined}
              data-testid={testIds.profileMoneyLink}
            >
              <ui.PageIcon page={key} size={20} />
              {t(`page.${key}`)}
            </Link>
          ))}
        </nav>
      </PageShell>
      {isMoneySub(sub) ? (
        <section
          className={cx(theme.theme, styles.card, styles.withBody, styles.moneyCard)}
          aria-labelledby={titleId}
          data-testid={testIds.profileMoney}
          data-sub={sub}
        >
          <h2 className={styles.moneyTitle} id={titleId}>
            {t(`page.${sub}`)}
          </h2>
          {sub === 'deposit' ? <ui.DepositScreen /> : <ui.WithdrawForm />}
        </section>
      ) : null}
    </>
  );
}
