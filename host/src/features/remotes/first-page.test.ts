// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// first-page.ts keeps module state (the first page is shown once per visit): a fresh copy per test.
async function freshModule() {
  vi.resetModules();
  return import('./first-page');
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('afterFirstInteraction', () => {
  it('waits for the first page, then resolves on the first tap, key or focus', async () => {
    const { afterFirstInteraction, markFirstPageShown } = await freshModule();
    let resolved = false;
    void afterFirstInteraction(15_000).then(() => {
      resolved = true;
    });
    window.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(100);
    // A tap before the page is up is not the member using it.
    expect(resolved).toBe(false);
    markFirstPageShown();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(resolved).toBe(false);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(resolved).toBe(true);
  });

  it('resolves after the longest wait when the member never touches the page', async () => {
    const { afterFirstInteraction, markFirstPageShown } = await freshModule();
    let resolved = false;
    markFirstPageShown();
    void afterFirstInteraction(15_000).then(() => {
      resolved = true;
    });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toBe(true);
  });
});
