import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { cx } from '@member/shared-core';
import { DRAWN_GRID_ATTRIBUTE } from '@member/shared-core/drawing';

/**
 * A windowed grid for long lists (500 games): only the rows in view, plus a few above and below, are in the DOM;
 * padding above and below keeps the scroll height of the whole list. Rows have one fixed height, worked out from
 * the container's width: columns of at least `minColumnWidth`, each cell an image of `aspectRatio` plus a caption.
 */

export interface GridGeometryInput {
  /** Inner width of the list, px. */
  width: number;
  minColumnWidth: number;
  /** Space between columns and between rows, px. */
  gap: number;
  /** Width / height of a cell's image. */
  aspectRatio: number;
  /** Height of what sits under the image (the name), px. */
  captionHeight: number;
  maxColumns?: number;
}

export interface GridGeometry {
  columns: number;
  columnWidth: number;
  rowHeight: number;
  /** Row height plus the gap: the distance from one row's top to the next. */
  stride: number;
}

/** As many columns of at least `minColumnWidth` as fit (CSS `auto-fill` counts the same way), at least one. */
export function gridGeometry({ width, minColumnWidth, gap, aspectRatio, captionHeight, maxColumns }: GridGeometryInput): GridGeometry {
  const usable = Math.max(0, width);
  let columns = Math.max(1, Math.floor((usable + gap) / (minColumnWidth + gap)));
  if (maxColumns !== undefined && maxColumns > 0) columns = Math.min(columns, maxColumns);
  const columnWidth = Math.max(0, (usable - gap * (columns - 1)) / columns);
  const rowHeight = columnWidth / aspectRatio + captionHeight;
  return { columns, columnWidth, rowHeight, stride: rowHeight + gap };
}

export interface GridWindowInput {
  count: number;
  columns: number;
  stride: number;
  gap: number;
  /** How far the viewport's top is below the list's top, px (negative while the list starts lower down). */
  viewportTop: number;
  viewportHeight: number;
  /** Rows rendered beyond each edge of the viewport. */
  overscan: number;
}

