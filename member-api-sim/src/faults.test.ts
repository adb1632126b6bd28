import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FaultBook, parseFault } from './faults';
import { startTestSim, type TestSim } from './testing/harness';

const ROUTES = ['phoneLogin', 'checkPrefix'];

describe('parseFault', () => {
  it('accepts a route name or its path and defaults times to 1', () => {
    expect(parseFault({ route: '/api/phoneLogin', status: 500 }, ROUTES)).toEqual({
      ok: true,
      fault: { route: 'phoneLogin', status: 500, times: 1 },
    });
    expect(parseFault({ route: 'checkPrefix', delayMs: 10, body: 'empty', times: 3 }, ROUTES)).toEqual({
      ok: true,
      fault: { route: 'checkPrefix', delayMs: 10, body: 'empty', times: 3 },
    });
  });

  it('refuses unknown routes, fields and values', () => {
    expect(parseFault({ route: 'nope', status: 500 }, ROUTES).ok).toBe(false);
    expect(parseFault({ route: 'phoneLogin', delay: 10 }, ROUTES).ok).toBe(false);
    expect(parseFault({ route: 'phoneLogin', status: 99 }, ROUTES).ok).toBe(false);
    expect(parseFault({ route: 'phoneLogin', body: 'garbage' }, ROUTES).ok).toBe(false);
    expect(parseFault({ route: 'phoneLogin', status: 500, times: 0 }, ROUTES).ok).toBe(false);
    expect(parseFault({ route: 'phoneLogin' }, ROUTES).ok).toBe(false);
    expect(parseFault({ route: 'phoneLogin', status: 500, afterCommit: 'yes' }, ROUTES).ok).toBe(false);
  });

  it('takes a wrong-shaped reply to seal with body "shape", and only with it', () => {
    expect(parseFault({ route: 'checkPrefix', body: 'shape', reply: [] }, ROUTES)).toEqual({
      ok: true,
      fault: { route: 'checkPrefix', body: 'shape', reply: [], times: 1 },
    });
    expect(parseFault({ route: 'checkPrefix', body: 'shape', reply: null }, ROUTES)).toMatchObject({ ok: true, fault: { reply: null } });
    expect(parseFault({ route: 'checkPrefix', body: 'shape' }, ROUTES).ok).toBe(false);
    expect(parseFault({ route: 'checkPrefix', status: 500, reply: {} }, ROUTES).ok).toBe(false);
  });

  it('takes afterCommit: the handler runs first, then the fault answers', () => {
    expect(parseFault({ route: 'phoneLogin', status: 500, afterCommit: true }, ROUTES)).toEqual({
      ok: true,
      fault: { route: 'phoneLogin', status: 500, afterCommit: true, times: 1 },
    });
    expect(parseFault({ route: 'phoneLogin', status: 500, afterCommit: false }, ROUTES)).toEqual({
      ok: true,
      fault: { route: 'phoneLogin', status: 500, times: 1 },
    });
  });
});

describe('FaultBook', () => {
  it('consumes each fault `times` times, oldest first, per route', () => {
    const book = new FaultBook();
    book.add({ route: 'phoneLogin', status: 500, times: 2 });
    book.add({ route: 'phoneLogin', status: 503, times: 1 });
    book.add({ route: 'checkPrefix', body: 'empty', times: 1 });
    expect(book.take('phoneLogin')?.status).toBe(500);
    expect(book.list()).toContainEqual({ route: 'phoneLogin', status: 500, times: 1 });
    expect(book.take('phoneLogin')?.status).toBe(500);
    expect(book.take('phoneLogin')?.status).toBe(503);
    expect(book.take('phoneLogin')).toBeUndefined();
    expect(book.take('checkPrefix')?.body).toBe('empty');
    expect(book.list()).toEqual([]);
  });
});

