import { describe, expect, it } from 'vitest';
import { startSimulator } from '../server';

const LOOPBACK = ['127.0.0.1', '::1'];

describe('where the simulator listens', () => {
  it('binds both ports to loopback only unless told otherwise', async () => {
    const sim = await startSimulator({ port: 0, authPort: 0, log: 'silent' });
    try {
      for (const addresses of [sim.addresses.api, sim.addresses.auth]) {
        expect(addresses).toContain('127.0.0.1');
        expect(addresses.every((address) => LOOPBACK.includes(address))).toBe(true);
      }
      const health = await fetch(`http://127.0.0.1:${sim.ports.api}/health`);
      expect(await health.json()).toEqual({ ok: true });
    } finally {
      await sim.close();
    }
  });

  it('binds the address it is given (SIM_HOST), and only that one', async () => {
    const sim = await startSimulator({ port: 0, authPort: 0, host: '0.0.0.0', log: 'silent' });
    try {
      expect(sim.addresses).toEqual({ api: ['0.0.0.0'], auth: ['0.0.0.0'] });
    } finally {
      await sim.close();
    }
  });
});
