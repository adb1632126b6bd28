import { describe, expect, it } from 'vitest';
import { createLogger, type Logger } from './log';
import { startTestSim } from './testing/harness';

describe('request logs', () => {
  it('write one JSON line per request with exactly time, level, method, route, status, ms', async () => {
    const lines: string[] = [];
    const capture = createLogger('json', (line) => lines.push(line));
    const logger: Logger = { request: capture.request, event() {} };
    const t = await startTestSim({ log: logger });
    try {
      const token = await t.login('pre8');
      await t.apiPost('/api/verify', { token: t.enc(token), type: 'phone' });
      await t.apiGet(`/api/lineProfile?prefix=pre8&code=secretcode123`);
      await fetch(`${t.base}/no/such/${token}`);
    } finally {
      await t.close();
    }
    expect(lines).toHaveLength(4);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const record of records) {
      expect(Object.keys(record)).toEqual(['time', 'level', 'method', 'route', 'status', 'ms']);
    }
    expect(records.map((r) => r.route)).toEqual(['/api/phoneLogin', '/api/verify', '/api/lineProfile', '(unmatched)']);
    expect(records[3]).toMatchObject({ level: 'warn', status: 404 });
    const text = lines.join('');
    for (const secret of ['0812345678', 'demo1234', 'secretcode123']) expect(text).not.toContain(secret);
  });

  it('are silent in silent mode', () => {
    const lines: string[] = [];
    const logger = createLogger('silent', (line) => lines.push(line));
    logger.request({ method: 'GET', route: '/health', status: 200, ms: 1 });
    logger.event('info', 'x');
    expect(lines).toEqual([]);
  });
});