export interface GridWindow {
  rows: number;
  /** First rendered row and the row after the last one. */
  startRow: number;
  endRow: number;
  /** First rendered item and the item after the last one. */
  startIndex: number;
  endIndex: number;
  paddingTop: number;
  paddingBottom: number;
  /** Height of the whole list as if every row were rendered. */
  totalHeight: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Which rows of the list to render for this scroll position, and the padding that stands in for the others. */
export function gridWindow({ count, columns, stride, gap, viewportTop, viewportHeight, overscan }: GridWindowInput): GridWindow {
  const perRow = Math.max(1, Math.floor(columns));
  const rows = count > 0 ? Math.ceil(count / perRow) : 0;
  if (rows === 0 || stride <= 0) {
    return { rows, startRow: 0, endRow: rows, startIndex: 0, endIndex: count, paddingTop: 0, paddingBottom: 0, totalHeight: 0 };
  }
  const totalHeight = rows * stride - gap;
  const top = Math.max(0, viewportTop);
  const bottom = Math.max(0, viewportTop + Math.max(0, viewportHeight));
  const firstVisible = Math.floor(top / stride);
  const lastVisible = Math.floor(bottom / stride);
  const startRow = clamp(firstVisible - overscan, 0, rows);
  const endRow = clamp(lastVisible + 1 + overscan, startRow, rows);
  const rendered = endRow - startRow;
  const paddingTop = Math.min(startRow * stride, totalHeight);
  // Rendered rows take n·stride − gap; with none rendered the padding alone carries the height.
  const paddingBottom = Math.max(0, totalHeight - paddingTop - (rendered > 0 ? rendered * stride - gap : 0));
  return {
    rows,
    startRow,
    endRow,
    startIndex: Math.min(count, startRow * perRow),
    endIndex: Math.min(count, endRow * perRow),
    paddingTop,
    paddingBottom,
    totalHeight,
  };
}

/**
 * Faster than this (px per ms, about four rows a second) the list is being flung rather than read: cells that
 * appear meanwhile may leave their heavy parts (images) out until it settles.
 */
export const FLING_SPEED = 0.6;
/** A fling goes on while the list moves faster than this (px per ms), however long a frame takes. */
export const FLING_KEEP_SPEED = 0.15;
/** The list has settled once it has moved no faster than FLING_KEEP_SPEED for this long, ms. */
export const SETTLE_MS = 150;

/** Whether the grid is being flung, and a way to hear when it settles. */
export interface ScrollActivity {
  /** Being flung, or its items changed a moment ago (a search being typed). */
  flinging(): boolean;
  /** Calls `listener` once, when the grid next settles; returns a function that cancels it. */
  onSettle(listener: () => void): () => void;
}

export interface ScrollActivityOptions {
  now?: () => number;
  /**
   * The viewport's position over the list now (px), read again in a frame before settling: a busy main thread may
   * not have run the last frames' scroll handlers yet.
   */
  read?: () => number | null;
}

/** Tracks the grid's speed from the viewport positions it is given, frame by frame. */
export function createScrollActivity({ now = () => performance.now(), read }: ScrollActivityOptions = {}): ScrollActivity & {
  moved(top: number): void;
  /** The list's items changed: cells that appear now wait, like during a fling, until none has changed for a moment. */
  churned(): void;
  dispose(): void;
} {
  let flinging = false;
  let lastTop: number | null = null;
  let lastAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(check, SETTLE_MS);
  };
  let frame = 0;
  const settle = () => {
    flinging = false;
    const waiting = [...listeners];
    listeners.clear();
    for (const listener of waiting) listener();
  };
  // The timer may fire on a busy main thread before the frames that moved the list have run: look once more in the
  // next frame, after the page's own frame callbacks.
  const check = () => {
    timer = undefined;
    if (!read || typeof requestAnimationFrame === 'undefined') return settle();
    frame = requestAnimationFrame(() => {
      frame = 0;
      const top = read();
      if (top != null && lastTop !== null && Math.abs(top - lastTop) >= 1) {
        moved(top);
        if (timer !== undefined) return;
      }
      settle();
    });
  };
  function moved(top: number) {
    const at = now();
    const speed = lastTop === null || at <= lastAt ? 0 : Math.abs(top - lastTop) / (at - lastAt);
    lastTop = top;
    lastAt = at;
    if (speed > (flinging ? FLING_KEEP_SPEED : FLING_SPEED)) {
      flinging = true;
      arm();
    }
  }
  return {
    flinging: () => flinging,
    onSettle(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    moved,
    churned() {
      flinging = true;
      arm();
    },
    dispose() {
      clearTimeout(timer);
      if (frame) cancelAnimationFrame(frame);
      listeners.clear();
    },
  };
}

const ScrollActivityContext = createContext<ScrollActivity | null>(null);

/**
 * For a cell of a VirtualGrid: false while the cell appeared during a fling and the grid has not settled since,
 * true from then on (and always outside a grid). A cell shows its image only once this is true, so a fling through
 * 500 games does not fetch and decode 500 images on the way.
 */
export function useGridSettled(): boolean {
  const activity = useContext(ScrollActivityContext);
  const [settled, setSettled] = useState(() => !activity?.flinging());
  useEffect(() => {
    if (settled || !activity) return;
    if (!activity.flinging()) {
      setSettled(true);
      return;
    }
    return activity.onSettle(() => setSettled(true));
  }, [settled, activity]);
  return settled;
}

/** Used until the list is measured (and where nothing can be measured, as in unit tests). */
const FALLBACK_WIDTH = 360;
const FALLBACK_VIEWPORT = 800;
/** The rows rendered before the grid knows its place in the viewport. */
const FIRST_ROWS = 2;

export interface VirtualGridProps<T> {
  items: readonly T[];
  /** Renders one item as an `<li>` (the grid is a `<ul>`); `index` is its place in `items`, `columns` the grid's now. */
  renderItem(item: T, index: number, columns: number): ReactNode;
  minColumnWidth?: number;
  maxColumns?: number;
  gap?: number;
  aspectRatio?: number;
  captionHeight?: number;
  overscan?: number;
  className?: string;
  id?: string;
  'data-testid'?: string;
  'aria-labelledby'?: string;
  'aria-label'?: string;
}

/**
 * The list as a CSS grid whose rows are all `rowHeight` tall, windowed to the page's viewport: it follows scrolling
 * of the window or of any scrolling ancestor, and its width through a ResizeObserver. The caption height is also set
 * as `--mc-tile-caption`, so cells can size their caption to the same value.
 */
export function VirtualGrid<T>({
  items,
  renderItem,
  minColumnWidth = 100,
  maxColumns,
  gap = 10,
  aspectRatio = 1,
  captionHeight = 44,
  overscan = 2,
  className,
  ...rest
}: VirtualGridProps<T>) {
  const list = useRef<HTMLUListElement>(null);
  const [activity] = useState(() =>
    createScrollActivity({ read: () => (list.current ? -list.current.getBoundingClientRect().top : null) }),
  );
  useEffect(() => () => activity.dispose(), [activity]);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  // Before the grid has measured where it is (and on a server, which never does), its first rows: a page drawn in the
  // HTML shows them, and the browser's first render has them before its layout effect sets the window.
  const [range, setRange] = useState<{ start: number; end: number }>({ start: 0, end: FIRST_ROWS });
  // The range last asked for: a scroll frame that stays within the same rows sets no state at all (an equal
  // setState can still cost the grid a render).
  const asked = useRef(range);
  const geometry = useMemo(
    () => gridGeometry({ width, minColumnWidth, gap, aspectRatio, captionHeight, maxColumns }),
    [width, minColumnWidth, gap, aspectRatio, captionHeight, maxColumns],
  );
  const count = items.length;
  // A new list (a search typed key by key, another brand): the cells it brings in hold their images back until the
  // list has stopped changing, so each key does not start a burst of image loads. Marked before the cells render.
  const [shownItems, setShownItems] = useState(items);
  if (shownItems !== items) {
    setShownItems(items);
    activity.churned();
  }

  const measure = useCallback(() => {
    const element = list.current;
    if (!element) return;
    const box = element.getBoundingClientRect();
    activity.moved(-box.top);
    const viewportHeight = window.innerHeight || FALLBACK_VIEWPORT;
    const next = gridWindow({
      count,
      columns: geometry.columns,
      stride: geometry.stride,
      gap,
      viewportTop: -box.top,
      viewportHeight,
      overscan,
    });
    if (asked.current.start === next.startRow && asked.current.end === next.endRow) return;
    asked.current = { start: next.startRow, end: next.endRow };
    setRange(asked.current);
  }, [activity, count, geometry, gap, overscan]);

  // Width: now, and whenever the container changes size (rotation, a sidebar appearing).
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const read = () => {
      const inner = element.clientWidth;
      if (inner > 0) setWidth((current) => (Math.abs(current - inner) < 0.5 ? current : inner));
    };
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The window: before paint whenever the list or its geometry changes, then once a frame while anything scrolls.
  useLayoutEffect(measure, [measure]);
  useLayoutEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    };
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [measure]);

  // The stored range may be a render behind a shorter list: clamp it here, the layout effect then settles it.
  const rows = Math.ceil(count / geometry.columns);
  const startRow = Math.min(range.start, rows);
  const endRow = Math.min(Math.max(range.end, startRow), rows);
  const rendered = endRow - startRow;
  const totalHeight = rows > 0 ? rows * geometry.stride - gap : 0;
  const paddingTop = Math.min(startRow * geometry.stride, totalHeight);
  const paddingBottom = Math.max(0, totalHeight - paddingTop - (rendered > 0 ? rendered * geometry.stride - gap : 0));
  const startIndex = Math.min(count, startRow * geometry.columns);
  const endIndex = Math.min(count, endRow * geometry.columns);

  const style = {
    gridTemplateColumns: `repeat(${geometry.columns}, minmax(0, 1fr))`,
    gridAutoRows: `${geometry.rowHeight}px`,
    gap: `${gap}px`,
    paddingTop,
    paddingBottom,
    // The whole list's height, set rather than grown: with size containment the rows that come and go while it
    // scrolls are laid out inside the list alone, never the page around it.
    boxSizing: 'border-box',
    height: totalHeight,
    contain: 'size layout style',
    '--mc-tile-caption': `${captionHeight}px`,
  } as CSSProperties;

  const cells: ReactNode[] = [];
  for (let index = startIndex; index < endIndex; index += 1) cells.push(renderItem(items[index]!, index, geometry.columns));

  return (
    <ScrollActivityContext.Provider value={activity}>
      <ul
        ref={list}
        className={cx('mc-vgrid', className)}
        role="list"
        style={style}
        {...{ [DRAWN_GRID_ATTRIBUTE]: `${minColumnWidth} ${gap} ${aspectRatio} ${captionHeight} ${maxColumns ?? 0}` }}
        {...rest}
      >
        {cells}
      </ul>
    </ScrollActivityContext.Provider>
  );
}
