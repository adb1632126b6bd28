import * as mc from '@member/shared-core';
import { SakuraScene } from '../sakura';
import theme from '../theme.module.css';
import styles from './login.module.css';

/** OSAKA39 login: a torii-and-blossom scene on top, the logo in a round seal, the form on a soft card. */
export default function LoginPage() {
  return (
    <mc.ThemeRoot theme="OSAKA39" className={mc.cx(theme.theme, theme.root, styles.screen)}>
      <div className={styles.scene}>
        <SakuraScene className={styles.art} />
        <mc.PreferenceSwitches className={styles.prefs} switchClassName={styles.pref} />
      </div>
      <main className={styles.main}>
        <mc.BrandMark className={styles.brand} logoSize={80} />
        <section className={styles.card}>
          <mc.PageTitle className={styles.title} />
          <mc.LoginSubheading className={styles.greeting} />
          <mc.LoginForm className={styles.form} />
        </section>
      </main>
      <p className={styles.meta}>
        <mc.LineContact className={styles.line} iconClassName={styles.lineIcon} />
        <mc.VersionTag />
      </p>
    </mc.ThemeRoot>
  );
}
