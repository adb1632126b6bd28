import { type LayoutProps, cx } from '@member/shared-core';
import * as ui from '@member/ui-kit';
import styles from './layout.module.css';
import theme from './theme.module.css';

/**
 * The default theme's frame: a top app bar with the brand, the member and preferences; under it the member's money
 * (the balance in use, deposit and withdraw) on a card; the main menu as a bottom tab bar on phones (thumb reach) that
 * becomes a sidebar from 900 px; the LINE contact and logout in the footer.
 */
export default function Layout({ children }: LayoutProps) {
  return (
    <ui.ThemeRoot theme="default" frame className={cx(theme.theme, theme.root, styles.frame)}>
      <header className={styles.appBar}>
        <ui.BrandMark className={styles.brand} logoSize={36} />
        <ui.MemberName className={styles.member} showIcon />
        <ui.PreferenceSwitches className={styles.prefs} switchClassName={styles.switch} />
      </header>
      <div className={styles.body}>
        <ui.MainMenu
          className={styles.tabs}
          listClassName={styles.tabList}
          itemClassName={styles.tabItem}
          linkClassName={styles.tab}
          iconClassName={styles.tabIcon}
          labelClassName={styles.tabLabel}
        />
        <div className={styles.column}>
          <ui.MemberArea className={styles.memberStrip}>
            <ui.MoneyBar className={styles.money} />
          </ui.MemberArea>
          <ui.ProductsMenu variant="disclosure" className={styles.moreGames} />
          <ui.MainContent className={styles.main}>{children}</ui.MainContent>
          <ui.SiteFooter className={styles.footer}>
            <div className={styles.footerActions}>
              <ui.LineContact className={styles.line} iconClassName={styles.lineIcon} />
              <ui.LogoutButton className={styles.logout} variant="ghost" />
            </div>
          </ui.SiteFooter>
        </div>
      </div>
    </ui.ThemeRoot>
  );
}
