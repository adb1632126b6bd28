// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type { GameCategory, Service } from '@member/shared-core';
import { GAME_MENU } from '@member/shared-core/games/menu';
import { ApiError } from '../../core/api/api-error';
import { changeGamePasswordAtom, refreshBalanceAtom, setUpGamesAtom, switchMainAtom } from '../../features/accounts/game-actions';
import { balancesAtom, providersAtom, ufaGamesAtom } from '../../features/accounts/state';
import { writeSessionCookies } from '../../core/base/session-cookies';
import { sessionAtom, sessionFromReplyAtom } from '../../core/base/session-state';
import { TEST_GCLUB_MAIN, TEST_MEMBER_INFO, TEST_UFA_SECOND, testSiteStore, type TestStore } from '../../core/base/test-member';
import { clearCookies } from '../../core/base/test-cookies';
import {
  launchGameAtom,
  loadBrandAtom,
  loadMemberGamesAtom,
  loadSearchListsAtom,
  toggleFavouriteAtom,
} from '../../features/lobby/lobby-actions';
import { favouritesAtom, gameListsAtom, recentAtom } from '../../features/lobby/state';
import { recordNavigations } from '../../core/lib/test-navigation';
import { modelCommands, modelRunParameters } from '../../core/lib/test-model-runs';
import { LOGOUT_DELAY_MS, logoutAtom } from '../../features/session/logout';
import { checkSessionAtom } from '../../features/session/session-check';
import { apiWithdrawPorts } from '../../features/wallet/withdraw-ports';
import { answerSessionEndInWithdrawals, submitWithdrawAtom, withdrawFlowsAtom } from '../../features/wallet/withdraw-state';
import { startWithdrawWatch } from '../../features/wallet/withdraw-watch';
import { answerSessionEndInFeatures } from './answer-session-end';

/*
 * The end of a session, explored: the member's flows (the providers' set-up, balances, lists, favourites, a launch,
 * a switch of main account, a game password, the session check, a withdrawal) wait on replies that arrive in any
 * order, at any moment, answered or failed; the member logs out at any moment among them, and may log in again (on a
 * shared device, the next member). Every reply carries the session it was asked in. After every step, nothing of an
 * ended session is in the store or on the device: logged out, nothing of the member at all; logged in again, only
 * what the new session's own replies brought.
 */

const PREFIX = 'pre8';

interface Call {
  name: string;
  /** The session the call was made in. */
  session: number;
  resolve: (reply: unknown) => void;
  reject: (error: unknown) => void;
}

const net = vi.hoisted(() => ({ calls: [] as Call[], session: 1, loggedOut: false, sentLoggedOut: [] as string[] }));

vi.mock('../../core/api/api', () => ({
  configureApi: () => undefined,
  callApi: (name: string) => {
    if (net.loggedOut) net.sentLoggedOut.push(name);
    return new Promise((resolve, reject) => net.calls.push({ name, session: net.session, resolve, reject }));
  },
}));
vi.mock('../../core/lib/sweetalert', () => ({ default: { fire: vi.fn(async () => ({})) } }));

/** Balances carry their session in the thousands: session 2's are 2000-2999. */
const balanceOf = (session: number, n: number) => session * 1000 + n;
const sessionOfBalance = (balance: number) => Math.floor(balance / 1000);
const mark = (session: number) => `s${session}`;
const memberOf = (session: number) => ({ ...TEST_MEMBER_INFO, cid: 100 + session });

