import type { Page } from '@playwright/test';

/**
 * The colours the page's theme lends the document (the outermost theme root copies its tokens onto <html>),
 * as the browser computes them: `rgb(r, g, b)`. A token the page does not define fails, rather than passing
 * on an inherited colour.
 */
export async function pageTokenColours(page: Page, names: readonly string[]): Promise<Record<string, string>> {
  return page.evaluate((tokens) => {
    const root = getComputedStyle(document.documentElement);
    const probe = document.createElement('span');
    document.body.append(probe);
    const colours: Record<string, string> = {};
    for (const name of tokens) {
      if (!root.getPropertyValue(name).trim()) throw new Error(`the page defines no ${name}`);
      probe.style.color = `var(${name})`;
      colours[name] = getComputedStyle(probe).color;
    }
    probe.remove();
    return colours;
  }, names);
}

/** WCAG relative luminance of a computed `rgb(…)` colour: near 0 is dark, near 1 is light. */
export function luminanceOf(rgb: string): number {
  const channels = /rgba?\((\d+), (\d+), (\d+)/.exec(rgb)?.slice(1).map(Number);
  if (!channels) throw new Error(`not an rgb() colour: ${rgb}`);
  const [r, g, b] = channels.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
