import type { SimOperatorSettings } from '../control-types';
import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';
import { MAX_BANK_HOLDS } from '../state/operator';

const SETTINGS: ReadonlyArray<keyof SimOperatorSettings> = ['historyKeys', 'eventKeys', 'pendingKeys'];
const MAX_HOLD_MS = 10 * 60_000;

/**
 * How the operator reports withdrawals' Idempotency-Keys (`SimOperatorSettings`): `GET /__sim/operator` → the settings;
 * `POST /__sim/operator` {historyKeys?, eventKeys?, pendingKeys?} → the settings after the change (400 for an unknown
 * field or a value that is not a boolean). A reset makes it a careful operator again (every setting true).
 */
export const operatorRoutes = (sim: Sim): Route[] => [
  {
    method: 'GET',
    path: '/__sim/operator',
    name: '/__sim/operator',
    kind: 'control',
    handler: () => json(sim.operator.current),
  },
  {
    method: 'POST',
    path: '/__sim/operator',
    name: '/__sim/operator',
    kind: 'control',
    handler: ({ body }) => {
      const unknown = Object.keys(body).find((field) => !(SETTINGS as readonly string[]).includes(field));
      if (unknown) return json({ ok: false, error: `unknown field "${unknown}" (allowed: ${SETTINGS.join(', ')})` }, 400);
      const wrong = SETTINGS.find((field) => body[field] !== undefined && typeof body[field] !== 'boolean');
      if (wrong) return json({ ok: false, error: `${wrong} must be true or false` }, 400);
      const patch = Object.fromEntries(SETTINGS.filter((field) => body[field] !== undefined).map((field) => [field, body[field]]));
      return json({ ok: true, operator: sim.operator.set(patch as Partial<SimOperatorSettings>) });
    },
  },
  {
    // SimWithdrawHoldRequest: the next `times` withdrawals wait at the bank, their keys claimed, for `ms` or until released.
    method: 'POST',
    path: '/__sim/withdraw/hold',
    name: '/__sim/withdraw/hold',
    kind: 'control',
    handler: ({ body }) => {
      const times = body.times ?? 1;
      const ms = body.ms ?? null;
      if (typeof times !== 'number' || !Number.isInteger(times) || times < 1 || times > MAX_BANK_HOLDS) {
        return json({ ok: false, error: `times must be an integer from 1 to ${MAX_BANK_HOLDS}` }, 400);
      }
      if (ms !== null && (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > MAX_HOLD_MS)) {
        return json({ ok: false, error: `ms must be an integer from 0 to ${MAX_HOLD_MS}, or left out (held until released)` }, 400);
      }
      sim.operator.holdNext(times, ms);
      return json({ ok: true, holding: sim.operator.holding });
    },
  },
  {
    // Every withdrawal the bank holds goes on now: booked, or refused, as if it had just arrived.
    method: 'POST',
    path: '/__sim/withdraw/release',
    name: '/__sim/withdraw/release',
    kind: 'control',
    handler: () => json({ ok: true, released: sim.operator.releaseAll() }),
  },
];
