// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as LeaderLockModule from '../../core/lib/leader-lock';
import { act } from 'react';
import type { MemberInfo } from '@member/shared-core';
import { sessionClearedAtom } from '../../core/base/session-state';
import { writeSessionCookies } from '../../core/base/session-cookies';
import { sessionFromReplyAtom } from '../../core/base/session-state';
import { VerifyEffects } from './verify-effects';
import { clearCookies } from '../../core/base/test-cookies';
import { mountInStore, pass, unmountAll, type TestMount } from '../../core/base/test-render';
import { TEST_MEMBER_INFO, testMemberStore, testSiteStore, type TestStore } from '../../core/base/test-member';

const verify = vi.hoisted(() => vi.fn(async () => ({ status: true })));
vi.mock('../../core/api/api', async () => (await import('../../core/api/test-calls')).fakeApi({ verify }));
// One tab: it leads (the lock's sharing between tabs has its own tests).
vi.mock('../../core/lib/leader-lock', async (importOriginal) => {
  const real = await importOriginal<typeof LeaderLockModule>();
  return { ...real, createLeaderLock: (name: string) => real.createLeaderLock(name, undefined) };
});

const PREFIX = 'pre8';
const TWENTY_SECONDS = 20_000;

/** A member `cid` logged in; 0: no one. */
const siteStore = (cid: number) => (cid ? testMemberStore({ games: [], memberInfo: { ...TEST_MEMBER_INFO, cid } }) : testSiteStore());

let mounted: TestMount | null = null;

async function mount(store: TestStore) {
  mounted = await mountInStore(store, <VerifyEffects />);
}

beforeEach(() => {
  vi.useFakeTimers();
  writeSessionCookies(PREFIX, 'member-token', 'phone');
});
afterEach(async () => {
  await unmountAll();
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
    await act(async () =>
      store.set(sessionFromReplyAtom, {
        reply: { status: true, access_token: 't', games: [], member_info: { cid: 7 } as MemberInfo },
        loginBy: 'phone',
        fresh: true,
      }),
    );
    await pass(TWENTY_SECONDS);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('stops when the effects go away', async () => {
    await mount(siteStore(7));
    await pass(TWENTY_SECONDS);
    await mounted!.unmount();
    await pass(5 * TWENTY_SECONDS);
    expect(verify).toHaveBeenCalledTimes(1);
  });
});
