import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimVitalsReport } from '../control-types';
import { VitalsReportLog } from '../state/vitals-reports';
import { HOST_ORIGIN, startTestSim, type TestSim } from '../testing/harness';
import { APP_VERSION } from '@member/shared-core/contract';

describe('field figures (web vitals) from members’ pages', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
  });

  const figure = {
    name: 'LCP',
    value: 812.4,
    rating: 'good',
    navigationType: 'navigate',
    id: 'v5-1-2',
    page: 'login',
    theme: 'PRE8',
    site: 'pre8',
    version: APP_VERSION,
  };
  const batch = { vitals: [figure, { ...figure, name: 'CLS', value: 0.0123, id: 'v5-1-3' }] };
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${t.base}/reports/vitals`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: HOST_ORIGIN, ...headers },
      body,
    });
  const reports = async () => (await t.control<{ reports: SimVitalsReport[] }>('GET', '/__sim/vitals')).body.reports;

  it('keeps a text/plain JSON batch from the host’s page, with CORS for its origin, and lists it with the raw request', async () => {
    const before = t.clock.now();
    const text = JSON.stringify(batch);
    const response = await post(text);
    expect(response.status).toBe(202);
    expect(response.headers.get('access-control-allow-origin')).toBe(HOST_ORIGIN);
    const [kept, ...more] = await reports();
    expect(more).toEqual([]);
    expect(kept).toEqual({
      vitals: batch.vitals,
      target: '/reports/vitals',
      receivedAt: expect.any(Number) as number,
      origin: HOST_ORIGIN,
      referer: null,
      withCookie: false,
      contentType: 'text/plain;charset=UTF-8',
      body: text,
    });
    expect(kept!.receivedAt).toBeGreaterThanOrEqual(before);
    expect(kept!.receivedAt).toBeLessThanOrEqual(t.clock.now());
  });

  it('keeps the query the page posted with', async () => {
    await fetch(`${t.base}/reports/vitals?collector=eu&run=7`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify(batch),
    });
    expect((await reports())[0]).toMatchObject({ target: '/reports/vitals?collector=eu&run=7' });
  });

  it('takes application/json too, and reads a field of another type as null', async () => {
    expect(
      (await post(JSON.stringify({ vitals: [{ name: 'TTFB', value: 12, page: 7 }] }), { 'Content-Type': 'application/json' })).status,
    ).toBe(202);
    expect((await reports())[0]!.vitals).toEqual([
      { name: 'TTFB', value: 12, rating: null, navigationType: null, id: null, page: null, theme: null, site: null, version: null },
    ]);
  });

  it('notes a cookie and a referrer that came along, without keeping the cookie', async () => {
    await post(JSON.stringify(batch), { Cookie: 'token=x', Referer: 'http://localhost:3000/login?prefix=pre8' });
    expect((await reports())[0]).toMatchObject({ withCookie: true, referer: 'http://localhost:3000/login?prefix=pre8' });
    expect(JSON.stringify(await reports())).not.toContain('token=x');
  });

  it('refuses what is not a batch of figures, keeping nothing', async () => {
    expect((await post('not json')).status).toBe(400);
    expect((await post('[1]')).status).toBe(400);
    expect((await post(JSON.stringify({ kind: 'x', message: 'y' }))).status).toBe(400);
    expect((await post(JSON.stringify({ vitals: [] }))).status).toBe(400);
    expect((await post(JSON.stringify({ vitals: [{ name: 'LCP' }] }))).status).toBe(400);
    expect((await post(JSON.stringify({ vitals: [{ name: 'LCP', value: '812' }] }))).status).toBe(400);
    expect((await post(JSON.stringify({ vitals: [figure, null] }))).status).toBe(400);
    expect((await post(JSON.stringify({ vitals: Array.from({ length: 51 }, () => figure) }))).status).toBe(400);
    expect((await post(JSON.stringify(batch), { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await post(JSON.stringify({ vitals: [{ ...figure, id: 'x'.repeat(20_000) }] }))).status).toBe(413);
    expect(await reports()).toEqual([]);
  });

  it('forgets them on DELETE /__sim/vitals and on /__sim/reset, and leaves the error reports alone', async () => {
    await post(JSON.stringify(batch));
    expect((await t.control('DELETE', '/__sim/vitals')).body).toEqual({ ok: true });
    expect(await reports()).toEqual([]);
    await post(JSON.stringify(batch));
    await t.control('POST', '/__sim/reset');
    expect(await reports()).toEqual([]);
    await post(JSON.stringify(batch));
    expect((await t.control<{ reports: unknown[] }>('GET', '/__sim/reports')).body.reports).toEqual([]);
  });
});

describe('the field figures log', () => {
  it('keeps the newest past its cap, oldest first', () => {
    const log = new VitalsReportLog();
    const entry = (n: number): SimVitalsReport => ({
      vitals: [],
      target: '/reports/vitals',
      receivedAt: n,
      origin: null,
      referer: null,
      withCookie: false,
      contentType: null,
      body: '',
    });
    for (let n = 0; n < VitalsReportLog.CAP + 3; n += 1) log.add(entry(n));
    const kept = log.list();
    expect(kept).toHaveLength(VitalsReportLog.CAP);
    expect(kept[0]!.receivedAt).toBe(3);
    expect(kept.at(-1)!.receivedAt).toBe(VitalsReportLog.CAP + 2);
  });
});