describe('faults over HTTP', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
  });

  const raw = (path: string) => fetch(`${t.base}${path}`);

  it('answers the next `times` calls with the status, then behaves normally', async () => {
    const added = await t.control('POST', '/__sim/faults', { route: 'checkPrefix', status: 503, times: 2 });
    expect(added.status).toBe(200);
    expect((await t.control<{ faults: unknown[] }>('GET', '/__sim/faults')).body.faults).toEqual([
      { route: 'checkPrefix', status: 503, times: 2 },
    ]);

    for (let i = 0; i < 2; i++) {
      const faulty = await t.apiGet('/api/checkPrefix?prefix=pre8');
      expect(faulty.status).toBe(503);
      expect(faulty.body).toMatchObject({ status: false });
    }
    const normal = await t.apiGet('/api/checkPrefix?prefix=pre8');
    expect(normal).toMatchObject({ status: 200, body: { prefix: 'pre8', status: true } });
    expect((await t.control<{ faults: unknown[] }>('GET', '/__sim/faults')).body.faults).toEqual([]);
  });

  it('sends the broken bodies exactly', async () => {
    await t.control('POST', '/__sim/faults', { route: '/api/checkPrefix', body: 'malformed' });
    await t.control('POST', '/__sim/faults', { route: 'checkPrefix', body: 'undecryptable' });
    await t.control('POST', '/__sim/faults', { route: 'checkPrefix', body: 'empty', status: 502 });
    const malformed = await raw('/api/checkPrefix?prefix=pre8');
    expect([malformed.status, await malformed.text()]).toEqual([200, '<<not json']);
    const undecryptable = await raw('/api/checkPrefix?prefix=pre8');
    expect(await undecryptable.text()).toBe('{"data":"bm90IGNpcGhlcnRleHQ="}');
    const empty = await raw('/api/checkPrefix?prefix=pre8');
    expect([empty.status, await empty.text()]).toEqual([502, '']);
  });

  it('seals a wrong-shaped reply properly, so it decrypts', async () => {
    await t.control('POST', '/__sim/faults', { route: 'checkPrefix', body: 'shape', reply: { status: true, games: 'x' }, times: 2 });
    expect(await t.apiGet('/api/checkPrefix?prefix=pre8')).toMatchObject({ status: 200, body: { status: true, games: 'x' } });
    await t.control('POST', '/__sim/faults', { route: 'checkPrefix', body: 'shape', reply: [], status: 503 });
    expect(await t.apiGet('/api/checkPrefix?prefix=pre8')).toMatchObject({ status: 200, body: { status: true, games: 'x' } });
    expect(await t.apiGet('/api/checkPrefix?prefix=pre8')).toMatchObject({ status: 503, body: [] });
    expect(await t.apiGet('/api/checkPrefix?prefix=pre8')).toMatchObject({ status: 200, body: { prefix: 'pre8', status: true } });
  });

  it('delays before answering', async () => {
    await t.control('POST', '/__sim/faults', { route: 'checkPrefix', delayMs: 300 });
    const started = Date.now();
    const reply = await t.apiGet('/api/checkPrefix?prefix=pre8');
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(reply.body).toEqual({ prefix: 'pre8', status: true });
  });

  it('keeps CORS headers on a faulty reply so the browser can read the status', async () => {
    await t.control('POST', '/__sim/faults', { route: 'checkPrefix', status: 500 });
    const reply = await t.apiGet('/api/checkPrefix?prefix=pre8');
    expect(reply.status).toBe(500);
    expect(reply.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  });

  it('refuses a bad fault with 400 and clears all with DELETE', async () => {
    expect((await t.control('POST', '/__sim/faults', { route: 'gclubNope', status: 500 })).status).toBe(400);
    await t.control('POST', '/__sim/faults', { route: 'phoneLogin', status: 500, times: 5 });
    expect((await t.control('DELETE', '/__sim/faults')).body).toEqual({ ok: true });
    expect((await t.control<{ faults: unknown[] }>('GET', '/__sim/faults')).body.faults).toEqual([]);
  });

  it('is cleared by reset', async () => {
    await t.control('POST', '/__sim/faults', { route: 'phoneLogin', status: 500 });
    await t.control('POST', '/__sim/reset');
    expect((await t.control<{ faults: unknown[] }>('GET', '/__sim/faults')).body.faults).toEqual([]);
  });
});
