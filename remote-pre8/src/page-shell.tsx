import * as mc from '@member/shared-core';
import { Ornament } from './ornament';
import styles from './page-shell.module.css';
import theme from './theme.module.css';

/** One PRE8 screen: a gold-edged panel; `standalone` pages (logout) stand on their own black-and-gold ground. */
export function PageShell({ page, standalone = false, intro, children }: mc.PageShellProps) {
  const panel = (
    <article className={mc.cx(theme.theme, styles.panel, children !== undefined && styles.withBody)}>
      <mc.PageHeading
        page={page}
        inline
        className={styles.heading}
        iconClassName={styles.emblem}
        titleClassName={styles.title}
        introClassName={styles.intro}
        divider={<Ornament className={styles.rule} />}
        intro={intro}
      />
      {children !== undefined ? <div className={styles.body}>{children}</div> : null}
    </article>
  );
  return standalone ? (
    <mc.ThemeRoot theme="PRE8" className={mc.cx(theme.theme, theme.root, styles.ground)}>
      <div className={styles.stack}>
        <mc.BrandMark className={styles.brand} logoSize={80} />
        {panel}
        <mc.VersionTag className={styles.version} />
      </div>
    </mc.ThemeRoot>
  ) : (
    panel
  );
}
