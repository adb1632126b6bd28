import { DEFAULT_THEME, isThemeName } from '../contract';
import { isSafeUrl } from '../helpers/safe-url';
import type { RuntimeConfig } from '../types/runtime-config';
import {
  SchemaError, expectArray, expectBoolean, expectHttpUrl, expectHttpUrlOrPath, expectRecord, expectString, isRecord, run, type Validation,
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

/**
 * A release key as `npm run release-key` prints it: the base64 DER of an Ed25519 or ECDSA P-256 public key
 * (SubjectPublicKeyInfo). The fixed start of each names the algorithm.
 */
const RELEASE_KEY = /^(MCowBQYDK2VwAyEA[A-Za-z0-9+/]{43}=|MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE[A-Za-z0-9+/]{86}==)$/;

/**
 * Theme name → the public keys its remote's releases may be signed with (more than one while a key is rotated).
 * Every theme of `remotes` needs at least one: the host runs no code of a remote whose release it cannot check.
 */
function parseRemoteKeys(value: unknown, remotes: RuntimeConfig['remotes']): RuntimeConfig['remoteKeys'] {
  if (value === undefined) {
    throw new SchemaError('remoteKeys', "is required: the public keys each theme remote's releases are signed with, by theme name (npm run release-key -- show <remote-dir>)");
  }
  const keys = expectRecord(value, 'remoteKeys');
  const parsed: Record<string, string[]> = {};
  for (const theme of Object.keys(remotes)) {
    if (keys[theme] === undefined) throw new SchemaError(`remoteKeys.${theme}`, "is required: list the public keys this theme remote's releases are signed with");
    parsed[theme] = expectArray(keys[theme], `remoteKeys.${theme}`, 1).map((key, i) => {
      if (typeof key !== 'string' || !RELEASE_KEY.test(key)) {
        throw new SchemaError(`remoteKeys.${theme}[${i}]`, 'must be an Ed25519 or ECDSA P-256 public key as npm run release-key prints it (base64 SPKI)');
      }
      return key;
    });
  }
  for (const theme of Object.keys(keys)) {
    if (!Object.hasOwn(remotes, theme)) throw new SchemaError(`remoteKeys.${theme}`, 'names a theme that remotes does not list');
  }
  return parsed;
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
    // A path only: the guard's same-origin rule also refuses `/\host`, which a browser reads as another site.
    if (!rootRedirect.startsWith('/') || !isSafeUrl(rootRedirect, null, { sameOriginPath: true })) {
      throw new SchemaError('rootRedirect', 'must be a path starting with a single /');
    }
    const config: RuntimeConfig = {
      apiBase: expectHttpUrlOrPath(input.apiBase, 'apiBase'),
      broadcastAuthBase: expectHttpUrlOrPath(input.broadcastAuthBase, 'broadcastAuthBase'),
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
      remoteKeys: parseRemoteKeys(input.remoteKeys, remotes),
      allowedOrigins: expectArray(input.allowedOrigins, 'allowedOrigins').map((o, i) => expectHttpUrl(o, `allowedOrigins[${i}]`)),
      rootRedirect,
      ...(input.errorReportUrl !== undefined ? { errorReportUrl: expectHttpUrl(input.errorReportUrl, 'errorReportUrl') } : {}),
      ...(input.vitalsReportUrl !== undefined ? { vitalsReportUrl: expectHttpUrl(input.vitalsReportUrl, 'vitalsReportUrl') } : {}),
    };
    return config;
  });
}
