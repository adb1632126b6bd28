import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_ORIGIN, startTestSim, type TestSim } from '../testing/harness';

describe('GET /promo/{prefix}', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim({ allowedOrigins: [HOST_ORIGIN, 'http://127.0.0.1:3000'] });
  });
  afterAll(() => t.close());

  it("may be framed by the host's origins and no other", async () => {
    const page = await fetch(`${t.base}/promo/pre8`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('PRE8 promotions');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain(`frame-ancestors ${HOST_ORIGIN} http://127.0.0.1:3000;`);
    expect(csp).not.toContain("frame-ancestors 'none'");
    // X-Frame-Options cannot name two origins; DENY would override the list in older browsers.
    expect(page.headers.get('x-frame-options')).toBeNull();
  });

  it('other pages stay unframable', async () => {
    const page = await fetch(`${t.base}/line/authorize?state=pre8.x&redirect_uri=${encodeURIComponent(`${HOST_ORIGIN}/check/line`)}`);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it('an unknown prefix is 404', async () => {
    expect((await fetch(`${t.base}/promo/zzzz`)).status).toBe(404);
  });
});
