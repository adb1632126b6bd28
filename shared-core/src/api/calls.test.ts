import { describe, expect, it } from 'vitest';
import { GCLUB_PRODUCT_CALLS } from '../games/products';
import { validate } from '../schema/validate';
import { OPERATOR_CALLS, TIMEOUT_MS } from './calls';

const entries = Object.entries(OPERATOR_CALLS);

describe('the catalogue of operator calls', () => {
  it('names each call by its key, and gives each its own path under /api/', () => {
    for (const [key, call] of entries) expect([key, call.name]).toEqual([key, key]);
    const paths = entries.map(([, call]) => call.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/api\/[A-Za-z0-9]+$/);
  });

  it('holds every GCLUB product call, each with the open reply', () => {
    for (const name of GCLUB_PRODUCT_CALLS) {
      expect(OPERATOR_CALLS[name]).toMatchObject({ name, method: 'post', path: `/api/${name}`, idempotent: false });
      expect(validate(OPERATOR_CALLS[name].reply, { status: true, result: { urlInfo: 'https://x.example/p' } })).toMatchObject({
        ok: true,
      });
    }
  });

  it('never repeats a call whose answer is read only when it is a 2xx (money and account changes)', () => {
    const changes = entries.filter(([, call]) => call.repliesOnlyWhenOk);
    expect(changes.map(([name]) => name).sort()).toEqual([
      'gclubChangePwd',
      'gclubWithdraw',
      'switchMain',
      'ufaChangePwd',
      'ufaWithdraw',
      'updateGamePassword',
    ]);
    for (const [, call] of changes) expect(call.idempotent).toBe(false);
  });

  it('encrypts what the operator marks (enc), and nothing of a GET', () => {
    expect(OPERATOR_CALLS.phoneLogin.encrypted).toEqual(['username', 'password', 'state', 'prefix', 'divisions']);
    expect(OPERATOR_CALLS.getProfile.encrypted).toEqual(['token']);
    for (const [, call] of entries.filter(([, c]) => c.method === 'get')) expect(call.encrypted).toEqual([]);
  });

  it('checks a request as the caller gives it', () => {
    expect(validate(OPERATOR_CALLS.checkPrefix.request, { prefix: 'pre8', divisions: 'false' })).toMatchObject({ ok: true });
    expect(validate(OPERATOR_CALLS.checkPrefix.request, { prefix: 'pre8', divisions: 'no' })).toEqual({
      ok: false,
      field: 'divisions',
      problem: 'must be one of true, false',
    });
    expect(validate(OPERATOR_CALLS.gclubWithdraw.request, { gameuser: 'u', amount: '500.25', token: 't' })).toMatchObject({ ok: true });
    expect(validate(OPERATOR_CALLS.gclubWithdraw.request, { gameuser: 'u', amount: 500, token: 't' })).toMatchObject({ ok: true });
    expect(
      validate(OPERATOR_CALLS.registerStep1.request, { prefix: 'pre8', phone: '0812345678', password: 'x', agent: null }),
    ).toMatchObject({ ok: true });
  });

  it('gives each timeout class its limit: the withdrawal waits longest, logging out least', () => {
    expect(TIMEOUT_MS).toEqual({ standard: null, quick: 8_000, parting: 6_000, bank: 30_000 });
    expect(OPERATOR_CALLS.gclubWithdraw.timeout).toBe('bank');
    expect(OPERATOR_CALLS.logout.timeout).toBe('parting');
    expect([OPERATOR_CALLS.checkPrefix.timeout, OPERATOR_CALLS.verify.timeout]).toEqual(['quick', 'quick']);
  });
});
