import { act, cleanup, render } from '@testing-library/react';
import { memo, Profiler } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScrollActivity, FLING_SPEED, gridGeometry, gridWindow, SETTLE_MS, useGridSettled, VirtualGrid } from './virtual-grid';

describe('gridGeometry', () => {
  it('fits as many columns of the minimum width as CSS auto-fill would', () => {
    // 358 px (a 390 px phone less the page padding): three columns of 112.7 px, square images under a 44 px caption.
    const g = gridGeometry({ width: 358, minColumnWidth: 100, gap: 10, aspectRatio: 1, captionHeight: 44 });
    expect(g.columns).toBe(3);
    expect(g.columnWidth).toBeCloseTo((358 - 20) / 3);
    expect(g.rowHeight).toBeCloseTo((358 - 20) / 3 + 44);
    expect(g.stride).toBeCloseTo(g.rowHeight + 10);
    expect(gridGeometry({ width: 320, minColumnWidth: 100, gap: 10, aspectRatio: 1, captionHeight: 44 }).columns).toBe(3);
    expect(gridGeometry({ width: 319, minColumnWidth: 100, gap: 10, aspectRatio: 1, captionHeight: 44 }).columns).toBe(2);
    expect(gridGeometry({ width: 960, minColumnWidth: 100, gap: 10, aspectRatio: 1, captionHeight: 44 }).columns).toBe(8);
  });

  it('keeps at least one column, honours a maximum and derives the height from the aspect ratio', () => {
    expect(gridGeometry({ width: 40, minColumnWidth: 100, gap: 10, aspectRatio: 1, captionHeight: 44 }).columns).toBe(1);
    expect(gridGeometry({ width: 0, minColumnWidth: 100, gap: 10, aspectRatio: 1, captionHeight: 44 })).toMatchObject({
      columns: 1,
      columnWidth: 0,
      rowHeight: 44,
    });
    expect(gridGeometry({ width: 960, minColumnWidth: 100, gap: 10, aspectRatio: 1, captionHeight: 0, maxColumns: 4 }).columns).toBe(4);
    const wide = gridGeometry({ width: 320, minColumnWidth: 100, gap: 10, aspectRatio: 4 / 3, captionHeight: 0 });
    expect(wide.rowHeight).toBeCloseTo(100 * 0.75);
  });
});

describe('gridWindow', () => {
  // 500 games in 3 columns: 167 rows, 100 px from one row's top to the next (90 px rows, 10 px gaps).
  const base = { count: 500, columns: 3, stride: 100, gap: 10, viewportHeight: 800, overscan: 2 };

  it('renders the rows in view and two more on each side, padding the rest', () => {
    const w = gridWindow({ ...base, viewportTop: 1000 });
    expect(w.rows).toBe(167);
    expect(w.totalHeight).toBe(167 * 100 - 10);
    // Rows 10 to 18 are in view (1000 to 1800 px); 8 to 20 are rendered.
    expect([w.startRow, w.endRow]).toEqual([8, 21]);
    expect([w.startIndex, w.endIndex]).toEqual([24, 63]);
    expect(w.paddingTop).toBe(800);
    expect(w.paddingTop + (w.endRow - w.startRow) * 100 - 10 + w.paddingBottom).toBe(w.totalHeight);
  });

  it('starts at the first row while the list is still below the viewport, or just reaching it', () => {
    const below = gridWindow({ ...base, viewportTop: -2000 });
    expect([below.startRow, below.endRow]).toEqual([0, 3]);
    expect(below.paddingTop).toBe(0);
    const top = gridWindow({ ...base, viewportTop: -300 });
    // 500 px of the list are in view: rows 0 to 5, plus two.
    expect([top.startRow, top.endRow]).toEqual([0, 8]);
    expect(top.endIndex - top.startIndex).toBe(24);
  });

  it('clamps at the end of the list, and renders nothing once the list has scrolled past', () => {
    const end = gridWindow({ ...base, viewportTop: 16_400 });
    expect(end.endRow).toBe(167);
    expect(end.endIndex).toBe(500);
    expect(end.paddingBottom).toBe(0);
    const past = gridWindow({ ...base, viewportTop: 40_000 });
    expect(past.startRow).toBe(past.endRow);
    expect(past.endIndex - past.startIndex).toBe(0);
    expect(past.paddingTop + past.paddingBottom).toBe(past.totalHeight);
  });

  it('handles a last row that is not full, an empty list and a tiny one', () => {
    const last = gridWindow({ ...base, count: 7, viewportTop: 0 });
    expect([last.rows, last.startIndex, last.endIndex]).toEqual([3, 0, 7]);
    expect(last.paddingBottom).toBe(0);
    expect(gridWindow({ ...base, count: 0, viewportTop: 0 })).toMatchObject({
      rows: 0,
      startIndex: 0,
      endIndex: 0,
      totalHeight: 0,
      paddingTop: 0,
      paddingBottom: 0,
    });
    expect(gridWindow({ ...base, count: 1, columns: 3, viewportTop: 0 })).toMatchObject({ rows: 1, endIndex: 1, totalHeight: 90 });
  });

  it('never renders more than the viewport’s rows plus the overscan, wherever the list is scrolled', () => {
    for (let top = -1000; top < 17_000; top += 137) {
      const w = gridWindow({ ...base, viewportTop: top });
      expect(w.endRow - w.startRow).toBeLessThanOrEqual(Math.ceil(800 / 100) + 1 + 4);
      expect(w.paddingTop + w.paddingBottom + Math.max(0, (w.endRow - w.startRow) * 100 - 10)).toBe(w.totalHeight);
    }
  });
});

