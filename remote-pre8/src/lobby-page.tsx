import { type GameCategory, cx } from '@member/shared-core';
import * as ui from '@member/ui-kit';
import styles from './lobby-page.module.css';
import { PageShell } from './page-shell';
import theme from './theme.module.css';

/**
 * A PRE8 lobby: the gold-edged title panel, a gilded rule, then the products and the lobby in black-and-gold dress
 * (serif gold headings, gilt chips, hairline-framed tiles).
 */
export function LobbyPage({ category }: { category: GameCategory }) {
  return (
    <div className={cx(theme.theme, styles.hall)}>
      <PageShell page={category} compact intro={<ui.LobbyIntro category={category} />} />
      <ui.ProductsMenu className={styles.products} />
      <ui.LobbyScreen category={category} />
    </div>
  );
}
