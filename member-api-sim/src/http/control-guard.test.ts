import type { SimFault, SimLedgerEntry } from '../control-types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOST_ORIGIN, startTestSim, type TestSim } from '../testing/harness';

const FOREIGN = 'http://evil.example';
const FAULT = { route: 'phoneLogin', status: 503, times: 2 };

describe('control API: who may call it, and with what body', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());

  /** A raw request, so the test chooses every header the way a browser or a script would send it. */
  const send = async (method: string, path: string, headers: Record<string, string>, body?: string) => {
    const response = await fetch(`${t.base}${path}`, { method, headers, body: body ?? null });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? null : (JSON.parse(text) as unknown) };
  };
  const ledger = async () =>
    (await t.control<{ entries: SimLedgerEntry[] }>('GET', '/__sim/ledger?prefix=pre8&phone=0812345678')).body.entries;
  const faults = async () => (await t.control<{ faults: SimFault[] }>('GET', '/__sim/faults')).body.faults;

  // Something a reset or a new fault would change: one ledger entry and one pending fault.
  beforeEach(async () => {
    expect((await t.control('POST', '/__sim/reset')).status).toBe(200);
    expect((await t.control('POST', '/__sim/deposit', { prefix: 'pre8', phone: '0812345678', service: 'UFA', amount: 75 })).status).toBe(
      200,
    );
    expect((await t.control('POST', '/__sim/faults', FAULT)).status).toBe(200);
  });

  const expectUnchanged = async () => {
    expect((await ledger()).map((entry) => [entry.type, entry.amount])).toEqual([['deposit', 75]]);
    expect(await faults()).toEqual([{ ...FAULT }]);
  };

  it('refuses a foreign page: 403 naming the origin, before anything changes', async () => {
    // What a page elsewhere can send without a preflight: a text/plain POST (fetch no-cors or a form).
    const reset = await send('POST', '/__sim/reset', { Origin: FOREIGN, 'Content-Type': 'text/plain;charset=UTF-8' }, '{}');
    expect(reset.status).toBe(403);
    expect(reset.body).toEqual({ ok: false, error: expect.stringContaining(`Origin ${FOREIGN} may not use the control API`) as string });
    expect(reset.headers.get('access-control-allow-origin')).toBeNull();
    // Even a well-formed JSON call, and one with no body at all.
    const fault = await send(
      'POST',
      '/__sim/faults',
      { Origin: FOREIGN, 'Content-Type': 'application/json' },
      JSON.stringify({ route: 'verify', status: 401 }),
    );
    expect(fault.status).toBe(403);
    expect((await send('DELETE', '/__sim/faults', { Origin: FOREIGN })).status).toBe(403);
    expect((await send('POST', '/__sim/reset', { Origin: FOREIGN })).status).toBe(403);
    await expectUnchanged();
  });

  it('refuses the opaque origin and the simulator’s own pages too: only the host’s origins are allowed', async () => {
    for (const origin of ['null', new URL(t.base).origin, t.running.publicBase, 'http://localhost:3000.evil.example']) {
      const res = await send('POST', '/__sim/reset', { Origin: origin });
      expect([origin, res.status]).toEqual([origin, 403]);
    }
    await expectUnchanged();
  });

  it('refuses reads from a foreign page, and its preflights', async () => {
    const read = await send('GET', '/__sim/ledger', { Origin: FOREIGN });
    expect(read.status).toBe(403);
    expect(read.body).toMatchObject({ ok: false });
    const preflight = await send('OPTIONS', '/__sim/reset', {
      Origin: FOREIGN,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a body that is not sent as JSON (415), whoever sends it', async () => {
    for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await send('POST', '/__sim/faults', { 'Content-Type': type }, JSON.stringify({ route: 'verify', status: 401 }));
      expect([type, res.status, res.body]).toEqual([type, 415, { ok: false, error: 'Body must be sent as application/json' }]);
    }
    const noType = await send('POST', '/__sim/reset', {}, '{}');
    expect(noType.status).toBe(415);
    const fromHost = await send('POST', '/__sim/reset', { Origin: HOST_ORIGIN, 'Content-Type': 'text/plain' }, '{}');
    expect(fromHost.status).toBe(415);
    await expectUnchanged();
  });

  it('refuses JSON that does not parse, or is not an object (400)', async () => {
    const broken = await send('POST', '/__sim/faults', { 'Content-Type': 'application/json' }, '{"route": "verify",');
    expect([broken.status, broken.body]).toEqual([400, { ok: false, error: 'Body is not valid JSON' }]);
    const list = await send('POST', '/__sim/reset', { 'Content-Type': 'application/json' }, '[]');
    expect([list.status, list.body]).toEqual([400, { ok: false, error: 'Body must be a JSON object' }]);
    await expectUnchanged();
  });

  it('takes a JSON call with no Origin (a Node client, curl), and a bodiless one', async () => {
    const fault = await send(
      'POST',
      '/__sim/faults',
      { 'Content-Type': 'application/json; charset=utf-8' },
      JSON.stringify({ route: 'verify', status: 401 }),
    );
    expect(fault.status).toBe(200);
    expect((await faults()).map((f) => f.route)).toEqual(['phoneLogin', 'verify']);
    expect((await send('POST', '/__sim/reset', {})).status).toBe(200);
    expect(await ledger()).toEqual([]);
    expect(await faults()).toEqual([]);
  });

  it('takes a call from the host’s origins, with CORS for them', async () => {
    const fault = await send(
      'POST',
      '/__sim/faults',
      { Origin: 'http://127.0.0.1:3000', 'Content-Type': 'application/json' },
      JSON.stringify({ route: 'verify', status: 401 }),
    );
    expect(fault.status).toBe(200);
    expect(fault.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    const reset = await send('POST', '/__sim/reset', { Origin: HOST_ORIGIN, 'Content-Type': 'application/json' }, '{}');
    expect([reset.status, reset.body]).toEqual([200, { ok: true }]);
    expect(await ledger()).toEqual([]);
    const preflight = await send('OPTIONS', '/__sim/reset', {
      Origin: HOST_ORIGIN,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    });
    expect(preflight.status).toBe(204);
  });

  it('answers an unknown control path from an allowed caller with a 404 in the control API’s shape', async () => {
    const res = await send('POST', '/__sim/nothing', {});
    expect([res.status, res.body]).toEqual([404, { ok: false, error: 'Not found' }]);
    expect((await send('POST', '/__sim/nothing', { Origin: FOREIGN })).status).toBe(403);
  });

  it('leaves the operator API to its CORS rules: a foreign origin still gets an answer, without CORS headers', async () => {
    const res = await fetch(`${t.base}/api/checkPrefix?prefix=pre8`, { headers: { Origin: FOREIGN } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('control API with configured host origins', () => {
  it('follows the allowed origins given (SIM_ALLOWED_ORIGINS)', async () => {
    const t = await startTestSim({ allowedOrigins: ['http://localhost:4000', 'http://127.0.0.1:4000'] });
    try {
      const reset = (origin: string) => fetch(`${t.base}/__sim/reset`, { method: 'POST', headers: { Origin: origin } });
      expect((await reset('http://localhost:4000')).status).toBe(200);
      expect((await reset('http://127.0.0.1:4000')).status).toBe(200);
      const old = await reset('http://localhost:3000');
      expect(old.status).toBe(403);
      expect(await old.json()).toEqual({
        ok: false,
        error: 'Origin http://localhost:3000 may not use the control API; allowed origins: http://localhost:4000, http://127.0.0.1:4000',
      });
    } finally {
      await t.close();
    }
  });
});
