import type { Locator, Page } from '@playwright/test';

/** The two sizes every first-screen claim is held to: a mid-range phone and a laptop. */
export const SCREENS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

export const LANGUAGES = ['th', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Each look (language × size) in turn: the member's stored language (the host's `locale` key, read by the next page
 * load) and the viewport. Open a page of the host's before the first.
 */
export async function* looks(page: Page): AsyncGenerator<{ language: Language; width: number; height: number }> {
  for (const language of LANGUAGES) {
    for (const size of SCREENS) {
      await page.setViewportSize(size);
      await page.evaluate((stored) => localStorage.setItem('locale', stored), language === 'en' ? 'EN' : 'TH');
      yield { language, ...size };
    }
  }
}

/**
 * The part of the first screen the page itself can use: under nothing, above any bar fixed to the bottom (a phone's
 * menu or action bar), as wide as the window.
 */
export function firstScreen(page: Page): Promise<{ bottom: number; width: number; scrollY: number; sideways: boolean }> {
  return page.evaluate(() => {
    let bottom = window.innerHeight;
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      if (style.position !== 'fixed' || style.display === 'none' || style.visibility === 'hidden') continue;
      const box = element.getBoundingClientRect();
      if (box.width > window.innerWidth / 2 && box.bottom >= window.innerHeight - 1 && box.top > window.innerHeight / 2)
        bottom = Math.min(bottom, box.top);
    }
    return {
      bottom,
      width: window.innerWidth,
      scrollY: window.scrollY,
      sideways: document.documentElement.scrollWidth > window.innerWidth,
    };
  });
}

/** The box of the first visible element of `locator` (a theme may keep a second copy hidden at this width). */
export async function visibleBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const visible = locator.filter({ visible: true }).first();
  const box = await visible.boundingBox();
  if (!box) throw new Error(`no box for ${locator.toString()}`);
  return box;
}

/**
 * Whether the whole box lies in the first screen: nothing scrolled, within the width, and above the bars fixed to the
 * bottom, unless it is in one of them (a theme's bottom bar is the first screen's too).
 */
export async function inFirstScreen(page: Page, locator: Locator): Promise<boolean> {
  const visible = locator.filter({ visible: true }).first();
  const inFixedBar = await visible.evaluate((element) => {
    for (let el: Element | null = element; el; el = el.parentElement) if (getComputedStyle(el).position === 'fixed') return true;
    return false;
  });
  const [box, screen] = await Promise.all([visibleBox(locator), firstScreen(page)]);
  const bottom = inFixedBar ? await page.evaluate(() => window.innerHeight) : screen.bottom;
  return screen.scrollY === 0 && box.y >= 0 && box.y + box.height <= bottom + 0.5 && box.x >= 0 && box.x + box.width <= screen.width + 0.5;
}

/**
 * The first two rows of game tiles: how many tiles each holds, how many the grid holds in all, and how far the second
 * row's bottom is below the first screen's.
 */
export async function twoRows(page: Page, tileId: string): Promise<{ perRow: number[]; total: number; belowFold: number }> {
  const { bottom } = await firstScreen(page);
  return page.evaluate(
    ({ id, bottom }) => {
      const grid = document.querySelector('[data-testid="lobby-grid"]');
      const boxes = [...(grid ?? document).querySelectorAll(`[data-testid="${id}"]`)]
        .map((tile) => tile.getBoundingClientRect())
        .filter((box) => box.width > 0);
      const tops = [...new Set(boxes.map((box) => Math.round(box.top)))].sort((a, b) => a - b).slice(0, 2);
      const rows = tops.map((top) => boxes.filter((box) => Math.round(box.top) === top));
      const lastBottom = rows.length === 2 ? Math.max(...rows[1]!.map((box) => box.bottom)) : Infinity;
      return { perRow: rows.map((row) => row.length), total: boxes.length, belowFold: lastBottom - bottom };
    },
    { id: tileId, bottom },
  );
}
