// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { sessionClearedAtom } from '../../core/base/session-state';
import { writeSessionCookies } from '../../core/base/session-cookies';
import { RealtimeEffects } from './realtime-effects';
import { clearCookies } from '../../core/base/test-cookies';
import { mountInStore, pass, unmountAll, type TestMount } from '../../core/base/test-render';
import { TEST_MEMBER_INFO, testMemberStore, testSiteStore, type TestStore } from '../../core/base/test-member';

const channel = vi.hoisted(() => ({
  opened: 0,
  events: [] as string[],
  readToken: null as (() => string | null) | null,
}));
vi.mock('./member-channel', () => ({
  openMemberChannel: vi.fn(async (_store: unknown, _config: unknown, readToken: () => string | null) => {
    channel.opened += 1;
    channel.readToken = readToken;
    return {
      join: (id: number) => channel.events.push(`join ${id}`),
      leave: (id: number) => channel.events.push(`leave ${id}`),
      disconnect: () => channel.events.push('disconnect'),
      socket: {},
    };
  }),
}));
const network = vi.hoisted(() => ({ watching: 0, stop: vi.fn() }));
vi.mock('./network-status', () => ({
  watchNetwork: vi.fn(() => {
    network.watching += 1;
    return network.stop;
  }),
}));
vi.mock('../../core/i18n/init-i18n', () => ({ loadMemberStrings: () => Promise.resolve() }));

const PREFIX = 'pre8';
/** The product's delays, written out: the first join 3 s after mount, a join after a change of member 0.8 s. */
const FIRST_JOIN_MS = 3_000;
const REJOIN_MS = 800;

/** A member `cid` logged in; 0: no one. */
const store = (cid: number) => (cid ? testMemberStore({ games: [], memberInfo: { ...TEST_MEMBER_INFO, cid } }) : testSiteStore());

let mounted: TestMount | null = null;
let router: ReturnType<typeof createMemoryRouter> | null = null;

async function mount(s: TestStore, path = '/profile') {
  router = createMemoryRouter([{ path: '*', element: <RealtimeEffects /> }], { initialEntries: [path] });
  mounted = await mountInStore(s, <RouterProvider router={router} />);
}

beforeEach(() => {
  vi.useFakeTimers();
  channel.opened = 0;
  channel.events = [];
  network.watching = 0;
  network.stop.mockClear();
});
afterEach(async () => {
  await unmountAll();
  router = null;
  vi.useRealTimers();
  clearCookies();
});

describe("the member's private channel", () => {
  it('is joined 3 s after mount, once, for the logged-in member, with the live token', async () => {
    writeSessionCookies(PREFIX, 'member-token', 'phone');
    await mount(store(7));
    await pass(FIRST_JOIN_MS - 1);
    expect(channel.events).toEqual([]);
    await pass(1);
    expect(channel.events).toEqual(['join 7']);
    expect(channel.opened).toBe(1);
    expect(channel.readToken?.()).toBe('member-token');
    await pass(60_000);
    expect(channel.events).toEqual(['join 7']);
  });

  it('is left at logout, and at once on the logout page', async () => {
    const member = store(7);
    await mount(member);
    await pass(FIRST_JOIN_MS);
    await act(async () => router!.navigate('/logout'));
    expect(channel.events).toEqual(['join 7', 'leave 7']);

    await act(async () => router!.navigate('/profile'));
    await pass(REJOIN_MS);
    expect(channel.events).toEqual(['join 7', 'leave 7', 'join 7']);
    await act(async () => member.set(sessionClearedAtom));
    await pass(60_000);
    expect(channel.events).toEqual(['join 7', 'leave 7', 'join 7', 'leave 7']);
  });

  it('a guest joins nothing and opens no socket', async () => {
    await mount(store(0));
    await pass(60_000);
    expect(channel.events).toEqual([]);
    expect(channel.opened).toBe(0);
  });

  it('goes away with the effects: the channel left, the socket closed, the network no longer watched', async () => {
    await mount(store(7));
    await pass(FIRST_JOIN_MS);
    expect(network.watching).toBe(1);
    await mounted!.unmount();
    expect(channel.events).toEqual(['join 7', 'leave 7', 'disconnect']);
    expect(network.stop).toHaveBeenCalledTimes(1);
  });

  it('a join still waiting when the effects go away never happens', async () => {
    await mount(store(7));
    await pass(FIRST_JOIN_MS - 1);
    await mounted!.unmount();
    await pass(60_000);
    expect(channel.events).toEqual([]);
  });
});
