import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSim, type TestSim } from '../testing/harness';

describe('CORS', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim();
  });
  afterAll(() => t.close());

  const preflight = (path: string, origin: string, base = t.base) =>
    fetch(`${base}${path}`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });

  it('answers a preflight from an allowed origin', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000']) {
      const res = await preflight('/api/phoneLogin', origin);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
      expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type, Authorization, Accept, Idempotency-Key');
      expect(res.headers.get('access-control-max-age')).toBe('600');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('vary')).toContain('Origin');
    }
  });

  it('sends the Date header of its own clock, and lets an allowed page read it', async () => {
    t.clock.advance(40 * 86_400_000);
    try {
      const reply = await t.apiGet('/api/checkPrefix?prefix=pre8');
      expect(reply.headers.get('access-control-expose-headers')).toBe('Date, Retry-After');
      const date = Date.parse(reply.headers.get('date') ?? '');
      expect(Math.abs(date - t.clock.now())).toBeLessThan(2000);
    } finally {
      t.clock.advance(-40 * 86_400_000);
    }
  });

  it('refuses a preflight from another origin', async () => {
    const res = await preflight('/api/phoneLogin', 'http://evil.invalid');
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reflects only an allowed Origin on ordinary replies', async () => {
    const allowed = await fetch(`${t.base}/api/checkPrefix?prefix=pre8`, { headers: { Origin: 'http://127.0.0.1:3000' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    const other = await fetch(`${t.base}/api/checkPrefix?prefix=pre8`, { headers: { Origin: 'http://localhost:4000' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('applies on the broadcasting-auth port too, which answers /health, the channel auth call, and 404 otherwise', async () => {
    const auth = t.running.authBaseUrl;
    expect((await preflight('/health', 'http://localhost:3000', auth)).status).toBe(204);
    const health = await fetch(`${auth}/health`, { headers: { Origin: 'http://localhost:3000' } });
    expect([health.status, await health.json()]).toEqual([200, { ok: true }]);
    expect(health.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect((await fetch(`${auth}/api/member/broadcasting/auth`)).status).toBe(405);
    expect((await fetch(`${auth}/api/other`)).status).toBe(404);
    const channelAuth = await preflight('/api/member/broadcasting/auth', 'http://localhost:3000', auth);
    expect(channelAuth.status).toBe(204);
    expect(channelAuth.headers.get('access-control-allow-headers')).toContain('Authorization');
  });
});

describe('CORS with configured origins', () => {
  it('uses the allowed origins given', async () => {
    const t = await startTestSim({ allowedOrigins: ['https://members.example'] });
    try {
      const res = await fetch(`${t.base}/health`, { headers: { Origin: 'https://members.example' } });
      expect(res.headers.get('access-control-allow-origin')).toBe('https://members.example');
      const local = await fetch(`${t.base}/health`, { headers: { Origin: 'http://localhost:3000' } });
      expect(local.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await t.close();
    }
  });
});