/** What the operator answers each call of `session`. */
function replyOf(name: string, session: number): unknown {
  const m = mark(session);
  switch (name) {
    case 'gclubMaintain':
      return { status: true, result: { frontEnd_Maintain: false } };
    case 'ufaMaintain':
      return { status: true, maintain: false };
    case 'gclubData':
      return { status: true, gclubToken: `gtok-${m}`, accountInfo: `ainfo-${m}`, gameuser: 'pre8g1' };
    case 'gclubLogin':
      return { status: true, result: { token: `gtok-${m}`, now_xinyong: balanceOf(session, 1) } };
    case 'gclubCheckLogged':
      return { status: true, result: { now_xinyong: balanceOf(session, 2) } };
    case 'gclubCredit':
      return { status: true, result: { totalMoney: balanceOf(session, 3) } };
    case 'ufaLogin':
    case 'ufaCheckLogged':
      return { status: true, accid: `acc-${m}`, sessions: `ses-${m}`, credit: balanceOf(session, 4), games: {} };
    case 'ufaCredit':
      return { status: true, credit: balanceOf(session, 5) };
    case 'getProfile':
      return { status: true, member_info: memberOf(session), games: [TEST_GCLUB_MAIN, TEST_UFA_SECOND], loginBy: 'phone' };
    case 'gameFavourites':
    case 'gameFavouriteSet':
      return { status: true, favourites: [{ brand: 'slot_RSG', id: `fav-${m}` }] };
    case 'gameRecent':
      return { status: true, recent: [{ brand: 'slot_RSG', id: `rec-${m}`, at: '2026-11-27T10:00:00Z' }] };
    case 'gclubGame':
      return { status: true, games: [{ id: `game-${m}`, tag: 'slot_RSG', name: `Game ${m}` }] };
    case 'gclubOpenGame':
      return { status: true, result: { urlInfo: 'https://games.provider.example/play' } };
    case 'checkWithdraw':
      return { status: true, pending: false };
    case 'history':
      return { status: true, history: [] };
    case 'ufaWithdraw':
    case 'gclubWithdraw':
      return { status: true, pending: true, ref: `W-${m}` };
    default:
      return { status: true };
  }
}

/** The keys the member's pages keep on the device (each followed by the prefix), and where their session shows. */
const PROVIDER_KEYS = ['gclubToken_', 'accountInfo_', 'ufaAccid_', 'ufaSessionsn_'];

interface Member {
  store: TestStore;
  /** The session running (1, 2…), or null once logged out. */
  session: number | null;
  /** What a session's logout left, to compare with what comes after. */
  loggedOut: { lists: unknown } | null;
  stopWatch: (() => void) | null;
}

function fail(message: string): never {
  throw new Error(message);
}

function startSession(member: Member, session: number): void {
  net.session = session;
  net.loggedOut = false;
  member.session = session;
  member.loggedOut = null;
  writeSessionCookies(PREFIX, `member-token-${mark(session)}`, 'phone');
  member.store.set(sessionFromReplyAtom, {
    reply: {
      status: true,
      access_token: `member-token-${mark(session)}`,
      games: [TEST_GCLUB_MAIN, TEST_UFA_SECOND],
      member_info: memberOf(session),
    },
    loginBy: 'phone',
    fresh: true,
  });
}

