import { memo, startTransition, useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@member/shared-core';
import { Link, useActions, useLobby, usePage, useSite } from '@member/shared-core';
import type { LobbyBrand, LobbyGame, LobbyModel } from '@member/shared-core';
import type { GameCategory } from '@member/shared-core';
import { cx } from '@member/shared-core';
import { testIds } from '@member/shared-core';
import { BrandPicker } from './brand-picker';
import { Button } from './button';
import { GameTile } from './game-tile';
import { PageIcon } from './page-icon';
import { VirtualGrid } from './virtual-grid';

/** Tile geometry shared by the grid, its skeleton and the CSS (`--mc-tile-caption`). */
export const LOBBY_TILE = { minWidth: 100, gap: 10, caption: 44, aspectRatio: 1 } as const;
/** At most this many games in the favourites and recently played rows; the grid lists them first anyway. */
export const LOBBY_ROW_LIMIT = 12;
const SKELETON_TILES = 12;

/** A callback whose identity never changes but which always calls the latest `fn` (tiles are memoised). */
function useStableCallback<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

const sameGames = (a: readonly LobbyGame[], b: readonly LobbyGame[]) => a.length === b.length && a.every((game, i) => game === b[i]);

interface RowProps {
  title: string;
  testId: string;
  games: readonly LobbyGame[];
  launchingKey: string | null;
  /** Storage keys of the brands whose games are not open yet. */
  soonBrands: ReadonlySet<string>;
  onLaunch(game: LobbyGame): void;
  onToggleFavourite(game: LobbyGame): void;
}

/** Favourites or recently played: a titled row of tiles that scrolls sideways. */
const GameRow = memo(
  function GameRow({ title, testId, games, launchingKey, soonBrands, onLaunch, onToggleFavourite }: RowProps) {
    const titleId = useId();
    const shown = games.slice(0, LOBBY_ROW_LIMIT);
    return (
      <section className="mc-lobby__row" aria-labelledby={titleId} data-testid={testId}>
        <h2 className="mc-lobby__label" id={titleId}>
          {title}
        </h2>
        <ul className="mc-tile-row" role="list">
          {shown.map((game, i) => (
            <GameTile
              key={game.key}
              game={game}
              busy={launchingKey === game.key}
              soon={soonBrands.has(game.brand)}
              onLaunch={onLaunch}
              onToggleFavourite={onToggleFavourite}
              position={i + 1}
              setSize={shown.length}
            />
          ))}
        </ul>
      </section>
    );
  },
  (a, b) =>
    a.title === b.title &&
    a.launchingKey === b.launchingKey &&
    a.soonBrands === b.soonBrands &&
    a.onLaunch === b.onLaunch &&
    a.onToggleFavourite === b.onToggleFavourite &&
    sameGames(a.games, b.games),
);

/** Placeholder tiles in the grid's own geometry, so nothing moves when the games arrive. */
function LobbySkeleton({ label }: { label: string }) {
  return (
    <div className="mc-lobby__loading" role="status" data-testid={testIds.lobbyLoading}>
      <span className="mc-visually-hidden">{label}</span>
      <ul className="mc-vgrid mc-vgrid--skeleton" aria-hidden="true">
        {Array.from({ length: SKELETON_TILES }, (_, i) => (
          <li key={i} className="mc-tile mc-tile--skeleton">
            <span className="mc-tile__image mc-skeleton" />
            <span className="mc-tile__name">
              <span className="mc-skeleton" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Nothing to show: a brand without games, a search without matches, or a list that did not load. */
function LobbyEmpty({
  category,
  title,
  text,
  onClear,
  testId,
}: {
  category: GameCategory;
  title: string;
  text: string;
  onClear?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mc-lobby__empty" data-testid={testId}>
      <span className="mc-lobby__empty-icon">
        <PageIcon page={category} size={28} />
      </span>
      <p className="mc-lobby__empty-title">{title}</p>
      <p className="mc-lobby__empty-text">{text}</p>
      {onClear ? (
        <Button variant="secondary" onClick={onClear}>
          {t('lobbyUi.clearSearch')}
        </Button>
      ) : null}
    </div>
  );
}

const SEARCH_ICON = 'M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13ZM15.5 15.5 20 20';

/**
 * Search as you type. The field keeps its own text, so a key re-renders the field alone; the host hears of it as a
 * transition (the lobby, its rows and the grid follow when there is time). A change that does not come from the field
 * (a new brand clears it, "Clear search") is taken over.
 */
function LobbySearch({
  value,
  onChange,
  brand,
  controls,
}: {
  value: string;
  onChange(value: string): void;
  brand: LobbyBrand | null;
  controls?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  // What the field has handed on and the host has not yet shown back: those values coming back are echoes.
  const sent = useRef({ pending: new Set<string>(), last: value });
  useLayoutEffect(() => {
    const { pending, last } = sent.current;
    if (pending.has(value)) {
      if (value === last) pending.clear();
      return;
    }
    pending.clear();
    sent.current.last = value;
    setText(value);
  }, [value]);
  const change = (next: string) => {
    setText(next);
    sent.current.pending.add(next);
    sent.current.last = next;
    startTransition(() => onChange(next));
  };
  return (
    <div className="mc-lobby-search" role="search">
      <label className="mc-visually-hidden" htmlFor={id}>
        {t('lobbyUi.search')}
      </label>
      <div className="mc-field__control mc-lobby-search__control">
        <svg
          className="mc-lobby-search__icon"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
          focusable="false"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d={SEARCH_ICON} />
        </svg>
        {/* Named, so a search typed into a lobby drawn in the HTML is carried into the app's when it takes the page over. */}
        <input
          id={id}
          name="search"
          type="search"
          className="mc-field__input"
          value={text}
          onChange={(event) => change(event.target.value)}
          placeholder={brand ? t('lobbyUi.searchPlaceholder', { brand: brand.title }) : t('lobbyUi.search')}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-controls={controls}
          data-testid={testIds.lobbySearch}
        />
      </div>
    </div>
  );
}

/** `*Select`: every brand as a big card; choosing one opens its games. */
function BrandChooser({ model, className }: { model: LobbyModel; className?: string }) {
  const { t } = useTranslation();
  const { navigate } = useActions();
  const titleId = useId();
  const { category, selectBrand } = model;
  const choose = useCallback(
    (code: string) => {
      selectBrand(code);
      navigate(`/${category}/${category}Game?brand=${encodeURIComponent(code)}`);
    },
    [category, navigate, selectBrand],
  );
  return (
    <div className={cx('mc-lobby', 'mc-lobby--select', className)} data-category={category}>
      <h2 className="mc-lobby__heading" id={titleId}>
        {t('lobbyUi.chooseBrand')}
      </h2>
      <p className="mc-lobby__hint">{t('lobbyUi.chooseBrandIntro')}</p>
      <BrandPicker brands={model.brands} selected={model.brand?.code ?? null} onSelect={choose} variant="cards" labelledBy={titleId} />
    </div>
  );
}

/** A lobby page's introduction under its title (pass it as the page shell's `intro`). */
export function LobbyIntro({ category, className }: { category: GameCategory; className?: string }) {
  const { t } = useTranslation();
  const site = useSite();
  return <p className={cx('mc-page-intro', className)}>{t(`lobbyUi.intro.${category}`, { site: site.name })}</p>;
}

export interface LobbyScreenProps {
  category: GameCategory;
  /** `select`: only the brands, as cards; `games`: the whole lobby. Default: from the sub-route (`slotSelect` …). */
  mode?: 'select' | 'games';
  className?: string;
}

/**
 * A lobby (slot, fish or cards) from the host's `useLobby`: brand chips, search, the post-launch countdown, notices,
 * favourites and recently played, then every game of the brand in a windowed grid.
 */
export function LobbyScreen({ category, mode, className }: LobbyScreenProps) {
  const model = useLobby(category);
  const { sub } = usePage();
  const selecting = (mode ?? (sub?.endsWith('Select') ? 'select' : 'games')) === 'select';
  return selecting ? <BrandChooser model={model} className={className} /> : <LobbyGames model={model} className={className} />;
}

function LobbyGames({ model, className }: { model: LobbyModel; className?: string }) {
  const { t } = useTranslation();
  const brandsTitleId = useId();
  const gamesTitleId = useId();
  const gridId = useId();
  const elsewhereId = useId();
  const { category, brand, status, games, query, launchingKey } = model;
  const otherBrands = query.trim() === '' ? [] : (model.otherBrands ?? []);
  const onLaunch = useStableCallback(model.launch);
  const onToggleFavourite = useStableCallback(model.toggleFavourite);
  // Another brand re-renders the whole lobby (and the URL): as a transition, so the tap is answered at once.
  const onSelect = useStableCallback((code: string) => startTransition(() => model.selectBrand(code)));
  const clearQuery = useCallback(() => model.setQuery(''), [model]);
  const brandTitle = brand?.title ?? '';
  // One set per list of brands, so the memoised rows and tiles see the same one from render to render.
  const soonBrands = useMemo(() => new Set(model.brands.filter((b) => !b.open).map((b) => b.storageKey)), [model.brands]);
  // Favourites and recently played come first, each only when it has games and no search is typed.
  const personalRows =
    query.trim() === '' && status === 'ready'
      ? [
          { title: t('lobbyUi.favourites'), testId: testIds.lobbyFavourites, games: model.favourites },
          { title: t('lobbyUi.recent'), testId: testIds.lobbyRecent, games: model.recent },
        ].filter((row) => row.games.length > 0)
      : [];

  const renderTile = useCallback(
    (game: LobbyGame, index: number, columns: number) => (
      <GameTile
        key={game.key}
        game={game}
        busy={launchingKey === game.key}
        soon={soonBrands.has(game.brand)}
        priority={index < columns}
        onLaunch={onLaunch}
        onToggleFavourite={onToggleFavourite}
        position={index + 1}
        setSize={games.length}
      />
    ),
    [launchingKey, soonBrands, onLaunch, onToggleFavourite, games.length],
  );

  let body;
  if (status === 'loading') body = <LobbySkeleton label={t('lobbyUi.loading')} />;
  else if (status === 'error') body = <LobbyEmpty category={category} title={t('lobbyUi.errorTitle')} text={t('lobbyUi.errorText')} />;
  else if (status === 'empty')
    body = (
      <LobbyEmpty
        category={category}
        title={t('lobbyUi.emptyTitle')}
        text={t('lobbyUi.emptyText', { brand: brandTitle })}
        testId={testIds.lobbyEmpty}
      />
    );
  else if (games.length === 0)
    body = (
      <LobbyEmpty
        category={category}
        title={t('lobbyUi.noMatchTitle')}
        text={t('lobbyUi.noMatchText', { query: query.trim() })}
        onClear={clearQuery}
        testId={testIds.lobbyEmpty}
      />
    );
  else
    body = (
      <VirtualGrid
        id={gridId}
        items={games}
        renderItem={renderTile}
        minColumnWidth={LOBBY_TILE.minWidth}
        gap={LOBBY_TILE.gap}
        captionHeight={LOBBY_TILE.caption}
        aspectRatio={LOBBY_TILE.aspectRatio}
        className="mc-lobby__grid"
        aria-labelledby={gamesTitleId}
        data-testid={testIds.lobbyGrid}
      />
    );

  return (
    <div className={cx('mc-lobby', className)} data-category={category}>
      <div className="mc-lobby__bar">
        <h2 className="mc-lobby__label mc-lobby__brands-label" id={brandsTitleId}>
          {t('lobbyUi.brands')}
        </h2>
        {/* The chips and "All brands" share one line, so the games start higher on a phone. */}
        <div className="mc-lobby__brands-line">
          <BrandPicker brands={model.brands} selected={brand?.code ?? null} onSelect={onSelect} labelledBy={brandsTitleId} />
          <Link to={`/${category}/${category}Select`} className="mc-lobby__all">
            {t('lobbyUi.allBrands')}
          </Link>
        </div>
        <LobbySearch
          key={brand?.code}
          value={query}
          onChange={model.setQuery}
          brand={brand}
          controls={status === 'ready' && games.length > 0 ? gridId : undefined}
        />
      </div>
      {model.refreshIn > 0 ? (
        <p className="mc-lobby__refresh" role="timer" data-testid={testIds.lobbyRefresh}>
          <span className="mc-spinner" aria-hidden="true" />
          {t('lobbyUi.refreshIn', { seconds: model.refreshIn })}
        </p>
      ) : null}
      {model.notice ? (
        <p className="mc-notice mc-lobby__notice" role="status" data-testid={testIds.lobbyNotice}>
          {model.notice}
        </p>
      ) : null}
      {model.launchError ? (
        <p className="mc-notice mc-notice--error" role="alert" data-testid={testIds.lobbyLaunchError}>
          {model.launchError}
        </p>
      ) : null}
      {personalRows.map((row) => (
        <GameRow
          key={row.testId}
          {...row}
          launchingKey={launchingKey}
          soonBrands={soonBrands}
          onLaunch={onLaunch}
          onToggleFavourite={onToggleFavourite}
        />
      ))}
      <section className="mc-lobby__games" aria-labelledby={gamesTitleId} aria-busy={status === 'loading' || undefined}>
        <div className="mc-lobby__games-head">
          <h2 className="mc-lobby__heading" id={gamesTitleId}>
            {t('lobbyUi.gamesTitle', { brand: brandTitle })}
          </h2>
          {status === 'ready' ? <span className="mc-lobby__count">{t('lobbyUi.count', { count: games.length })}</span> : null}
        </div>
        {body}
      </section>
      {otherBrands.length > 0 || (query.trim() !== '' && model.searching) ? (
        <section
          className="mc-lobby__elsewhere"
          aria-labelledby={elsewhereId}
          aria-busy={model.searching || undefined}
          data-testid={testIds.lobbyOtherBrands}
        >
          <h2 className="mc-lobby__heading" id={elsewhereId}>
            {t('lobbyUi.otherBrands', { query: query.trim() })}
          </h2>
          {otherBrands.map((group) => (
            <GameRow
              key={group.brand.storageKey}
              title={t('lobbyUi.inBrand', { brand: group.brand.title, count: group.games.length })}
              testId={testIds.lobbyBrandResults}
              games={group.games}
              launchingKey={launchingKey}
              soonBrands={soonBrands}
              onLaunch={onLaunch}
              onToggleFavourite={onToggleFavourite}
            />
          ))}
          <p className="mc-lobby__searching" role="status">
            {model.searching ? t('lobbyUi.searchingOthers') : null}
          </p>
        </section>
      ) : null}
    </div>
  );
}
