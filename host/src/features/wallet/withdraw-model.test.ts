import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type { Service } from '@member/shared-core';
import { isLocked, RESEND_FOR_MS } from '@member/shared-core/wallet/withdraw-flow';
import { modelCommands, modelRunParameters } from '../../core/lib/test-model-runs';
import { answerSessionEndInWithdrawals, checkWithdrawalAtom, dismissWithdrawOutcomeAtom, submitWithdrawAtom } from './withdraw-state';
import { intentsKey } from './withdraw-intents';
import { GAME_USERS, PREFIX, World, type Device, type OperatorKeys, type SendFate, type Tab } from './test-withdraw-world';

/*
 * The withdrawal flow, explored: random sequences of what a member does (press, press twice, check again, dismiss,
 * reload, a second tab, a second device, logout and back, offline and back) and of what an operator does (answers
 * at 0-90 s: booked, 409 in flight, 429 with Retry-After, another 4xx, 5xx before or after booking, undecryptable,
 * lost before or after booking, or every withdraw call down; history, checks and events with or without keys, slow or
 * down; another device's withdrawal; settling), run against the real flow on fresh stores, with the operator's ledger as the model. After
 * every step, what each tab shows must be what the operator's record of that key says.
 */

const SERVICES: readonly Service[] = ['UFA', 'GCLUB'];

/** What the tabs have said, kept across the steps of one sequence. */
interface Seen {
  /** Keys some tab said were not made: none of them may ever be booked. */
  notMade: Set<string>;
}

function fail(message: string): never {
  throw new Error(message);
}

/** The invariants, after every step. */
function checkWorld(world: World, seen: Seen): void {
  const { operator } = world;
  if (world.violations.length > 0) fail(world.violations[0]!);
  if (operator.mismatches.length > 0) fail(`the key ${operator.mismatches[0]} was sent for another withdrawal`);
  const booked = operator.rows.map((row) => row.key);
  if (new Set(booked).size !== booked.length) fail('a key was booked twice');
  for (const key of seen.notMade) if (operator.rowOf(key)) fail(`${key} was said "not made", and is booked`);
  for (const device of world.devices) {
    const stored = JSON.parse(device.values.get(intentsKey(PREFIX)) ?? '{}') as Record<string, { key: string }>;
    for (const intent of Object.values(stored)) {
      if (!device.sessionKeys.at(-1)!.has(intent.key)) fail(`device ${device.id} holds ${intent.key} of a session that ended`);
    }
  }
  for (const tab of world.liveTabs()) {
    for (const service of SERVICES) {
      const flow = world.shown(tab, service);
      if (flow.phase === 'idle' || !flow.intent) continue;
      const { key } = flow.intent;
      const row = operator.rowOf(key);
      const where = `device ${tab.device.id}, ${service}, ${key}`;
      if (flow.phase === 'done' && !row) fail(`${where}: says done, and the operator booked nothing under the key`);
      if (flow.phase === 'pending' && !row) fail(`${where}: says being processed, and the operator booked nothing under the key`);
      if (flow.phase !== 'refused') continue;
      if (flow.problem === 'settledRejected') {
        if (row?.status !== 'rejected') fail(`${where}: says rejected, and the operator's row is ${row?.status ?? 'missing'}`);
        continue;
      }
      if (row) fail(`${where}: says not made (${flow.problem}), and the key is booked`);
      if (!operator.refusedFinally(key) && !operator.neverSaw(key))
        fail(`${where}: says not made (${flow.problem}) before any definite answer`);
      seen.notMade.add(key);
    }
  }
}

/**
 * Half-minutes of the drain: longer than any back-off or Retry-After of the sequences, so every key is sent again in
 * it; every booking (at most 90 s after its send) is made before the last settling, and the last half-minute follows
 * that settling, so the flows can hear of it.
 */
const DRAIN_ROUNDS = 5;

/** The operator answers again as a careful one, every device is back online, and time passes with every withdrawal settled. */
async function drain(world: World, seen: Seen): Promise<void> {
  const { operator } = world;
  operator.fates = [];
  operator.withdraw = 'up';
  operator.history = 'up';
  operator.check = 'up';
  operator.socket = 'up';
  operator.maintenance.clear();
  for (const device of world.devices) device.online = true;
  for (let round = 0; round < DRAIN_ROUNDS; round++) {
    for (const service of SERVICES) operator.settle(service, 'completed');
    await vi.advanceTimersByTimeAsync(30_000);
    checkWorld(world, seen);
  }
  // Liveness: an intent the operator has answered is not left waiting while the flow can still learn it.
  for (const tab of world.liveTabs()) {
    for (const service of SERVICES) {
      const flow = world.shown(tab, service);
      if (flow.phase === 'idle' || !isLocked(flow) || !flow.intent) continue;
      const { key, createdAt } = flow.intent;
      // The key is sent again through the drain (so its own answer comes back), or the history names it.
      const stillSent = tab.device.now() - createdAt < RESEND_FOR_MS - DRAIN_ROUNDS * 30_000;
      if (operator.rowOf(key) && (stillSent || operator.reports.history))
        fail(`device ${tab.device.id}, ${service}, ${key}: booked and settled, and still shown as ${flow.phase}`);
      if (operator.refusedFinally(key) && stillSent)
        fail(`device ${tab.device.id}, ${service}, ${key}: refused, and still shown as ${flow.phase}`);
    }
  }
}

