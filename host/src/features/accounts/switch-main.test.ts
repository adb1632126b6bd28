// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerGameUser } from '@member/shared-core';
import { ApiError } from '../../core/api/api-error';
import { writeSessionCookies } from '../../core/base/session-cookies';
import { MAIN_READ_BACKOFF_MS, switchMainAtom } from './game-actions';
import { gameAccountsAtom, gamesClearedAtom, mainSwitchStatusAtom } from './state';
import { testMemberStore, type TestStore } from '../../core/base/test-member';

/** The operator: which game user is main, whether its replies are lost, and whether its profile read answers. */
const server = vi.hoisted(() => ({ main: 'pre8g1', switchLost: false, profileDown: false, switches: 0, profileReads: 0 }));
const games = (main: string): ServerGameUser[] => [
  { service: 'GCLUB', game_user: 'pre8g1', game_password: 'gpass', main: main === 'pre8g1', generate: false },
  { service: 'UFA', game_user: 'pre8u1', game_password: 'upass', main: main === 'pre8u1', generate: false },
];
const calls = vi.hoisted(() => ({
  switchMain: null as null | ReturnType<typeof vi.fn<(request: { switch_gameuser: string }) => Promise<{ status: boolean }>>>,
}));
vi.mock('../../core/api/api', async () => {
  calls.switchMain = vi.fn(async ({ switch_gameuser }: { switch_gameuser: string }) => {
    server.switches += 1;
    server.main = switch_gameuser;
    if (server.switchLost) throw new ApiError('timeout', 'switchMain');
    return { status: true };
  });
  return (await import('../../core/api/test-calls')).fakeApi({
    switchMain: calls.switchMain,
    getProfile: vi.fn(async () => {
      server.profileReads += 1;
      if (server.profileDown) throw new ApiError('http', 'getProfile', 503);
      return { status: true, games: games(server.main) };
    }),
  });
});

const PREFIX = 'pre8';

const memberStore = () => testMemberStore({ games: games(server.main), memberInfo: null });
const shownMain = (store: TestStore) => store.get(gameAccountsAtom).find((a) => a.main)?.gameuser;

beforeEach(() => {
  vi.useFakeTimers();
  Object.assign(server, { main: 'pre8g1', switchLost: false, profileDown: false, switches: 0, profileReads: 0 });
  writeSessionCookies(PREFIX, 'member-token', 'phone');
});
afterEach(() => {
  vi.useRealTimers();
  document.cookie = `token-${PREFIX}=; path=/; max-age=0`;
});

describe('switching the main account', () => {
  it('a switch answered true shows the new main', async () => {
    const store = memberStore();
    expect(await store.set(switchMainAtom)).toBe('switched');
    expect(shownMain(store)).toBe('pre8u1');
    expect(store.get(mainSwitchStatusAtom)).toBe('switched');
  });

  it('when the reply and the read-back are both lost, it says "checking", never "failed", and reads on until the server says it switched', async () => {
    const store = memberStore();
    server.switchLost = true;
    server.profileDown = true;
    expect(await store.set(switchMainAtom)).toBe('checking');
    expect(store.get(mainSwitchStatusAtom)).toBe('checking');
    expect(shownMain(store)).toBe('pre8g1');
    // Still down at the first read-back: still checking.
    await vi.advanceTimersByTimeAsync(MAIN_READ_BACKOFF_MS[0]);
    expect(store.get(mainSwitchStatusAtom)).toBe('checking');
    server.profileDown = false;
    await vi.advanceTimersByTimeAsync(MAIN_READ_BACKOFF_MS[1]);
    expect(store.get(mainSwitchStatusAtom)).toBe('switched');
    expect(shownMain(store)).toBe('pre8u1');
    expect(server.switches).toBe(1);
    // Nothing more is read once the answer came.
    const reads = server.profileReads;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.profileReads).toBe(reads);
  });

  it('a press while it is being checked reads first and never sends a switch that would flip it back', async () => {
    const store = memberStore();
    server.switchLost = true;
    server.profileDown = true;
    await store.set(switchMainAtom);
    expect(await store.set(switchMainAtom)).toBe('checking');
    server.profileDown = false;
    expect(await store.set(switchMainAtom)).toBe('switched');
    expect(server.switches).toBe(1);
    expect(server.main).toBe('pre8u1');
  });

  it('a lost reply whose read-back shows the old main says the switch was not made', async () => {
    const store = memberStore();
    server.switchLost = true;
    // This server drops the switch: its main stays.
    calls.switchMain!.mockImplementationOnce(async () => {
      server.switches += 1;
      throw new ApiError('timeout', 'switchMain');
    });
    expect(await store.set(switchMainAtom)).toBe('unchanged');
    expect(store.get(mainSwitchStatusAtom)).toBe('unchanged');
    expect(shownMain(store)).toBe('pre8g1');
  });

  it('logout ends the read-back', async () => {
    const store = memberStore();
    server.switchLost = true;
    server.profileDown = true;
    await store.set(switchMainAtom);
    store.set(gamesClearedAtom);
    const reads = server.profileReads;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.profileReads).toBe(reads);
    expect(store.get(mainSwitchStatusAtom)).toBe('idle');
  });
});
