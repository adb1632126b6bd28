import { use } from 'react';
import { PAGES, type BridgeHooks, type PageHookChunk, type PageKey } from '@member/shared-core';
import { useLoginForm } from '../../features/session/use-login-form';
import { loadMemberStrings } from '../../core/i18n/init-i18n';
import { chunkGuard, retryOnce } from '../../core/lib/chunk-guard';
import { PassMemo } from '../../core/lib/load-pass';

/** The page hooks beyond login's, in three chunks, each with the member strings their pages show. */
const CHUNKS = {
  games: () => import(/* webpackChunkName: "hooks-games" */ '../member-chunks/games-chunk'),
  wallet: () => import(/* webpackChunkName: "hooks-wallet" */ '../member-chunks/wallet-chunk'),
  account: () => import(/* webpackChunkName: "hooks-account" */ '../member-chunks/account-chunk'),
} as const satisfies Record<PageHookChunk, () => Promise<unknown>>;

export type HookChunk = PageHookChunk;
type LazyHookName = Exclude<keyof BridgeHooks, 'useLoginForm'>;
type ChunkHooks = Partial<Record<LazyHookName, (...args: never[]) => unknown>>;
/** A chunk's hooks, and what its state answers once loaded (the chunk registers nothing on import). */
interface HookChunkModule {
  hooks: ChunkHooks;
  start?: () => void;
}

// Not in the store: the hook chunks' code, loaded once for the page, and the loads React's use() must see again.
const loaded: Partial<Record<HookChunk, ChunkHooks>> = {};
const chunkLoads = new PassMemo<void>();

/**
 * Starts the load of one chunk of hooks (retried once), or returns the one under way or done; a failed load
 * stays failed for the rest of its pass and is started again on the next navigation.
 */
export function loadHookChunk(chunk: HookChunk): Promise<void> {
  return chunkLoads.get(chunk, () =>
    Promise.all([retryOnce<HookChunkModule>(CHUNKS[chunk]), loadMemberStrings()]).then(([m]) => {
      // The first load starts the chunk's answers; none after it starts them again.
      if (!(chunk in loaded)) m.start?.();
      loaded[chunk] = m.hooks;
    }),
  );
}

/** What each page is known to need (the pages registry), so the page waits for it beside its remote chunk instead of after it. */
export function hookChunksFor(page: PageKey): readonly HookChunk[] {
  return PAGES[page].hookChunks;
}

const pageLoads = new PassMemo<unknown>();

/**
 * The load of what a page needs; the same promise on every render of a pass (React's `use` suspends again
 * on a new one), failed or not, and a new one on the next navigation after a failure.
 */
export function loadPageHooks(page: PageKey): Promise<unknown> | null {
  const chunks = hookChunksFor(page);
  if (chunks.length === 0) return null;
  return pageLoads.get(chunks.join('+'), () => Promise.all(chunks.map(loadHookChunk)));
}

/**
 * A bridge hook whose code is in a chunk. A remote may call any hook on any page (brand teams place the
 * blocks), so a hook whose chunk has not arrived suspends the page until it has, instead of failing.
 */
function lazyHook<K extends LazyHookName>(chunk: HookChunk, key: K): BridgeHooks[K] {
  const useLazyHook = (...args: unknown[]) => {
    // Called on every render, loaded or not: when a first render suspends here and React replays it after
    // the chunk arrived, a replay that skipped this call would meet the real hook's state as "new" and
    // fail the render. A chunk already in shows no loading frame.
    use(chunkGuard.needed(loadHookChunk(chunk)));
    const hooks = loaded[chunk];
    if (!hooks) throw new Error(`bridge hooks of ${chunk} did not load`);
    const real = hooks[key] as ((...a: unknown[]) => unknown) | undefined;
    if (!real) throw new Error(`bridge hook ${key} is not in the ${chunk} chunk`);
    return real(...args);
  };
  return useLazyHook as BridgeHooks[K];
}

export const bridgeHooks: BridgeHooks = {
  useLoginForm,
  useRegisterFlow: lazyHook('account', 'useRegisterFlow'),
  useChangePassword: lazyHook('account', 'useChangePassword'),
  useConnectPhone: lazyHook('account', 'useConnectPhone'),
  useLineConnect: lazyHook('account', 'useLineConnect'),
  useGameAccounts: lazyHook('games', 'useGameAccounts'),
  useGamePassword: lazyHook('games', 'useGamePassword'),
  useLobby: lazyHook('games', 'useLobby'),
  useProducts: lazyHook('games', 'useProducts'),
  useWithdraw: lazyHook('wallet', 'useWithdraw'),
  useDeposit: lazyHook('wallet', 'useDeposit'),
  useHistory: lazyHook('wallet', 'useHistory'),
  usePromotion: lazyHook('wallet', 'usePromotion'),
};
