import * as mc from '@member/shared-core';
import styles from './layout.module.css';
import { SakuraSpray } from './sakura';
import theme from './theme.module.css';

/**
 * OSAKA39 frame: a calm header with the logo centred, the menu as a grid of rounded icon tiles, and an
 * ink action bar at the bottom of a phone with the LINE contact and logout within thumb reach.
 */
export default function Layout({ children }: mc.LayoutProps) {
  return (
    <mc.ThemeRoot theme="OSAKA39" frame className={mc.cx(theme.theme, theme.root, styles.frame)}>
      <header className={styles.header}>
        <SakuraSpray className={styles.spray} />
        <div className={styles.utility}>
          <mc.MemberName className={styles.member} showIcon />
          <mc.PreferenceSwitches switchClassName={styles.pref} />
        </div>
        <mc.BrandMark className={styles.brand} logoSize={64} />
      </header>
      <div className={styles.body}>
        <mc.MainMenu className={styles.menu} listClassName={styles.tiles} linkClassName={styles.tile} iconClassName={styles.tileIcon} labelClassName={styles.tileLabel} iconSize={22} />
        <mc.MainContent className={styles.main}>
          <mc.ProductsMenu variant="disclosure" className={styles.moreGames} toggleClassName={styles.moreToggle} />
          {children}
        </mc.MainContent>
      </div>
      <aside className={styles.actionBar}>
        <mc.LineContact className={styles.barLine} iconClassName={styles.barLineIcon} />
        <mc.LogoutButton className={styles.barLogout} variant="primary" />
      </aside>
      <mc.SiteFooter className={styles.footer} />
    </mc.ThemeRoot>
  );
}
