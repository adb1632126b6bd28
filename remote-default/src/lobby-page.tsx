import { type GameCategory, cx } from '@member/shared-core';
import * as ui from '@member/ui-kit';
import styles from './lobby-page.module.css';
import { PageShell } from './page-shell';
import theme from './theme.module.css';

/**
 * The default theme's lobby: the page card with the title, then, on the page's ground, the other products as a row
 * and the lobby itself (brands, search, games) in full width so three tiles fit a phone.
 */
export function LobbyPage({ category }: { category: GameCategory }) {
  return (
    <div className={cx(theme.theme, styles.page)}>
      <PageShell page={category} compact intro={<ui.LobbyIntro category={category} className={styles.intro} />} />
      <ui.ProductsMenu className={styles.products} />
      <ui.LobbyScreen category={category} className={styles.lobby} />
    </div>
  );
}
