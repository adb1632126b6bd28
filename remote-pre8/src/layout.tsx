import { type LayoutProps, cx, useSite, useTranslation } from '@member/shared-core';
import * as ui from '@member/ui-kit';
import styles from './layout.module.css';
import { Ornament } from './ornament';
import theme from './theme.module.css';

/**
 * PRE8 frame: a black-and-gold band with the crest, the member and the preferences on one line and the member's money
 * on a gilded card under them (deposit and withdraw beside the balance), the menu as gold chips (a bar at the bottom
 * of a phone, under the band on wide screens), and a gilded footer with the club's line, contact and logout.
 */
export default function Layout({ children }: LayoutProps) {
  const { t } = useTranslation();
  const { name: siteName } = useSite();
  return (
    <ui.ThemeRoot theme="PRE8" frame className={cx(theme.theme, theme.root, styles.frame)}>
      <header className={styles.hero}>
        <div className={styles.heroTop}>
          <ui.BrandMark className={styles.brand} logoSize={40} />
          <ui.MemberName className={styles.member} showIcon />
          <ui.PreferenceSwitches className={styles.prefs} switchClassName={styles.switch} />
        </div>
        <ui.MoneyBar className={styles.money} actionClassName={styles.moneyAction} />
      </header>
      <ui.MainMenu
        className={styles.chipBar}
        listClassName={styles.chipList}
        linkClassName={styles.chip}
        iconClassName={styles.chipIcon}
        iconSize={18}
      />
      <ui.ProductsMenu variant="disclosure" className={styles.moreGames} toggleClassName={styles.moreToggle} />
      <ui.MainContent className={styles.main}>{children}</ui.MainContent>
      <ui.SiteFooter className={styles.footer} versionClassName={styles.version}>
        <Ornament />
        <p className={styles.tagline}>{t('layout.memberOf', { site: siteName })}</p>
        <div className={styles.footerActions}>
          <ui.LineContact className={styles.line} iconClassName={styles.lineIcon} />
          <ui.LogoutButton className={styles.logout} />
        </div>
      </ui.SiteFooter>
    </ui.ThemeRoot>
  );
}
