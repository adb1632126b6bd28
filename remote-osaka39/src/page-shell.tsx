import { cx } from '@member/shared-core';
import * as ui from '@member/ui-kit';
import styles from './page-shell.module.css';
import { SakuraSpray } from './sakura';
import theme from './theme.module.css';

/** An OSAKA39 page card: soft and round, a red seal with the page's icon, blossoms in the corner. */
function SakuraCard({ page, intro, children, compact = false }: Omit<ui.PageShellProps, 'standalone'>) {
  return (
    <section className={cx(theme.theme, styles.card, children !== undefined && styles.withBody, compact && styles.compact)}>
      <SakuraSpray className={styles.spray} />
      <ui.PageHeading
        page={page}
        compact={compact}
        className={styles.heading}
        iconClassName={styles.seal}
        titleClassName={styles.title}
        introClassName={styles.intro}
        intro={intro}
      />
      {children !== undefined ? <div className={styles.body}>{children}</div> : null}
    </section>
  );
}

/** One OSAKA39 screen; `standalone` pages (logout) sit on their own sakura ground without the frame. */
export function PageShell({ standalone = false, ...card }: ui.PageShellProps) {
  if (!standalone) return <SakuraCard {...card} />;
  return (
    <ui.ThemeRoot theme="OSAKA39" className={cx(theme.theme, theme.root, styles.ground)}>
      <main className={styles.standaloneMain}>
        <ui.BrandMark className={styles.brand} logoSize={72} />
        <SakuraCard {...card} />
        <ui.VersionTag />
      </main>
    </ui.ThemeRoot>
  );
}