describe('VirtualGrid', () => {
  afterEach(cleanup);

  it('renders only the first rows of a long list as list items, with padding for the rest', () => {
    const items = Array.from({ length: 500 }, (_, i) => `game ${i}`);
    const { container } = render(
      <VirtualGrid items={items} renderItem={(item) => <li key={item}>{item}</li>} data-testid="grid" aria-label="Games" />,
    );
    const list = container.querySelector('ul')!;
    expect(list.getAttribute('role')).toBe('list');
    const rendered = list.querySelectorAll('li').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(60);
    expect(list.firstElementChild?.textContent).toBe('game 0');
    expect(parseFloat(list.style.paddingBottom)).toBeGreaterThan(10_000);
    expect(list.style.gridTemplateColumns).toMatch(/^repeat\(\d+, minmax\(0, 1fr\)\)$/);
    expect(list.style.getPropertyValue('--mc-tile-caption')).toBe('44px');
  });

  it('draws its first rows where it cannot measure itself (a page drawn on a server): six games of a phone-wide grid', () => {
    const items = Array.from({ length: 500 }, (_, i) => `game ${i}`);
    const html = renderToStaticMarkup(<VirtualGrid items={items} renderItem={(item) => <li key={item}>{item}</li>} />);
    expect(html.match(/<li>/g)).toHaveLength(6);
    expect(html).toContain('<li>game 0</li>');
    expect(html).not.toContain('<li>game 6</li>');
  });

  it('renders a short list whole, without padding', () => {
    const { container } = render(<VirtualGrid items={['a', 'b', 'c', 'd']} renderItem={(item) => <li key={item}>{item}</li>} />);
    expect(container.querySelectorAll('li')).toHaveLength(4);
    expect(parseFloat(container.querySelector('ul')!.style.paddingBottom || '0')).toBe(0);
  });
});

describe('VirtualGrid while scrolling', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  /** Renders 500 cells that count their own renders, the grid's commits counted by a Profiler; `scrollTo` moves it. */
  function renderCounted() {
    const renders = new Map<string, number>();
    const Cell = memo(function Cell({ item }: { item: string }) {
      renders.set(item, (renders.get(item) ?? 0) + 1);
      return <li>{item}</li>;
    });
    let commits = 0;
    const items = Array.from({ length: 500 }, (_, i) => `game ${i}`);
    const renderItem = (item: string) => <Cell key={item} item={item} />;
    const { container } = render(
      <Profiler id="grid" onRender={() => (commits += 1)}>
        <VirtualGrid items={items} renderItem={renderItem} />
      </Profiler>,
    );
    const list = container.querySelector('ul')!;
    let top = 0;
    list.getBoundingClientRect = () => ({
      top: -top,
      bottom: -top + 1000,
      left: 0,
      right: 360,
      width: 360,
      height: 1000,
      x: 0,
      y: -top,
      toJSON: () => ({}),
    });
    const scrollTo = (y: number) => {
      top = y;
      act(() => {
        window.dispatchEvent(new Event('scroll'));
        vi.advanceTimersByTime(20);
      });
    };
    const shown = () => [...list.querySelectorAll('li')].map((li) => li.textContent);
    return { renders, commits: () => commits, scrollTo, shown };
  }

  it('re-renders nothing while the scroll stays within a row, and only the cells that come into view when it leaves it', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const { renders, commits, scrollTo, shown } = renderCounted();
    const before = shown();
    expect(before[0]).toBe('game 0');
    expect([...renders.values()].every((n) => n === 1)).toBe(true);
    const settledCommits = commits();

    // 360 px wide: three columns, rows 167 px apart; the bottom of a 768 px viewport reaches the sixth row at 837 px.
    // 30 and 60 px down, the same rows are in view.
    scrollTo(30);
    scrollTo(60);
    expect(commits()).toBe(settledCommits);
    expect(shown()).toEqual(before);

    // One row further: one commit, and the three new cells are the only ones rendered.
    scrollTo(60 + 167);
    expect(commits()).toBe(settledCommits + 1);
    const after = shown();
    const added = after.filter((item) => !before.includes(item));
    expect(added).toHaveLength(3);
    expect([...renders.values()].every((n) => n === 1)).toBe(true);
    expect(renders.size).toBe(before.length + 3);

    // Far down: the cells there render once each, and the ones left behind are gone.
    scrollTo(20_000);
    expect(shown()[0]).not.toBe('game 0');
    expect([...renders.values()].every((n) => n === 1)).toBe(true);
    // The rows in view (at most six of 167 px in 768 px) and two more above and below, three cells each.
    expect(shown().length).toBeLessThanOrEqual((6 + 4) * 3);
  });

  it('gives the list its whole height and contains its size and layout, so rows coming and going leave the page alone', () => {
    const { container } = render(<VirtualGrid items={Array.from({ length: 500 }, (_, i) => i)} renderItem={(i) => <li key={i}>{i}</li>} />);
    const list = container.querySelector('ul')!;
    const rows = Math.ceil(500 / 3);
    expect(parseFloat(list.style.height)).toBeCloseTo(
      rows * gridGeometry({ width: 360, minColumnWidth: 100, gap: 10, aspectRatio: 1, captionHeight: 44 }).stride - 10,
    );
    expect(list.style.contain).toBe('size layout style');
  });

  it('holds back what cells keep for a settled list while it is flung, and shows it once the list settles', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const Cell = memo(function Cell({ item }: { item: number }) {
      const settled = useGridSettled();
      return <li data-settled={settled}>{item}</li>;
    });
    const { container } = render(
      <VirtualGrid items={Array.from({ length: 500 }, (_, i) => i)} renderItem={(i) => <Cell key={i} item={i} />} />,
    );
    const list = container.querySelector('ul')!;
    let top = 0;
    list.getBoundingClientRect = () => ({
      top: -top,
      bottom: 0,
      left: 0,
      right: 360,
      width: 360,
      height: 0,
      x: 0,
      y: -top,
      toJSON: () => ({}),
    });
    expect(list.querySelector('li')?.getAttribute('data-settled')).toBe('true');
    // A fling: 100 px a frame.
    for (let frame = 1; frame <= 30; frame += 1) {
      top = frame * 100;
      act(() => {
        window.dispatchEvent(new Event('scroll'));
        vi.advanceTimersByTime(16);
      });
    }
    const appeared = [...list.querySelectorAll('li')];
    expect(appeared.length).toBeGreaterThan(0);
    expect(appeared.every((li) => li.getAttribute('data-settled') === 'false')).toBe(true);
    act(() => {
      vi.advanceTimersByTime(SETTLE_MS + 20);
    });
    expect([...list.querySelectorAll('li')].every((li) => li.getAttribute('data-settled') === 'true')).toBe(true);
  });
});

