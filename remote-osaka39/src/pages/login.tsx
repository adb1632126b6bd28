import { cx } from '@member/shared-core';
import * as ui from '@member/ui-kit';
import { SakuraScene } from '../sakura';
import theme from '../theme.module.css';
import styles from './login.module.css';

/** OSAKA39 login: a torii-and-blossom scene on top, the logo in a round seal, the form on a soft card. */
export default function LoginPage() {
  return (
    <ui.ThemeRoot theme="OSAKA39" className={cx(theme.theme, theme.root, styles.screen)}>
      <header className={styles.scene}>
        <SakuraScene className={styles.art} />
        <ui.PreferenceSwitches className={styles.prefs} switchClassName={styles.pref} />
      </header>
      <main className={styles.main}>
        <ui.BrandMark className={styles.brand} logoSize={80} />
        <section className={styles.card}>
          <ui.PageTitle className={styles.title} />
          <ui.LoginSubheading className={styles.greeting} />
          <ui.LoginForm className={styles.form} />
        </section>
      </main>
      <footer className={styles.meta}>
        <ui.LineContact className={styles.line} iconClassName={styles.lineIcon} />
        <ui.VersionTag />
      </footer>
    </ui.ThemeRoot>
  );
}
