import { type LayoutProps, cx, usePage, useTranslation } from '@member/shared-core';
import * as ui from '@member/ui-kit';
import styles from './layout.module.css';
import { SakuraSpray } from './sakura';
import theme from './theme.module.css';

/**
 * OSAKA39 frame: a calm header with the seal, the member and preferences on one line and the member's money on a
 * lifted card; the menu as a grid of rounded icon tiles on the profile (the member's home) and one sideways row on a
 * phone's other pages, so their content starts above the fold; and an ink bar at the bottom of a phone with the LINE
 * contact and deposit and withdraw within thumb reach (on a wide screen they sit beside the balance). Logout is in the
 * footer, out of the thumb's way.
 */
export default function Layout({ children }: LayoutProps) {
  const { page } = usePage();
  const { t } = useTranslation();
  return (
    <ui.ThemeRoot theme="OSAKA39" frame className={cx(theme.theme, theme.root, styles.frame)}>
      <header className={styles.header}>
        <SakuraSpray className={styles.spray} />
        <div className={styles.utility}>
          <ui.BrandMark className={styles.brand} logoSize={40} />
          <ui.MemberName className={styles.member} showIcon />
          <ui.PreferenceSwitches switchClassName={styles.pref} />
        </div>
        <ui.MoneyBar className={styles.money} actionsClassName={styles.moneyActions} />
      </header>
      <div className={styles.body}>
        <ui.MainMenu
          className={cx(styles.menu, page !== 'profile' && styles.menuRow)}
          listClassName={styles.tiles}
          linkClassName={styles.tile}
          iconClassName={styles.tileIcon}
          labelClassName={styles.tileLabel}
          iconSize={22}
        />
        <ui.MainContent className={styles.main}>
          <ui.ProductsMenu variant="disclosure" className={styles.moreGames} toggleClassName={styles.moreToggle} />
          {children}
        </ui.MainContent>
      </div>
      <aside className={styles.actionBar} aria-label={t('landmarks.account')}>
        <ui.LineContact className={styles.barLine} iconClassName={styles.barLineIcon} />
        <ui.MoneyActions className={styles.barActions} actionClassName={styles.barAction} />
      </aside>
      <ui.SiteFooter className={styles.footer}>
        <ui.LogoutButton className={styles.logout} variant="ghost" />
      </ui.SiteFooter>
    </ui.ThemeRoot>
  );
}