/** Nothing of an ended session: after a logout nothing of the member; in a new session only its own replies. */
function checkMember(member: Member): void {
  const { store, session } = member;
  const state = store.get(sessionAtom);
  const balances = store.get(balancesAtom);
  // A flow that was waiting when the member logged out stops there: nothing goes to the operator in their name.
  if (net.sentLoggedOut.length > 0) fail(`logged out, and ${net.sentLoggedOut.join(', ')} went to the operator`);
  if (session === null) {
    if (state.logged || state.memberInfo || state.games.length > 0) fail('logged out, and the store holds the member');
    for (const service of ['GCLUB', 'UFA'] as const)
      if (balances[service].balance !== null) fail(`logged out, and a ${service} balance is shown`);
    if (Object.values(store.get(providersAtom)).some((p) => p.logged)) fail('logged out, and a provider is logged in');
    if (store.get(favouritesAtom).length > 0 || store.get(recentAtom).length > 0)
      fail('logged out, and favourites or recent games are held');
    if (store.get(ufaGamesAtom) !== null) fail("logged out, and UFA's games are held");
    if (Object.keys(store.get(withdrawFlowsAtom)).length > 0) fail('logged out, and a withdrawal is shown');
    if (member.loggedOut && store.get(gameListsAtom) !== member.loggedOut.lists) fail('logged out, and a list arrived into the store');
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      // The device's language and the message that tells the other tabs of the logout are not the member's.
      if (key !== 'locale' && !key.startsWith('member-tab-message-')) fail(`logged out, and the device keeps ${key}`);
    }
    return;
  }
  const m = mark(session);
  if (state.memberInfo && state.memberInfo.cid !== memberOf(session).cid) fail(`session ${session} shows the member of another session`);
  for (const service of ['GCLUB', 'UFA'] as const) {
    const balance = balances[service].balance;
    if (balance !== null && sessionOfBalance(balance) !== session)
      fail(`session ${session} shows a ${service} balance of session ${sessionOfBalance(balance)}`);
  }
  for (const ref of [...store.get(favouritesAtom), ...store.get(recentAtom)])
    if (!ref.id.endsWith(m)) fail(`session ${session} holds ${ref.id}`);
  for (const key of PROVIDER_KEYS) {
    const kept = localStorage.getItem(`${key}${PREFIX}`);
    if (kept !== null && !kept.includes(m)) fail(`session ${session} keeps ${key} of another session: ${kept}`);
  }
  const lists = localStorage.getItem(`gameLists_${PREFIX}`);
  if (lists !== null && /game-s\d/.test(lists) && !lists.includes(`game-${m}`)) fail(`session ${session} keeps a list of another session`);
  const balancesKept = localStorage.getItem(`balances_${PREFIX}`);
  if (balancesKept !== null && JSON.parse(balancesKept).member !== memberOf(session).cid)
    fail(`session ${session} keeps balances of another member`);
}

type Step = fc.AsyncCommand<object, Member>;

const step = (label: string, run: (member: Member) => unknown): Step => ({
  check: () => true,
  run: async (_model, member) => {
    await run(member);
    await vi.advanceTimersByTimeAsync(0);
    checkMember(member);
  },
  toString: () => label,
});

const slotBrand = GAME_MENU.slot.find((entry) => entry.url_token !== '-')!;
const lobbyGame = { key: 'RSG/1', id: '1', brand: 'slot_RSG', name: 'g', imageUrl: '', favourite: false };

/** The member's flows, started and left to wait on their replies. */
const FLOWS: Record<string, (member: Member) => unknown> = {
  'set up the game accounts': (m) => m.store.set(setUpGamesAtom),
  'read the GCLUB balance': (m) => m.store.set(refreshBalanceAtom, 'GCLUB' as Service),
  'read the UFA balance': (m) => m.store.set(refreshBalanceAtom, 'UFA' as Service),
  'open a lobby': (m) => m.store.set(loadBrandAtom, 'slot' as GameCategory, slotBrand),
  'search the lobby': (m) => m.store.set(loadSearchListsAtom, 'slot' as GameCategory),
  'read favourites': (m) => m.store.set(loadMemberGamesAtom),
  'toggle a favourite': (m) => m.store.set(toggleFavouriteAtom, lobbyGame),
  'launch a game': (m) => m.store.set(launchGameAtom, 'slot' as GameCategory, slotBrand.code, lobbyGame),
  'switch the main account': (m) => m.store.set(switchMainAtom),
  'change a game password': (m) => m.store.set(changeGamePasswordAtom, 'UFA' as Service, 'upass', 'n3w-pass'),
  'check the session': (m) => m.store.set(checkSessionAtom, PREFIX),
  'open the withdraw page': (m) => {
    if (m.stopWatch || m.session === null) return;
    m.stopWatch = startWithdrawWatch({
      store: m.store,
      prefix: PREFIX,
      ports: apiWithdrawPorts(m.store, PREFIX),
      lock: { isLeader: true, claim() {}, release() {} },
      visibility: { isVisible: () => true, subscribe: () => () => undefined },
    });
  },
  withdraw: (m) => m.stopWatch && m.store.set(submitWithdrawAtom, { gameuser: 'pre8u1', service: 'UFA', amount: 300 }),
};

