import { DEFAULT_THEME, isThemeName } from '../contract';
import type { RuntimeConfig } from '../types/runtime-config';
import {
  SchemaError, expectArray, expectBoolean, expectHttpUrl, expectRecord, expectString, isRecord, run, type Validation,
} from './validate';

/**
 * Theme name → manifest URL. The deployment names its themes; every URL is checked and every key kept.
 * `default` is required: it is what every other theme falls back to.
 */
function parseRemotes(value: unknown): RuntimeConfig['remotes'] {
  const remotes = expectRecord(value, 'remotes');
  if (remotes[DEFAULT_THEME] === undefined) throw new SchemaError(`remotes.${DEFAULT_THEME}`, 'is required: every deployment needs the default theme');
  const parsed: Record<string, string> = {};
  for (const [name, url] of Object.entries(remotes)) {
    if (!isThemeName(name)) throw new SchemaError(`remotes.${name}`, 'must be named with letters, digits, _ or - (starting with a letter)');
    parsed[name] = expectHttpUrl(url, `remotes.${name}`);
  }
  return parsed as RuntimeConfig['remotes'];
}

function optionalPort(value: unknown, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value > 65535) throw new SchemaError(field, 'must be a port number');
  return value;
}

export function validateRuntimeConfig(input: unknown): Validation<RuntimeConfig> {
  return run(() => {
    if (!isRecord(input)) throw new SchemaError('config.json', 'must be a JSON object');
    const pusher = expectRecord(input.pusher, 'pusher');
    const crypto = expectRecord(input.crypto, 'crypto');
    const remotes = parseRemotes(input.remotes);
    const key = expectString(crypto.key, 'crypto.key');
    if (new TextEncoder().encode(key).length !== 32) throw new SchemaError('crypto.key', 'must be 32 bytes (AES-256)');
    const iv = expectString(crypto.iv, 'crypto.iv');
    if (new TextEncoder().encode(iv).length !== 16) throw new SchemaError('crypto.iv', 'must be 16 bytes');
    const wsPort = optionalPort(pusher.wsPort, 'pusher.wsPort');
    const wssPort = optionalPort(pusher.wssPort, 'pusher.wssPort');
    const wsPath = pusher.wsPath;
    if (wsPath !== undefined && (typeof wsPath !== 'string' || !/^\/[A-Za-z0-9._~\-/]*[A-Za-z0-9._~-]$/.test(wsPath) || wsPath.includes('//'))) {
      throw new SchemaError('pusher.wsPath', 'must be a path like /reverb (a leading /, no trailing /, no query)');
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
        ...(wsPort !== undefined ? { wsPort } : {}),
        ...(wssPort !== undefined ? { wssPort } : {}),
        ...(wsPath !== undefined ? { wsPath: wsPath as string } : {}),
      },
      crypto: { key, iv },
      remotes,
      allowedOrigins: expectArray(input.allowedOrigins, 'allowedOrigins').map((o, i) => expectHttpUrl(o, `allowedOrigins[${i}]`)),
      rootRedirect,
      ...(input.errorReportUrl !== undefined ? { errorReportUrl: expectHttpUrl(input.errorReportUrl, 'errorReportUrl') } : {}),
    };
    return config;
  });
}
