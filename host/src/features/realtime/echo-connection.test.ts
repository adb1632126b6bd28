import { describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '@member/shared-core';
import { socketOptions } from './echo-connection';

const base: RuntimeConfig['pusher'] = { key: 'k', cluster: 'ap1', forceTLS: true };

describe('socketOptions', () => {
  it("Pusher Channels: nothing but the cluster, pusher-js's own hosts and ports", () => {
    expect(socketOptions(base)).toEqual({});
  });

  it('Laravel Reverb behind a TLS proxy: its own ws and wss ports and the path', () => {
    expect(socketOptions({ ...base, wsHost: 'members.example.com', wsPort: 8080, wssPort: 443, wsPath: '/reverb' })).toEqual({
      wsHost: 'members.example.com',
      wsPort: 8080,
      wssPort: 443,
      wsPath: '/reverb',
    });
  });

  it('a config with one port serves both schemes on it, as before wssPort existed', () => {
    expect(socketOptions({ ...base, forceTLS: false, wsHost: 'localhost', wsPort: 3100 })).toEqual({
      wsHost: 'localhost',
      wsPort: 3100,
      wssPort: 3100,
    });
  });

  it('a TLS port alone', () => {
    expect(socketOptions({ ...base, wsHost: 'ws.example.com', wssPort: 6002 })).toEqual({ wsHost: 'ws.example.com', wssPort: 6002 });
  });
});
