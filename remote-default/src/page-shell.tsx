import { cx } from '@member/shared-core';
import * as ui from '@member/ui-kit';
import styles from './page-shell.module.css';
import theme from './theme.module.css';

/** One screen of the default theme: a clean card with an icon badge; `standalone` pages (logout) bring their own root. */
export function PageShell({ page, standalone = false, intro, children, compact = false }: ui.PageShellProps) {
  const card = (
    <section className={cx(theme.theme, styles.card, children !== undefined && styles.withBody, compact && styles.compact)}>
      <ui.PageHeading
        page={page}
        inline
        compact={compact}
        className={styles.heading}
        iconClassName={styles.badge}
        iconSize={26}
        titleClassName={styles.title}
        introClassName={styles.intro}
        intro={intro}
      />
      {children !== undefined ? <div className={styles.body}>{children}</div> : null}
    </section>
  );
  if (!standalone) return card;
  return (
    <ui.ThemeRoot theme="default" className={cx(theme.theme, theme.root, styles.standalone)}>
      <main className={styles.standaloneMain}>
        <ui.BrandMark className={styles.brand} logoSize={48} />
        {card}
        <ui.VersionTag />
      </main>
    </ui.ThemeRoot>
  );
}
