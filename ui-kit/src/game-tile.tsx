import { memo } from 'react';
import { useTranslation } from '@member/shared-core';
import type { LobbyGame } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { GameIcon } from './game-icons';
import { useGridSettled } from './virtual-grid';

/** Intrinsic size of a tile's image: square, so the browser reserves its box before it loads. */
export const TILE_IMAGE_SIZE = 160;

export interface GameTileProps {
  game: LobbyGame;
  /** This game is being launched. */
  busy?: boolean;
  onLaunch(game: LobbyGame): void;
  onToggleFavourite(game: LobbyGame): void;
  /** In the list's first row: its image is fetched at once and first (it is what the member waits to see). */
  priority?: boolean;
  /** Its brand's games are not open yet: marked so before the tap (the tap still says why it opens nothing). */
  soon?: boolean;
  /** Place in the whole list and its length, for a list that renders only part of itself. */
  position?: number;
  setSize?: number;
  className?: string;
}

/**
 * One game as a list item: a button that launches it (its square image and name), and a star that adds it to or
 * removes it from the favourites. Seven elements, eight while it launches; the theme colours it through --mc-*.
 * In a grid being flung, a tile that appears shows the image's placeholder until the grid settles.
 */
export const GameTile = memo(function GameTile({
  game,
  busy = false,
  soon = false,
  priority = false,
  onLaunch,
  onToggleFavourite,
  position,
  setSize,
  className,
}: GameTileProps) {
  const { t } = useTranslation();
  const settled = useGridSettled();
  return (
    <li
      className={cx('mc-tile', busy && 'mc-tile--busy', soon && 'mc-tile--soon', className)}
      data-testid={testIds.gameTile}
      data-soon={soon || undefined}
      data-game-id={game.id}
      data-game-name={game.name}
      aria-posinset={position}
      aria-setsize={setSize}
    >
      <button
        type="button"
        className="mc-tile__play"
        aria-label={t(soon ? 'lobbyUi.playSoon' : 'lobbyUi.play', { name: game.name })}
        aria-busy={busy || undefined}
        onClick={() => onLaunch(game)}
      >
        {game.imageUrl && settled ? (
          <img
            className="mc-tile__image"
            src={game.imageUrl}
            alt=""
            width={TILE_IMAGE_SIZE}
            height={TILE_IMAGE_SIZE}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            draggable={false}
          />
        ) : (
          <span className="mc-tile__image" />
        )}
        <span className="mc-tile__name">{game.name}</span>
        {soon ? (
          <span className="mc-tile__soon" aria-hidden="true">
            {t('lobbyUi.soon')}
          </span>
        ) : null}
      </button>
      <button
        type="button"
        className="mc-tile__fav"
        aria-pressed={game.favourite}
        aria-label={t(game.favourite ? 'lobbyUi.removeFavourite' : 'lobbyUi.addFavourite', { name: game.name })}
        data-testid={testIds.gameFavourite}
        onClick={() => onToggleFavourite(game)}
      >
        <GameIcon name="star" size={18} />
      </button>
      {busy ? <span className="mc-spinner mc-tile__spinner" aria-hidden="true" /> : null}
    </li>
  );
});
