import { type GameCategory, cx } from '@member/shared-core';
import * as ui from '@member/ui-kit';
import styles from './lobby-page.module.css';
import { PageShell } from './page-shell';
import theme from './theme.module.css';

/**
 * An OSAKA39 lobby: the sakura title card, then the other products as pills, the brands and search on a soft
 * rounded tray, and the games as round-cornered cards on the blossom ground.
 */
export function LobbyPage({ category }: { category: GameCategory }) {
  return (
    <div className={cx(theme.theme, styles.garden)}>
      <div className={styles.title}>
        <PageShell page={category} compact intro={<ui.LobbyIntro category={category} className={styles.intro} />} />
      </div>
      <ui.ProductsMenu className={styles.products} />
      <ui.LobbyScreen category={category} className={styles.lobby} />
    </div>
  );
}
