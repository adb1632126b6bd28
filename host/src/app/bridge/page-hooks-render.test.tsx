// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, startTransition, Suspense, useMemo, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';

// The wallet chunk's hook keeps state of its own, as the real ones do: that is what a replay must find.
vi.mock('../member-chunks/wallet-chunk', () => ({
  hooks: {
    useWithdraw: () => {
      const label = useMemo(() => 'withdraw form', []);
      const [amount] = useState('100');
      return { label, amount };
    },
  },
  start: () => undefined,
}));
vi.mock('../../core/i18n/init-i18n', () => ({ loadMemberStrings: () => Promise.resolve() }));

const { bridgeHooks, loadHookChunk } = await import('./page-hooks');

function WithdrawBlock() {
  const model = bridgeHooks.useWithdraw() as unknown as { label: string; amount: string };
  return <p data-amount={model.amount}>{model.label}</p>;
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let loadingFrames = 0;

function Loading() {
  loadingFrames += 1;
  return <p>loading</p>;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

async function draw(how: 'navigation' | 'first render'): Promise<{ host: HTMLElement; errors: unknown[] }> {
  const host = document.createElement('div');
  document.body.append(host);
  const errors: unknown[] = [];
  root = createRoot(host, {
    onRecoverableError: (error) => errors.push(error),
    onUncaughtError: (error) => errors.push(error),
    onCaughtError: (error) => errors.push(error),
  });
  const page = (block: boolean) => <Suspense fallback={<Loading />}>{block ? <WithdrawBlock /> : <p>profile</p>}</Suspense>;
  if (how === 'first render') {
    await act(async () => root!.render(page(true)));
    return { host, errors };
  }
  await act(async () => root!.render(page(false)));
  // A navigation, as the router makes it: the page on screen stays while the next one's code arrives.
  await act(async () => startTransition(() => root!.render(page(true))));
  return { host, errors };
}

describe('a bridge hook whose chunk arrives while its block is drawn', () => {
  // A block on a page that did not wait for the hook's chunk (the default theme's profile shows the
  // withdraw form): the hook suspends, and React replays the block once the chunk is in. The replay must
  // call the same hooks in the same order, or React fails the render ("update hook called on initial render").
  it('draws the block after the chunk arrives, with no render error on the way', async () => {
    const { host, errors } = await draw('navigation');
    await act(async () => {
      await loadHookChunk('wallet');
    });
    expect(errors).toEqual([]);
    expect(host.querySelector('p')?.textContent).toBe('withdraw form');
    expect(host.querySelector('p')?.dataset.amount).toBe('100');
  });

  it('draws at once, without a loading frame, once the chunk is in', async () => {
    await loadHookChunk('wallet');
    loadingFrames = 0;
    const { host, errors } = await draw('first render');
    expect(errors).toEqual([]);
    expect(loadingFrames).toBe(0);
    expect(host.querySelector('p')?.textContent).toBe('withdraw form');
  });
});
