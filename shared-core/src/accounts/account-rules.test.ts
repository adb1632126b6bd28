import { describe, expect, it } from 'vitest';
import { accountRoles, defaultService, gameAccountView, mainSwitchUnderWay, switchMainText } from './account-rules';

describe('defaultService', () => {
  it('follows the cookie when the member has that account', () => {
    expect(defaultService('GCLUB', ['GCLUB', 'UFA'])).toBe('GCLUB');
    expect(defaultService('UFA', ['GCLUB', 'UFA'])).toBe('UFA');
  });
  it('picks UFA with both accounts and no usable cookie', () => {
    expect(defaultService(null, ['GCLUB', 'UFA'])).toBe('UFA');
    expect(defaultService('nonsense', ['GCLUB', 'UFA'])).toBe('UFA');
  });
  it('picks the only account, whatever the cookie says', () => {
    expect(defaultService('UFA', ['GCLUB'])).toBe('GCLUB');
    expect(defaultService(null, [])).toBeNull();
  });
});

describe('game accounts as screens show them', () => {
  const state = { logged: true, maintain: false, balance: 8250, updatedAt: '2025-03-14T07:05:00.000Z', loading: false, failed: false };
  const ufa = gameAccountView({ game_user: 'pre8u1001', game_password: 'pw', service: 'UFA', main: false, generate: false }, 'UFA', state);
  const gclub = gameAccountView(
    { game_user: 'pre8g1001', game_password: 'pw', service: 'GCLUB', main: true, generate: true },
    'UFA',
    state,
  );

  it('marks the selected one and carries the provider state', () => {
    expect(ufa).toMatchObject({ gameuser: 'pre8u1001', selected: true, balance: 8250, balanceUpdatedAt: state.updatedAt, logged: true });
    expect(gclub).toMatchObject({ selected: false, main: true, generate: true });
  });

  it('names the selected, the other and the main account', () => {
    expect(accountRoles([ufa, gclub])).toEqual({ selected: ufa, other: gclub, main: gclub });
    expect(accountRoles([ufa])).toEqual({ selected: ufa, other: null, main: null });
  });
});

describe('switchMainText', () => {
  it('tells the outcome where the switch was asked for, and a switch being checked everywhere', () => {
    expect(switchMainText('switched', true)).toEqual([null, 'games.mainSwitched']);
    expect(switchMainText('switched', false)).toEqual([null, null]);
    expect(switchMainText('unchanged', true)).toEqual(['games.errors.switchMainNotMade', null]);
    expect(switchMainText('checking', false)).toEqual([null, 'games.switchMainChecking']);
  });
});

describe('mainSwitchUnderWay', () => {
  it('lasts while the press is out and while its outcome is being checked', () => {
    expect(mainSwitchUnderWay(true, 'idle')).toBe(true);
    expect(mainSwitchUnderWay(false, 'checking')).toBe(true);
    expect(mainSwitchUnderWay(false, 'unchanged')).toBe(false);
  });
});
