import { describe, expect, it } from 'vitest';
import { DEFAULT_SITES_FILE, optionsFromEnv, resolveOptions } from './config';
import { loadSites } from './state/sites';

describe('configuration', () => {
  it('reads SIM_* variables', () => {
    expect(
      optionsFromEnv({
        SIM_PORT: '4100',
        SIM_AUTH_PORT: '4101',
        SIM_ROTATE_EVERY: '5',
        SIM_PROVIDER_SESSION_MS: '60000',
        SIM_ALLOWED_ORIGINS: 'http://localhost:4000, http://127.0.0.1:4000,',
        SIM_PUBLIC_BASE: 'http://localhost:4100',
        SIM_HOST: '0.0.0.0',
        SIM_LOG: 'silent',
      }),
    ).toEqual({
      port: 4100,
      authPort: 4101,
      host: '0.0.0.0',
      rotateEvery: 5,
      providerSessionMs: 60000,
      allowedOrigins: ['http://localhost:4000', 'http://127.0.0.1:4000'],
      publicBase: 'http://localhost:4100',
      log: 'silent',
    });
  });

  it('has the documented defaults', () => {
    const resolved = resolveOptions({});
    expect(resolved).toMatchObject({
      port: 3100,
      authPort: 3101,
      hosts: ['127.0.0.1', '::1'],
      aesKey: 'MemberDemoKey-0123456789abcdefgh',
      aesIv: 'MemberDemoIV0123',
      allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      rotateEvery: 0,
      providerSessionMs: 30 * 60 * 1000,
      publicBase: null,
    });
    expect(resolved.sitesFile).toBe(DEFAULT_SITES_FILE);
  });

  it('refuses bad values with a clear message', () => {
    expect(() => optionsFromEnv({ SIM_PORT: '31OO' })).toThrow(/SIM_PORT/);
    expect(() => resolveOptions({ port: 70000 })).toThrow(/port/);
    expect(() => resolveOptions({ allowedOrigins: ['http://localhost:3000/'] })).toThrow(/bare origin/);
    expect(() => resolveOptions({ rotateEvery: -1 })).toThrow(/rotateEvery/);
    expect(() => resolveOptions({ providerSessionMs: 0 })).toThrow(/providerSessionMs/);
  });

  it('reads the withdrawal and Pusher settings, with their defaults', () => {
    expect(
      optionsFromEnv({
        SIM_WITHDRAW_PENDING_MS: '250',
        SIM_PUSHER_APP_ID: 'app-1',
        SIM_PUSHER_KEY: 'key-1',
        SIM_PUSHER_SECRET: 'secret-1',
      }),
    ).toMatchObject({ withdrawPendingMs: 250, pusher: { appId: 'app-1', key: 'key-1', secret: 'secret-1' } });
    const resolved = resolveOptions({});
    expect(resolved.withdrawPendingMs).toBe(1500);
    expect(resolved.pusher).toEqual({
      appId: 'member-demo',
      key: 'member-demo-key',
      secret: 'member-demo-secret',
      activityTimeoutS: 120,
      idleMs: 150_000,
      pongTimeoutMs: 30_000,
    });
    expect(() => optionsFromEnv({ SIM_WITHDRAW_PENDING_MS: '-1' })).toThrow(/SIM_WITHDRAW_PENDING_MS/);
    expect(() => resolveOptions({ pusher: { key: 'has space' } })).toThrow(/pusher key/);
    expect(() => resolveOptions({ pusher: { pongTimeoutMs: 0 } })).toThrow(/pongTimeoutMs/);
  });

  it('loads the five sites of the workspace sites.json', () => {
    const sites = loadSites(DEFAULT_SITES_FILE);
    expect(sites.keys()).toEqual(['pre8', 'os39', 'bkmc', 'ufkk', 'sm88']);
    const ufkk = sites.get('ufkk')!;
    expect(ufkk.divided).toBe(true);
    expect(sites.divisionsOf(ufkk)).toEqual(['ufkklacsag1', 'ufkklacsag2', 'ufkklacsag3', 'ufkklacsag4']);
    expect(sites.get('bkmc')?.registerEnabled).toBe(false);
  });
});
