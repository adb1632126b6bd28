import { useTranslation } from 'react-i18next';
import * as mc from '@member/shared-core';
import styles from './layout.module.css';
import { Ornament } from './ornament';
import theme from './theme.module.css';

/**
 * PRE8 frame: a black-and-gold hero band crowned by the logo, the menu as gold chips (a bar at the
 * bottom of a phone, under the hero on wide screens), and a gilded footer with contact and logout.
 */
export default function Layout({ children }: mc.LayoutProps) {
  const { t } = useTranslation();
  const { web } = mc.useSite();
  return (
    <mc.ThemeRoot theme="PRE8" frame className={mc.cx(theme.theme, theme.root, styles.frame)}>
      <header className={styles.hero}>
        <div className={styles.heroTop}>
          <mc.MemberName className={styles.member} showIcon />
          <mc.PreferenceSwitches className={styles.prefs} switchClassName={styles.switch} />
        </div>
        <mc.BrandMark className={styles.brand} logoSize={72} />
        <p className={styles.tagline}>{t('layout.memberOf', { site: web })}</p>
        <Ornament />
      </header>
      <mc.MainMenu className={styles.chipBar} listClassName={styles.chipList} linkClassName={styles.chip} iconClassName={styles.chipIcon} iconSize={18} />
      <mc.ProductsMenu variant="disclosure" className={styles.moreGames} toggleClassName={styles.moreToggle} />
      <mc.MainContent className={styles.main}>{children}</mc.MainContent>
      <mc.SiteFooter className={styles.footer} versionClassName={styles.version}>
        <Ornament />
        <div className={styles.footerActions}>
          <mc.LineContact className={styles.line} iconClassName={styles.lineIcon} />
          <mc.LogoutButton className={styles.logout} />
        </div>
      </mc.SiteFooter>
    </mc.ThemeRoot>
  );
}
