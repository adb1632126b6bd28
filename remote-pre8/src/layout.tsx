import * as mc from '@member/shared-core';
import * as ui from '@member/ui-kit';
import styles from './layout.module.css';
import { Ornament } from './ornament';
import theme from './theme.module.css';

/**
 * PRE8 frame: a black-and-gold hero band crowned by the logo, the menu as gold chips (a bar at the
 * bottom of a phone, under the hero on wide screens), and a gilded footer with contact and logout.
 */
export default function Layout({ children }: mc.LayoutProps) {
  const { t } = mc.useTranslation();
  const { web } = mc.useSite();
  return (
    <ui.ThemeRoot theme="PRE8" frame className={mc.cx(theme.theme, theme.root, styles.frame)}>
      <header className={styles.hero}>
        <div className={styles.heroTop}>
          <ui.MemberName className={styles.member} showIcon />
          <ui.PreferenceSwitches className={styles.prefs} switchClassName={styles.switch} />
        </div>
        <ui.BrandMark className={styles.brand} logoSize={72} />
        <p className={styles.tagline}>{t('layout.memberOf', { site: web })}</p>
        <Ornament />
      </header>
      <ui.MainMenu className={styles.chipBar} listClassName={styles.chipList} linkClassName={styles.chip} iconClassName={styles.chipIcon} iconSize={18} />
      <ui.ProductsMenu variant="disclosure" className={styles.moreGames} toggleClassName={styles.moreToggle} />
      <ui.MainContent className={styles.main}>{children}</ui.MainContent>
      <ui.SiteFooter className={styles.footer} versionClassName={styles.version}>
        <Ornament />
        <div className={styles.footerActions}>
          <ui.LineContact className={styles.line} iconClassName={styles.lineIcon} />
          <ui.LogoutButton className={styles.logout} />
        </div>
      </ui.SiteFooter>
    </ui.ThemeRoot>
  );
}