function steps(): fc.Arbitrary<Step>[] {
  const answer = fc.tuple(fc.nat(7), fc.constantFrom('ok', 'ok', 'ok', 'timeout', 'server error', 'refused', '401')).map(([at, how]) =>
    step(`answer call ${at} (${how})`, () => {
      const call = net.calls.length > 0 ? net.calls.splice(at % net.calls.length, 1)[0]! : null;
      if (!call) return;
      if (how === 'ok') call.resolve(replyOf(call.name, call.session));
      else if (how === 'refused') call.resolve({ status: false, message: 'no' });
      else if (how === 'timeout') call.reject(new ApiError('timeout', call.name));
      else if (how === '401') call.reject(new ApiError('unauthorized', call.name, 401));
      else call.reject(new ApiError('http', call.name, 502));
    }),
  );
  return [
    fc
      .constantFrom(...Object.keys(FLOWS))
      .map((name) => step(name, (m) => m.session !== null && void Promise.resolve(FLOWS[name]!(m)).catch(() => undefined))),
    answer,
    answer,
    answer,
    fc.constantFrom(0, 300, 900, 2_000, 30_000).map((ms) => step(`wait ${ms} ms`, () => vi.advanceTimersByTimeAsync(ms))),
    fc.constant(
      step('log out', async (m) => {
        if (m.session === null) return;
        const out = m.store.set(logoutAtom, { notifyServer: false, broadcast: false });
        await vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS);
        await out;
        // The withdraw page goes with the member (its watch stops when the member is no longer logged in).
        m.stopWatch?.();
        m.stopWatch = null;
        m.session = null;
        net.loggedOut = true;
        m.loggedOut = { lists: m.store.get(gameListsAtom) };
      }),
    ),
    fc.constant(step('log in again (the next member)', (m) => m.session === null && startSession(m, net.session + 1))),
  ];
}

describe('the end of a session, explored', () => {
  recordNavigations();
  let stopAnswering: () => void = () => undefined;
  let stopWithdrawalsAnswering: () => void = () => undefined;
  beforeAll(() => {
    stopAnswering = answerSessionEndInFeatures();
    // As the wallet's hooks chunk starts it when the withdraw page's code has loaded.
    stopWithdrawalsAnswering = answerSessionEndInWithdrawals();
    vi.useFakeTimers({ now: Date.parse('2026-11-27T10:00:00Z') });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterAll(() => {
    stopAnswering();
    stopWithdrawalsAnswering();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('a reply landing after the member logged out writes nothing of the member, whatever it was and whenever it came', {
    timeout: 120_000,
  }, async () => {
    let sequences = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(steps(), modelCommands()), async (commands) => {
        sequences += 1;
        vi.clearAllTimers();
        localStorage.clear();
        sessionStorage.clear();
        clearCookies();
        net.calls.length = 0;
        net.session = 1;
        net.sentLoggedOut.length = 0;
        const member: Member = { store: testSiteStore(), session: 1, loggedOut: null, stopWatch: null };
        startSession(member, 1);
        try {
          await fc.asyncModelRun(() => ({ model: {}, real: member }), commands);
          // Every reply still out arrives, answered, and time passes.
          while (net.calls.length > 0) {
            const call = net.calls.shift()!;
            call.resolve(replyOf(call.name, call.session));
            await vi.advanceTimersByTimeAsync(1_000);
            checkMember(member);
          }
        } finally {
          member.stopWatch?.();
          vi.clearAllTimers();
        }
      }),
      modelRunParameters('session end model', 600),
    );
    console.info(`[session end model] explored ${sequences} sequences`);
    expect(sequences).toBeGreaterThan(0);
  });
});