describe('VirtualGrid when its items change', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('lets the cells a new list brings in wait until the list has stopped changing for a moment', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const Cell = memo(function Cell({ item }: { item: string }) {
      const settled = useGridSettled();
      return <li data-settled={settled}>{item}</li>;
    });
    const grid = (items: string[]) => <VirtualGrid items={items} renderItem={(item) => <Cell key={item} item={item} />} />;
    const { container, rerender } = render(grid(['a', 'b', 'c']));
    const state = () =>
      Object.fromEntries([...container.querySelectorAll('li')].map((li) => [li.textContent, li.getAttribute('data-settled')]));
    expect(state()).toEqual({ a: 'true', b: 'true', c: 'true' });
    // A search narrows the list, then another key brings a new game in: it waits; the one that stayed is untouched.
    rerender(grid(['a']));
    rerender(grid(['a', 'd']));
    expect(state()).toEqual({ a: 'true', d: 'false' });
    act(() => {
      vi.advanceTimersByTime(SETTLE_MS - 10);
    });
    rerender(grid(['a', 'd', 'e']));
    act(() => {
      vi.advanceTimersByTime(SETTLE_MS - 10);
    });
    expect(state()).toEqual({ a: 'true', d: 'false', e: 'false' });
    // The settle timer, then one frame to see that nothing moved.
    act(() => {
      vi.advanceTimersByTime(40);
    });
    expect(state()).toEqual({ a: 'true', d: 'true', e: 'true' });
  });
});

describe('createScrollActivity', () => {
  afterEach(() => vi.useRealTimers());

  it('calls a fast move a fling, keeps it while the list still moves, and settles once it has stood still', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    let now = 0;
    let position = 0;
    const activity = createScrollActivity({ now: () => now, read: () => position });
    const settled = vi.fn();
    const move = (to: number, after: number) => {
      now += after;
      position = to;
      activity.moved(to);
    };
    move(0, 0);
    // Slow reading (0.3 px per ms) is not a fling.
    move(30, 100);
    expect(activity.flinging()).toBe(false);
    // 100 px in 16 ms is.
    move(130, 16);
    expect(activity.flinging()).toBe(true);
    activity.onSettle(settled);
    // Slower frames (0.5 px per ms) keep it going.
    move(230, 200);
    vi.advanceTimersByTime(SETTLE_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    // The list moved on without a frame we saw: still going when the timer looks, in the next frame.
    position = 400;
    now += SETTLE_MS;
    vi.advanceTimersByTime(20);
    expect(activity.flinging()).toBe(true);
    expect(settled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SETTLE_MS + 20);
    expect(activity.flinging()).toBe(false);
    expect(settled).toHaveBeenCalledTimes(1);
    expect(FLING_SPEED).toBeGreaterThan(0);
    activity.dispose();
  });
});