type Step = fc.AsyncCommand<object, World>;

/** A step of the sequence; the invariants are checked after it. */
const step = (label: string, run: (world: World) => Promise<unknown> | unknown, seen: () => Seen): Step => ({
  check: () => true,
  run: async (_model, world) => {
    await run(world);
    await vi.advanceTimersByTimeAsync(0);
    checkWorld(world, seen());
  },
  toString: () => label,
});

const pick = <T>(items: readonly T[], at: number): T | undefined => (items.length === 0 ? undefined : items[at % items.length]);
const deviceOf = (world: World, at: number): Device => pick(world.devices, at)!;
const tabOf = (world: World, device: number, tab: number): Tab | undefined => pick(deviceOf(world, device).tabs, tab);

const fateArb: fc.Arbitrary<SendFate> = fc.record({
  delivery: fc.constantFrom<SendFate['delivery']>(
    'ok',
    'ok',
    'lostBefore',
    'lostAfter',
    'serverErrorBefore',
    'serverErrorAfter',
    'undecryptable',
    'busy',
    'otherClientError',
  ),
  bankMs: fc.constantFrom(0, 2_000, 15_000, 29_000, 31_000, 45_000, 90_000),
  answerMs: fc.constantFrom(0, 1_000, 10_000, 40_000),
  retryAfterS: fc.constantFrom(1, 5, 60),
});

function steps(seen: () => Seen): fc.Arbitrary<Step>[] {
  const where = fc.tuple(fc.nat(1), fc.nat(2));
  const service = fc.constantFrom<Service>('UFA', 'UFA', 'GCLUB');
  const amount = fc.constantFrom(100, 300, 500, 20_000);
  const press = fc.tuple(where, service, amount, fc.boolean()).map(([[d, t], s, a, twice]) =>
    step(
      `press(device ${d}, tab ${t}, ${s}, ${a}${twice ? ', twice' : ''})`,
      async (world) => {
        const tab = tabOf(world, d, t);
        if (!tab || !tab.device.loggedIn || isLocked(world.shown(tab, s))) return;
        const order = { gameuser: GAME_USERS[s], service: s, amount: a };
        const presses = [tab.store.set(submitWithdrawAtom, order)];
        if (twice) presses.push(tab.store.set(submitWithdrawAtom, order));
        await Promise.race([Promise.all(presses), vi.advanceTimersByTimeAsync(0)]);
      },
      seen,
    ),
  );
  const wait = fc
    .constantFrom(0, 1_000, 4_000, 15_000, 31_000, 45_000, 90_000, 5 * 60_000, 11 * 60_000)
    .map((ms) => step(`wait(${ms / 1000} s)`, () => vi.advanceTimersByTimeAsync(ms), seen));
  const fates = fc.array(fateArb, { minLength: 1, maxLength: 4 }).map((list) =>
    step(
      `next sends: ${list.map((f) => `${f.delivery}@${f.bankMs / 1000}s/${f.answerMs / 1000}s${f.delivery === 'busy' ? ` retry ${f.retryAfterS}s` : ''}`).join(', ')}`,
      (world) => {
        world.operator.fates.push(...list);
      },
      seen,
    ),
  );
  return [
    // What happens most: the member presses, time passes, the operator answers in its ways.
    press,
    press,
    press,
    wait,
    wait,
    wait,
    fates,
    fates,
    // The member's other doings.
    fc.tuple(where, service).map(([[d, t], s]) =>
      step(
        `check again(device ${d}, tab ${t}, ${s})`,
        (world) => {
          const tab = tabOf(world, d, t);
          if (tab?.device.loggedIn) void tab.store.set(checkWithdrawalAtom, GAME_USERS[s]);
        },
        seen,
      ),
    ),
    fc.tuple(where, service).map(([[d, t], s]) =>
      step(
        `edit the amount(device ${d}, tab ${t}, ${s})`,
        (world) => {
          const tab = tabOf(world, d, t);
          if (tab?.device.loggedIn) tab.store.set(dismissWithdrawOutcomeAtom, GAME_USERS[s]);
        },
        seen,
      ),
    ),
    where.map(([d, t]) =>
      step(
        `reload(device ${d}, tab ${t})`,
        (world) => {
          const tab = tabOf(world, d, t);
          if (!tab) return;
          world.closeTab(tab);
          world.openTab(tab.device);
        },
        seen,
      ),
    ),
    fc
      .nat(1)
      .map((d) =>
        step(`second tab(device ${d})`, (world) => deviceOf(world, d).tabs.length < 3 && world.openTab(deviceOf(world, d)), seen),
      ),
    where.map(([d, t]) =>
      step(
        `close tab(device ${d}, tab ${t})`,
        (world) => {
          const tab = tabOf(world, d, t);
          if (tab && tab.device.tabs.length > 1) world.closeTab(tab);
        },
        seen,
      ),
    ),
    fc.constant(step('second device', (world) => world.addDevice(), seen)),
    fc.nat(1).map((d) => step(`logout(device ${d})`, (world) => world.logout(deviceOf(world, d)), seen)),
    fc.nat(1).map((d) => step(`login(device ${d})`, (world) => world.login(deviceOf(world, d)), seen)),
    fc.tuple(fc.nat(1), fc.boolean()).map(([d, online]) =>
      step(
        `${online ? 'online' : 'offline'}(device ${d})`,
        (world) => {
          deviceOf(world, d).online = online;
        },
        seen,
      ),
    ),
    // The operator.
    fc
      .tuple(service, fc.constantFrom<'completed' | 'rejected'>('completed', 'completed', 'rejected'))
      .map(([s, status]) => step(`settle(${s}, ${status})`, (world) => world.operator.settle(s, status), seen)),
    fc
      .tuple(service, amount)
      .map(([s, a]) => step(`another device withdraws(${s}, ${a})`, (world) => world.operator.foreignBooking(s, a), seen)),
    fc.tuple(service, fc.boolean()).map(([s, on]) =>
      step(
        `maintenance(${s}, ${on})`,
        (world) => {
          if (on) world.operator.maintenance.add(GAME_USERS[s]);
          else world.operator.maintenance.delete(GAME_USERS[s]);
        },
        seen,
      ),
    ),
    fc
      .constantFrom<'up' | 'down'>('up', 'down')
      .map((mode) => step(`withdraw calls ${mode}`, (world) => void (world.operator.withdraw = mode), seen)),
    fc
      .constantFrom<'up' | 'slow' | 'down'>('up', 'slow', 'down')
      .map((mode) => step(`history ${mode}`, (world) => void (world.operator.history = mode), seen)),
    fc
      .constantFrom<'up' | 'slow' | 'down'>('up', 'slow', 'down')
      .map((mode) => step(`checkWithdraw ${mode}`, (world) => void (world.operator.check = mode), seen)),
    fc
      .constantFrom<'up' | 'down'>('up', 'down')
      .map((mode) => step(`socket ${mode}`, (world) => void (world.operator.socket = mode), seen)),
  ];
}

