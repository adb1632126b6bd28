import { cx } from '@member/shared-core';
import * as ui from '@member/ui-kit';
import { Ornament } from '../ornament';
import theme from '../theme.module.css';
import styles from './login.module.css';

/** PRE8 login: the crest on a black-and-gold hero, the form on a gilded card rising out of it. */
export default function LoginPage() {
  return (
    <ui.ThemeRoot theme="PRE8" className={cx(theme.theme, theme.root, styles.screen)}>
      <header className={styles.hero}>
        <ui.PreferenceSwitches className={styles.prefs} switchClassName={styles.switch} />
        <ui.BrandMark className={styles.crest} logoSize={96} />
        <Ornament />
        <ui.LoginWelcome className={styles.welcome} />
      </header>
      <main className={styles.main}>
        <div className={styles.card}>
          <ui.PageTitle className={styles.title} />
          <ui.LoginSubheading className={styles.lead} />
          <ui.LoginForm className={styles.form} />
        </div>
        <ui.LineContact className={styles.line} iconClassName={styles.lineIcon} />
      </main>
      <footer className={styles.version}>
        <ui.VersionTag />
      </footer>
    </ui.ThemeRoot>
  );
}
