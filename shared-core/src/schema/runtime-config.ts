import { THEMES } from '../contract';
import type { RuntimeConfig } from '../types/runtime-config';
import {
  SchemaError, expectArray, expectBoolean, expectHttpUrl, expectRecord, expectString, isRecord, run, type Validation,
} from './validate';

export function validateRuntimeConfig(input: unknown): Validation<RuntimeConfig> {
  return run(() => {
    if (!isRecord(input)) throw new SchemaError('config.json', 'must be a JSON object');
    const pusher = expectRecord(input.pusher, 'pusher');
    const crypto = expectRecord(input.crypto, 'crypto');
    const remotes = expectRecord(input.remotes, 'remotes');
    const key = expectString(crypto.key, 'crypto.key');
    if (new TextEncoder().encode(key).length !== 32) throw new SchemaError('crypto.key', 'must be 32 bytes (AES-256)');
    const iv = expectString(crypto.iv, 'crypto.iv');
    if (new TextEncoder().encode(iv).length !== 16) throw new SchemaError('crypto.iv', 'must be 16 bytes');
    const wsPort = pusher.wsPort;
    if (wsPort !== undefined && (typeof wsPort !== 'number' || !Number.isInteger(wsPort) || wsPort <= 0 || wsPort > 65535)) {
      throw new SchemaError('pusher.wsPort', 'must be a port number');
    }
    const rootRedirect = expectString(input.rootRedirect, 'rootRedirect');
    if (!rootRedirect.startsWith('/') || rootRedirect.startsWith('//')) throw new SchemaError('rootRedirect', 'must be a path starting with a single /');
    const config: RuntimeConfig = {
      apiBase: expectHttpUrl(input.apiBase, 'apiBase'),
      broadcastAuthBase: expectHttpUrl(input.broadcastAuthBase, 'broadcastAuthBase'),
      pusher: {
        key: expectString(pusher.key, 'pusher.key'),
        cluster: expectString(pusher.cluster, 'pusher.cluster'),
        forceTLS: expectBoolean(pusher.forceTLS, 'pusher.forceTLS'),
        ...(pusher.wsHost !== undefined ? { wsHost: expectString(pusher.wsHost, 'pusher.wsHost') } : {}),
        ...(wsPort !== undefined ? { wsPort: wsPort as number } : {}),
      },
      crypto: { key, iv },
      remotes: Object.fromEntries(THEMES.map((t) => [t, expectHttpUrl(remotes[t], `remotes.${t}`)])) as RuntimeConfig['remotes'],
      allowedOrigins: expectArray(input.allowedOrigins, 'allowedOrigins').map((o, i) => expectHttpUrl(o, `allowedOrigins[${i}]`)),
      rootRedirect,
    };
    return config;
  });
}
