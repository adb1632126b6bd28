import * as mc from '@member/shared-core';
import { Ornament } from '../ornament';
import theme from '../theme.module.css';
import styles from './login.module.css';

/** PRE8 login: the crest on a black-and-gold hero, the form on a gilded card rising out of it. */
export default function LoginPage() {
  return (
    <mc.ThemeRoot theme="PRE8" className={mc.cx(theme.theme, theme.root, styles.screen)}>
      <header className={styles.hero}>
        <mc.PreferenceSwitches className={styles.prefs} switchClassName={styles.switch} />
        <mc.BrandMark className={styles.crest} logoSize={96} />
        <Ornament />
        <mc.LoginWelcome className={styles.welcome} />
      </header>
      <main className={styles.main}>
        <div className={styles.card}>
          <mc.PageTitle className={styles.title} />
          <mc.LoginSubheading className={styles.lead} />
          <mc.LoginForm className={styles.form} />
        </div>
        <mc.LineContact className={styles.line} iconClassName={styles.lineIcon} />
      </main>
      <mc.VersionTag className={styles.version} />
    </mc.ThemeRoot>
  );
}
