import { describe, expect, it } from 'vitest';
import { inlineScript } from '../../../../inline-script';

/**
 * The early start is read, compiled and run before anything else of the page, on the member's phone: what it holds is
 * paid on every first visit. Its budget is its minified code without the build's hints (they change with the pages and
 * chunks, not with the script); a module added here has to fit in it or move work out.
 */
const EARLY_START_BUDGET_BYTES = 12_500;

describe('the early start as the build inlines it', () => {
  it('is one function scope that imports nothing at run time, within its budget', async () => {
    const code = await inlineScript('src/core/config/early-start/index.ts', 'earlyStart', {});
    expect(code).toMatch(/^\(\(\)=>\{/);
    expect(code).not.toMatch(/\bimport\(|\brequire\(|\bexport\b/);
    expect(code.length).toBeLessThanOrEqual(EARLY_START_BUDGET_BYTES);
  });
});