const operatorArb: fc.Arbitrary<OperatorKeys> = fc.record({ history: fc.boolean(), events: fc.boolean(), pending: fc.boolean() });
const clockArb = fc.record({
  skew: fc.constantFrom(0, 0, 3_600_000, -3_600_000, 5 * 60_000),
  offsetError: fc.integer({ min: -900, max: 900 }),
});

describe('the withdrawal flow, explored against an operator', () => {
  // A logout clears the flows, as it does once the wallet's hooks chunk has started their answer.
  let stopWithdrawalsAnswering: () => void = () => undefined;
  beforeAll(() => {
    stopWithdrawalsAnswering = answerSessionEndInWithdrawals();
    vi.useFakeTimers({ now: Date.parse('2026-11-27T10:00:00Z') });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterAll(() => {
    stopWithdrawalsAnswering();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows done only for a booked key, not made only for a finally refused or never seen one, and books each intent at most once', {
    timeout: 120_000,
  }, async () => {
    let seen: Seen = { notMade: new Set() };
    const explored = { sequences: 0, steps: 0, keys: 0, bookings: 0, notMade: 0 };
    await fc.assert(
      fc.asyncProperty(
        operatorArb,
        fc.tuple(clockArb, clockArb),
        fc.commands(
          steps(() => seen),
          modelCommands(),
        ),
        async (reports, clocks, commands) => {
          vi.clearAllTimers();
          seen = { notMade: new Set() };
          const world = new World(reports, clocks);
          try {
            await fc.asyncModelRun(() => ({ model: {}, real: world }), commands);
            await drain(world, seen);
          } finally {
            explored.sequences += 1;
            explored.steps += [...commands].length;
            explored.keys += world.operator.keys.size;
            explored.bookings += world.operator.rows.length;
            explored.notMade += seen.notMade.size;
            world.stopAll();
            vi.clearAllTimers();
          }
        },
      ),
      modelRunParameters('withdraw model', 2000),
    );
    console.info(
      `[withdraw model] explored ${explored.sequences} sequences, ${explored.steps} steps: ${explored.keys} keys sent, ${explored.bookings} bookings, ${explored.notMade} said "not made"`,
    );
    expect(explored.sequences).toBeGreaterThan(0);
  });
});
