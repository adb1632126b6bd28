import { OPERATOR_CALLS } from '@member/shared-core/api/calls';
import type { SimFault } from './control-types';

/** The bodies a fault can send instead of a real reply (`POST /__sim/faults`, field `body`); `shape` is sealed from `reply`. */
export const BROKEN_BODIES: Record<Exclude<NonNullable<SimFault['body']>, 'shape'>, string> = {
  malformed: '<<not json',
  undecryptable: '{"data":"bm90IGNpcGhlcnRleHQ="}',
  empty: '',
};

const BODY_NAMES = [...Object.keys(BROKEN_BODIES), 'shape'];

const FAULT_KEYS = new Set(['route', 'status', 'delayMs', 'body', 'reply', 'times', 'afterCommit', 'retryAfter']);
export const MAX_FAULT_DELAY_MS = 120_000;

/** A call's name (`phoneLogin`) and its path under `/api/` name the same route. */
export function apiRouteName(routeOrPath: string): string {
  return routeOrPath.startsWith('/api/') ? routeOrPath.slice('/api/'.length) : routeOrPath;
}

const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

export type FaultCheck = { ok: true; fault: SimFault & { times: number } } | { ok: false; problem: string };

export function parseFault(input: unknown, knownRoutes: readonly string[]): FaultCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, problem: 'body must be a JSON object' };
  const raw = input as Record<string, unknown>;
  const unknownKey = Object.keys(raw).find((key) => !FAULT_KEYS.has(key));
  if (unknownKey) return { ok: false, problem: `unknown field "${unknownKey}" (allowed: ${[...FAULT_KEYS].join(', ')})` };
  if (typeof raw.route !== 'string' || raw.route === '')
    return { ok: false, problem: `route must be a route name like "phoneLogin" or "${OPERATOR_CALLS.phoneLogin.path}"` };
  const route = apiRouteName(raw.route);
  if (!knownRoutes.includes(route)) return { ok: false, problem: `unknown route "${raw.route}" (known: ${knownRoutes.join(', ')})` };
  const fault: SimFault & { times: number } = { route, times: 1 };
  if (raw.status !== undefined) {
    if (!isInt(raw.status, 200, 599)) return { ok: false, problem: 'status must be an HTTP status between 200 and 599' };
    fault.status = raw.status;
  }
  if (raw.delayMs !== undefined) {
    if (!isInt(raw.delayMs, 0, MAX_FAULT_DELAY_MS))
      return { ok: false, problem: `delayMs must be an integer from 0 to ${MAX_FAULT_DELAY_MS}` };
    fault.delayMs = raw.delayMs;
  }
  if (raw.body !== undefined) {
    if (typeof raw.body !== 'string' || !BODY_NAMES.includes(raw.body))
      return { ok: false, problem: 'body must be "malformed", "undecryptable", "empty" or "shape"' };
    fault.body = raw.body as NonNullable<SimFault['body']>;
  }
  if (fault.body === 'shape') {
    if (!('reply' in raw)) return { ok: false, problem: 'body "shape" needs "reply": the JSON value to seal instead of the real reply' };
    fault.reply = raw.reply;
  } else if (raw.reply !== undefined) {
    return { ok: false, problem: 'reply goes with body "shape" only' };
  }
  if (raw.times !== undefined) {
    if (!isInt(raw.times, 1, 1000)) return { ok: false, problem: 'times must be an integer from 1 to 1000' };
    fault.times = raw.times;
  }
  if (raw.afterCommit !== undefined) {
    if (typeof raw.afterCommit !== 'boolean') return { ok: false, problem: 'afterCommit must be true or false' };
    if (raw.afterCommit) fault.afterCommit = true;
  }
  if (raw.retryAfter !== undefined) {
    if (!isInt(raw.retryAfter, 0, 3600)) return { ok: false, problem: 'retryAfter must be a whole number of seconds from 0 to 3600' };
    if (fault.status === undefined) return { ok: false, problem: 'retryAfter goes with a status (429, or a 503)' };
    fault.retryAfter = raw.retryAfter;
  }
  if (fault.status === undefined && fault.delayMs === undefined && fault.body === undefined) {
    return { ok: false, problem: 'a fault needs at least one of status, delayMs, body' };
  }
  return { ok: true, fault };
}

/** Pending faults, consumed first-in first-out per route, one per call, each `times` times. */
export class FaultBook {
  private pending: Array<{ fault: SimFault; left: number }> = [];

  add(fault: SimFault & { times: number }): void {
    const { times, ...rest } = fault;
    this.pending.push({ fault: rest, left: times });
  }

  /** Takes one use of the oldest pending fault for this route (a name like `phoneLogin`). */
  take(route: string): SimFault | undefined {
    const index = this.pending.findIndex((entry) => entry.fault.route === route);
    const entry = this.pending[index];
    if (!entry) return undefined;
    entry.left -= 1;
    if (entry.left <= 0) this.pending.splice(index, 1);
    return { ...entry.fault };
  }

  /** Pending faults with the uses they have left as `times`. */
  list(): SimFault[] {
    return this.pending.map((entry) => ({ ...entry.fault, times: entry.left }));
  }

  clear(): void {
    this.pending = [];
  }
}
