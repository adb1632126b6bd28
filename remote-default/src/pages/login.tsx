import { cx } from '@member/shared-core';
import * as ui from '@member/ui-kit';
import theme from '../theme.module.css';
import styles from './login.module.css';

/** The default theme's login: a clean card floating on a soft indigo-to-sky gradient. */
export default function LoginPage() {
  return (
    <ui.ThemeRoot theme="default" className={cx(theme.theme, theme.root, styles.screen)}>
      <header className={styles.topBar}>
        <ui.PreferenceSwitches />
      </header>
      <main className={styles.main}>
        <section className={styles.card}>
          <ui.BrandMark className={styles.brand} logoSize={56} />
          <ui.LoginWelcome className={styles.eyebrow} />
          <ui.PageTitle className={styles.title} />
          <ui.LoginSubheading className={styles.sub} />
          <ui.LoginForm />
        </section>
        <ui.LineContact className={styles.line} iconClassName={styles.lineIcon} />
        <ui.VersionTag className={styles.version} />
      </main>
    </ui.ThemeRoot>
  );
}
