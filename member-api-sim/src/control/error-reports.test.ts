import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOST_ORIGIN, startTestSim, type TestSim } from '../testing/harness';
import { APP_VERSION } from '@member/shared-core/contract';

describe('error reports from members’ pages', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.control('POST', '/__sim/reset');
  });

  const report = {
    kind: 'theme-fallback',
    message: 'theme PRE8 unavailable',
    site: 'pre8',
    theme: 'PRE8',
    page: 'login',
    path: '/login/theme/PRE8',
    version: APP_VERSION,
    time: '2026-11-23T12:00:00.000Z',
  };
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${t.base}/reports`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: HOST_ORIGIN, ...headers },
      body,
    });
  const reports = async () => (await t.control<{ reports: Array<Record<string, unknown>> }>('GET', '/__sim/reports')).body.reports;

  it('keeps a text/plain JSON report from the host’s page, with CORS for its origin, and lists it', async () => {
    const before = t.clock.now();
    const response = await post(JSON.stringify(report));
    expect(response.status).toBe(202);
    expect(response.headers.get('access-control-allow-origin')).toBe(HOST_ORIGIN);
    const [kept, ...more] = await reports();
    expect(more).toEqual([]);
    expect(kept).toEqual({ ...report, receivedAt: expect.any(Number) as number, origin: HOST_ORIGIN, withCookie: false });
    expect(kept!.receivedAt as number).toBeGreaterThanOrEqual(before);
    expect(kept!.receivedAt as number).toBeLessThanOrEqual(t.clock.now());
  });

  it('notes a cookie that came along', async () => {
    await post(JSON.stringify(report), { Cookie: 'token=x' });
    expect((await reports())[0]).toMatchObject({ withCookie: true });
    expect(JSON.stringify(await reports())).not.toContain('token=x');
  });

  it('refuses what is not a report, keeping nothing', async () => {
    expect((await post('not json')).status).toBe(400);
    expect((await post('[1]')).status).toBe(400);
    expect((await post(JSON.stringify({ kind: 'x' }))).status).toBe(400);
    expect((await post(JSON.stringify(report), { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await post(JSON.stringify({ ...report, message: 'x'.repeat(20_000) }))).status).toBe(413);
    expect(await reports()).toEqual([]);
  });

  it('forgets them on DELETE /__sim/reports and on /__sim/reset', async () => {
    await post(JSON.stringify(report));
    expect((await t.control('DELETE', '/__sim/reports')).body).toEqual({ ok: true });
    expect(await reports()).toEqual([]);
    await post(JSON.stringify(report));
    await t.control('POST', '/__sim/reset');
    expect(await reports()).toEqual([]);
  });
});
