import * as mc from '@member/shared-core';
import styles from './page-shell.module.css';
import { SakuraSpray } from './sakura';
import theme from './theme.module.css';

/** An OSAKA39 page card: soft and round, a red seal with the page's icon, blossoms in the corner. */
function SakuraCard({ page }: { page: mc.PageKey }) {
  return (
    <section className={mc.cx(theme.theme, styles.card)}>
      <SakuraSpray className={styles.spray} />
      <mc.PageHeading page={page} className={styles.heading} iconClassName={styles.seal} titleClassName={styles.title} introClassName={styles.intro} />
    </section>
  );
}

/** One OSAKA39 screen; `standalone` pages (logout) sit on their own sakura ground without the frame. */
export function PageShell({ page, standalone = false }: { page: mc.PageKey; standalone?: boolean }) {
  if (!standalone) return <SakuraCard page={page} />;
  return (
    <mc.ThemeRoot theme="OSAKA39" className={mc.cx(theme.theme, theme.root, styles.ground)}>
      <mc.BrandMark className={styles.brand} logoSize={72} />
      <SakuraCard page={page} />
      <mc.LogoutButton className={styles.logout} variant="primary" block />
      <mc.VersionTag />
    </mc.ThemeRoot>
  );
}
