import { describe, expect, test } from 'vitest';
import { mayApplyUpdate, shouldCheckForUpdate, updateOffer, UPDATE_CHECK_INTERVAL_MS, UPDATE_CHECK_MIN_GAP_MS } from './update-rule';

describe('the update offer', () => {
  test('nothing to offer while no new version waits', () => {
    expect(updateOffer({ waiting: false, withdrawalUnresolved: false })).toBe('none');
    expect(updateOffer({ waiting: false, withdrawalUnresolved: true })).toBe('none');
  });

  test('a waiting version is offered, unless a withdrawal is unresolved: then the offer waits', () => {
    expect(updateOffer({ waiting: true, withdrawalUnresolved: false })).toBe('offered');
    expect(updateOffer({ waiting: true, withdrawalUnresolved: true })).toBe('deferred');
  });

  test("the member's press applies it only when nothing holds it back at that moment", () => {
    expect(mayApplyUpdate({ waiting: true, withdrawalUnresolved: false })).toBe(true);
    expect(mayApplyUpdate({ waiting: true, withdrawalUnresolved: true })).toBe(false);
    expect(mayApplyUpdate({ waiting: false, withdrawalUnresolved: false })).toBe(false);
  });
});

describe('when an open page asks for a new worker', () => {
  const at = (minutes: number) => minutes * 60_000;
  const facts = { reason: 'interval' as const, now: at(60), lastCheck: 0, visible: true, online: true };

  test('the hourly timer checks a page in view', () => {
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(at(60));
    expect(shouldCheckForUpdate(facts)).toBe(true);
  });

  test('a hidden or offline page never checks', () => {
    expect(shouldCheckForUpdate({ ...facts, visible: false })).toBe(false);
    expect(shouldCheckForUpdate({ ...facts, online: false })).toBe(false);
  });

  test('being shown again checks, but never within 15 minutes of the last check', () => {
    expect(UPDATE_CHECK_MIN_GAP_MS).toBe(at(15));
    expect(shouldCheckForUpdate({ ...facts, reason: 'visible', now: at(14), lastCheck: 0 })).toBe(false);
    expect(shouldCheckForUpdate({ ...facts, reason: 'visible', now: at(15), lastCheck: 0 })).toBe(true);
    expect(shouldCheckForUpdate({ ...facts, reason: 'interval', now: at(70), lastCheck: at(60) })).toBe(false);
  });
});
