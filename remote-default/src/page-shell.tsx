import * as mc from '@member/shared-core';
import styles from './page-shell.module.css';
import theme from './theme.module.css';

/** One screen of the default theme: a clean card with an icon badge; `standalone` pages (logout) bring their own root. */
export function PageShell({ page, standalone = false, intro, children }: mc.PageShellProps) {
  const card = (
    <section className={mc.cx(theme.theme, styles.card, children !== undefined && styles.withBody)}>
      <mc.PageHeading page={page} inline className={styles.heading} iconClassName={styles.badge} iconSize={26} titleClassName={styles.title} introClassName={styles.intro} intro={intro} />
      {children !== undefined ? <div className={styles.body}>{children}</div> : null}
    </section>
  );
  if (!standalone) return card;
  return (
    <mc.ThemeRoot theme="default" className={mc.cx(theme.theme, theme.root, styles.standalone)}>
      <main className={styles.standaloneMain}>
        <mc.BrandMark className={styles.brand} logoSize={48} />
        {card}
        <mc.VersionTag />
      </main>
    </mc.ThemeRoot>
  );
}
