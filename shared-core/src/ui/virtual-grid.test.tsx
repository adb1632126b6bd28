import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { gridGeometry, gridWindow, VirtualGrid } from './virtual-grid';

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
    expect(gridGeometry({ width: 0, minColumnWidth: 100, gap: 10, aspectRatio: 1, captionHeight: 44 })).toMatchObject({ columns: 1, columnWidth: 0, rowHeight: 44 });
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
    expect(gridWindow({ ...base, count: 0, viewportTop: 0 })).toMatchObject({ rows: 0, startIndex: 0, endIndex: 0, totalHeight: 0, paddingTop: 0, paddingBottom: 0 });
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

  it('renders a short list whole, without padding', () => {
    const { container } = render(<VirtualGrid items={['a', 'b', 'c', 'd']} renderItem={(item) => <li key={item}>{item}</li>} />);
    expect(container.querySelectorAll('li')).toHaveLength(4);
    expect(parseFloat(container.querySelector('ul')!.style.paddingBottom || '0')).toBe(0);
  });
});
