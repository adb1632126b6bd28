import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/**
 * axe-core run in the page itself. axe is put into each frame once per document, and a second check of the same
 * document (the other scheme, after an in-place switch) reuses it: putting axe's half a megabyte of script into a
 * page costs more than most of its checks do.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeWindow = Window & {
  axe?: { configure(spec: { allowedOrigins: string[] }): void; run(context: Document, options: RunOptions): Promise<AxeResults> };
};

async function ensureAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => typeof (window as AxeWindow).axe === 'object')) return;
  await frame.evaluate(AXE_SOURCE);
  // A frame of another origin (a promotion's page) answers the top frame's run only when both allow it.
  await frame.evaluate(() => (window as AxeWindow).axe!.configure({ allowedOrigins: ['<unsafe_all_origins>'] }));
}

/** axe's violations on the page as it stands, its frames included, one line each: rule (impact): targets. */
export async function axeViolations(page: Page, options: RunOptions): Promise<string[]> {
  for (const frame of page.frames()) await ensureAxe(frame);
  const results = await page.evaluate((runOptions) => (window as AxeWindow).axe!.run(document, runOptions), {
    ...options,
    resultTypes: ['violations'],
    iframes: true,
  } satisfies RunOptions);
  return results.violations.map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
