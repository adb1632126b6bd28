import { cx } from '@member/shared-core';
import * as ui from '@member/ui-kit';
import { Ornament } from './ornament';
import styles from './page-shell.module.css';
import theme from './theme.module.css';

/** One PRE8 screen: a gold-edged panel; `standalone` pages (logout) stand on their own black-and-gold ground. */
export function PageShell({ page, standalone = false, intro, children, compact = false }: ui.PageShellProps) {
  const panel = (
    <article className={cx(theme.theme, styles.panel, children !== undefined && styles.withBody, compact && styles.compact)}>
      <ui.PageHeading
        page={page}
        inline
        compact={compact}
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
    <ui.ThemeRoot theme="PRE8" className={cx(theme.theme, theme.root, styles.ground)}>
      <main className={styles.stack}>
        <ui.BrandMark className={styles.brand} logoSize={80} />
        {panel}
        <ui.VersionTag className={styles.version} />
      </main>
    </ui.ThemeRoot>
  ) : (
    panel
  );
}
