import * as mc from '@member/shared-core';
import styles from './layout.module.css';
import theme from './theme.module.css';

/**
 * Default frame: a top app bar with the brand and preferences, the member strip, and the main menu
 * as a bottom tab bar on phones (thumb reach) that becomes a sidebar from 900 px.
 */
export default function Layout({ children }: mc.LayoutProps) {
  return (
    <mc.ThemeRoot theme="default" frame className={mc.cx(theme.theme, theme.root, styles.frame)}>
      <header className={styles.appBar}>
        <mc.BrandMark className={styles.brand} logoSize={36} />
        <mc.PreferenceSwitches className={styles.prefs} switchClassName={styles.switch} />
      </header>
      <div className={styles.body}>
        <mc.MainMenu
          className={styles.tabs}
          listClassName={styles.tabList}
          itemClassName={styles.tabItem}
          linkClassName={styles.tab}
          iconClassName={styles.tabIcon}
          labelClassName={styles.tabLabel}
        />
        <div className={styles.column}>
          <div className={styles.memberStrip}>
            <mc.MemberName className={styles.member} showIcon />
            <mc.LogoutButton className={styles.logout} variant="ghost" />
          </div>
          <mc.ProductsMenu variant="disclosure" className={styles.moreGames} />
          <mc.MainContent className={styles.main}>{children}</mc.MainContent>
          <mc.SiteFooter className={styles.footer}>
            <mc.LineContact className={styles.line} iconClassName={styles.lineIcon} />
          </mc.SiteFooter>
        </div>
      </div>
    </mc.ThemeRoot>
  );
}
