import * as mc from '@member/shared-core';
import theme from '../theme.module.css';
import styles from './login.module.css';

/** Default login: a clean card floating on a soft indigo-to-sky gradient. */
export default function LoginPage() {
  return (
    <mc.ThemeRoot theme="default" className={mc.cx(theme.theme, theme.root, styles.screen)}>
      <mc.PreferenceSwitches className={styles.topBar} />
      <main className={styles.main}>
        <section className={styles.card}>
          <mc.BrandMark className={styles.brand} logoSize={56} />
          <mc.LoginWelcome className={styles.eyebrow} />
          <mc.PageTitle className={styles.title} />
          <mc.LoginSubheading className={styles.sub} />
          <mc.LoginForm />
        </section>
        <mc.LineContact className={styles.line} iconClassName={styles.lineIcon} />
        <mc.VersionTag className={styles.version} />
      </main>
    </mc.ThemeRoot>
  );
}
