import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { testIds, type MemberTransPayload } from '@member/shared-core';
import { answerMemberTrans, type MemberTransArrival } from '../../core/base/member-trans';
import { sessionAtom, sessionFromReplyAtom } from '../../core/base/session-state';
import { TOAST_MS, memberGameStatusAtom, memberTransAtom } from './member-events';

const fire = vi.hoisted(() => vi.fn());
vi.mock('../../core/lib/sweetalert', () => ({ default: { fire } }));

afterEach(() => fire.mockClear());

function listen() {
  const arrivals: Array<Omit<MemberTransArrival, 'set'>> = [];
  const stop = answerMemberTrans(({ trans, refetch }) => arrivals.push({ trans, refetch }));
  return { arrivals, stop };
}

describe('MemberTrans on the channel', () => {
  it('does nothing for status false or a payload of another shape', () => {
    const store = createStore();
    const { arrivals, stop } = listen();
    expect(store.set(memberTransAtom, { status: false, gameuser: 'pre8u1', type: 'withdraw', service: 'UFA' }, { refetch: true })).toBe(
      false,
    );
    expect(store.set(memberTransAtom, { status: true, gameuser: 'pre8u1', type: 'bonus', service: 'UFA' }, { refetch: true })).toBe(false);
    expect(store.set(memberTransAtom, { status: true, gameuser: 7, type: 'deposit', service: 'UFA' }, { refetch: true })).toBe(false);
    stop();
    expect(arrivals).toEqual([]);
    expect(fire).not.toHaveBeenCalled();
  });

  it('shows the game user and what completed in a 4.5 s toast, and announces the arrival with whether this tab fetches', async () => {
    const store = createStore();
    const { arrivals, stop } = listen();
    const trans: MemberTransPayload = { status: true, gameuser: 'pre8u1', type: 'withdraw', service: 'UFA' };
    expect(store.set(memberTransAtom, trans, { refetch: false })).toBe(true);
    stop();
    expect(arrivals).toEqual([{ trans, refetch: false }]);
    await vi.waitFor(() => expect(fire).toHaveBeenCalledTimes(1));
    const options = fire.mock.calls[0]![0] as {
      timer: number;
      title: string;
      toast: boolean;
      showConfirmButton: boolean;
      didOpen: (popup: { setAttribute: (name: string, value: string) => void }) => void;
    };
    expect(options).toMatchObject({ toast: true, timer: TOAST_MS, showConfirmButton: false, title: expect.stringContaining('pre8u1') });
    const attributes: Record<string, string> = {};
    options.didOpen({ setAttribute: (name, value) => (attributes[name] = value) });
    expect(attributes['data-testid']).toBe(testIds.memberToast);
    expect(options).not.toHaveProperty('text');
  });

  it('names the amount and the provider under the title where the event carries an amount, and drops an amount that is none', async () => {
    const { default: i18next } = await import('i18next');
    const { en } = await import('@member/shared-core/i18n/en');
    await i18next.init({ lng: 'en', resources: { en: { translation: en } } });
    const store = createStore();
    const { arrivals, stop } = listen();
    store.set(memberTransAtom, { status: true, gameuser: 'pre8g1', type: 'deposit', service: 'GCLUB', amount: 500 }, { refetch: true });
    await vi.waitFor(() => expect(fire).toHaveBeenCalledTimes(1));
    store.set(memberTransAtom, { status: true, gameuser: 'pre8g1', type: 'deposit', service: 'GCLUB', amount: -3 }, { refetch: true });
    stop();
    await vi.waitFor(() => expect(fire).toHaveBeenCalledTimes(2));
    expect(fire.mock.calls[0]![0]).toMatchObject({ title: 'pre8g1 deposit received', text: '฿500.00 into GCLUB' });
    expect(fire.mock.calls[1]![0]).not.toHaveProperty('text');
    expect(arrivals.map((a) => a.trans.amount)).toEqual([500, undefined]);
  });
});

describe('MemberGameStatus', () => {
  it('updates the one record it names, or replaces the list', () => {
    const store = createStore();
    store.set(sessionFromReplyAtom, {
      reply: {
        status: true,
        access_token: 't',
        games: [{ service: 'UFA', game_user: 'pre8u1', game_password: 'p', main: true, generate: false }],
      },
      loginBy: 'phone',
      fresh: true,
    });
    store.set(memberGameStatusAtom, { data: { service: 'UFA', game_user: 'pre8u1', game_password: 'new', main: true, generate: true } });
    expect(store.get(sessionAtom).games).toEqual([
      { service: 'UFA', game_user: 'pre8u1', game_password: 'new', main: true, generate: true },
    ]);
    const both = [
      { service: 'UFA', game_user: 'pre8u1', game_password: 'new', main: false, generate: true },
      { service: 'GCLUB', game_user: 'pre8g1', game_password: 'g', main: true, generate: false },
    ];
    store.set(memberGameStatusAtom, both);
    expect(store.get(sessionAtom).games).toEqual(both);
    store.set(memberGameStatusAtom, { data: { game_user: 42 } });
    expect(store.get(sessionAtom).games).toEqual(both);
  });
});
