// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as LeaderLockModule from '../lib/leader-lock';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createStore, Provider } from 'jotai';
import type { MemberInfo, RuntimeConfig, SitesFile } from '@member/shared-core';
import { bootReadyAtom } from '../core/boot-state';
import { sessionClearedAtom } from '../core/session-state';
import { writeSessionCookies } from '../core/session-cookies';
import { sessionFromReplyAtom } from '../core/session-state';
import { VerifyEffects } from './verify-effects';
import { clearCookies } from '../core/test-cookies';

const verify = vi.hoisted(() => vi.fn(async () => ({ status: true })));
vi.mock('./api/verify', () => ({ verify }));
// One tab: it leads (the lock's sharing between tabs has its own tests).
vi.mock('../lib/leader-lock', async (importOriginal) => {
  const real = await importOriginal<typeof LeaderLockModule>();
  return { ...real, createLeaderLock: (name: string) => real.createLeaderLock(name, undefined) };
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PREFIX = 'pre8';
const TWENTY_SECONDS = 20_000;

function siteStore(cid: number) {
  const store = createStore();
  store.set(bootReadyAtom, { config: { allowedOrigins: [] } as unknown as RuntimeConfig, sites: { sites: [{ key: PREFIX }] } as unknown as SitesFile, prefix: PREFIX });
  if (cid) store.set(sessionFromReplyAtom, { reply: { status: true, access_token: 't', games: [], member_info: { cid } as MemberInfo }, loginBy: 'phone', fresh: true });
  return store;
}

let root: Root | null = null;

async function mount(store: ReturnType<typeof createStore>) {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<Provider store={store}><VerifyEffects /></Provider>));
}

async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  writeSessionCookies(PREFIX, 'member-token', 'phone');
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.useRealTimers();
  verify.mockClear();
  clearCookies();
});

describe('the verify loop of a logged-in member', () => {
  it('runs every 20 seconds while the member is logged in, and stops at logout', async () => {
    const store = siteStore(7);
    await mount(store);
    await pass(3 * TWENTY_SECONDS);
    expect(verify).toHaveBeenCalledTimes(3);
    await act(async () => store.set(sessionClearedAtom));
    await pass(5 * TWENTY_SECONDS);
    expect(verify).toHaveBeenCalledTimes(3);
  });

  it('starts when the member logs in, not before', async () => {
    const store = siteStore(0);
    await mount(store);
    await pass(5 * TWENTY_SECONDS);
    expect(verify).not.toHaveBeenCalled();
    await act(async () => store.set(sessionFromReplyAtom, { reply: { status: true, access_token: 't', games: [], member_info: { cid: 7 } as MemberInfo }, loginBy: 'phone', fresh: true }));
    await pass(TWENTY_SECONDS);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('stops when the effects go away', async () => {
    await mount(siteStore(7));
    await pass(TWENTY_SECONDS);
    await act(async () => root!.unmount());
    root = null;
    await pass(5 * TWENTY_SECONDS);
    expect(verify).toHaveBeenCalledTimes(1);
  });
});
