import { describe, expect, it, vi } from 'vitest';
import { createServerClock } from './server-clock';

const DAY = 86_400_000;
const SERVER_NOW = Date.parse('2025-03-01T10:00:00.400Z');

describe('server clock', () => {
  it('is the device clock until a reply says otherwise', () => {
    const clock = createServerClock(() => 1_000);
    expect(clock.now()).toBe(1_000);
    clock.record(null, 0, 10);
    clock.record('not a date', 0, 10);
    expect(clock.offset()).toBe(0);
  });

  it('follows the server when the device is 40 days ahead or behind', () => {
    for (const skew of [40 * DAY, -40 * DAY]) {
      const device = SERVER_NOW + skew;
      const clock = createServerClock(() => device);
      // Sent 120 ms before the reply arrived; the header has whole seconds.
      clock.record(new Date(SERVER_NOW).toUTCString(), device - 120, device);
      expect(Math.abs(clock.now() - SERVER_NOW)).toBeLessThan(1000);
    }
  });

  it('narrows the estimate reply after reply, and tells its listeners', () => {
    const clock = createServerClock();
    const listener = vi.fn();
    clock.subscribe(listener);
    // Device = server - 5 s. Replies stamped at different fractions of a second pin the offset down.
    const offset = 5_000;
    for (const fraction of [0, 300, 600, 900]) {
      const serverAt = SERVER_NOW - 400 + 10_000 + fraction;
      const deviceAt = serverAt - offset;
      clock.record(new Date(Math.floor(serverAt / 1000) * 1000).toUTCString(), deviceAt - 20, deviceAt + 20);
    }
    expect(Math.abs(clock.offset() - offset)).toBeLessThanOrEqual(150);
    expect(listener).toHaveBeenCalled();
  });

  it('starts again when the device clock jumps', () => {
    const clock = createServerClock();
    clock.record(new Date(SERVER_NOW).toUTCString(), SERVER_NOW, SERVER_NOW + 50);
    expect(Math.abs(clock.offset())).toBeLessThan(1000);
    // The member set the phone 40 days ahead: the next reply no longer fits the old estimate.
    const jumped = SERVER_NOW + 40 * DAY + 60_000;
    clock.record(new Date(SERVER_NOW + 60_000).toUTCString(), jumped, jumped + 50);
    expect(Math.abs(clock.offset() + 40 * DAY)).toBeLessThan(1000);
  });
});
