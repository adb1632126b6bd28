import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger, LogMode } from './log';
import { DEFAULT_ACTIVITY_TIMEOUT_S, DEFAULT_PONG_TIMEOUT_MS, IDLE_MARGIN_MS } from './pusher/hub';
import { DEFAULT_WITHDRAW_PENDING_MS } from './state/ledger';
import { DEFAULT_PROVIDER_SESSION_MS } from './state/providers';
import { DEFAULT_AES_IV, DEFAULT_AES_KEY } from './wire/crypto';

export interface SimulatorOptions {
  /** API port (default 3100; 0 picks a free one). */
  port?: number;
  /** Port of the broadcasting-auth stand-in (default 3101; 0 picks a free one). */
  authPort?: number;
  /** Address to listen on. Default: both loopback addresses, 127.0.0.1 and ::1, so `localhost` works either way. */
  host?: string;
  aesKey?: string;
  aesIv?: string;
  sitesFile?: string;
  /** Origins of the host app: CORS and the LINE redirect URIs. */
  allowedOrigins?: readonly string[];
  /** Base of the links the simulator hands out (LINE authorize page, bank logos). Default `http://localhost:{port}`. */
  publicBase?: string;
  /** Every Nth getProfile/verify call rotates the token; 0 (default) never. */
  rotateEvery?: number;
  /** Lifetime of a GCLUB or UFA provider session in milliseconds (default 30 minutes). */
  providerSessionMs?: number;
  /** How long an accepted withdrawal stays pending before it settles, in milliseconds (default 1500). */
  withdrawPendingMs?: number;
  /** The Pusher app of the socket server, the REST trigger and the broadcasting-auth signatures. */
  pusher?: Partial<PusherOptions>;
  log?: LogMode | Logger;
  /** Clock in milliseconds (tests move it to pass the rotation grace or code expiry). */
  now?: () => number;
}

export interface PusherOptions {
  appId: string;
  key: string;
  secret: string;
  /** activity_timeout announced to clients, seconds (default 120). */
  activityTimeoutS: number;
  /** Silence after which the server pings a socket, ms (default activity_timeout + 30 s). */
  idleMs: number;
  /** How long a pinged socket has to answer before it is closed with 4201, ms (default 30 s). */
  pongTimeoutMs: number;
}

export const DEFAULT_PUSHER = { appId: 'member-demo', key: 'member-demo-key', secret: 'member-demo-secret' } as const;

export const DEFAULT_PORT = 3100;
export const DEFAULT_AUTH_PORT = 3101;
export const DEFAULT_ALLOWED_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'] as const;
/** `sites.json` at the workspace root, wherever the process was started. */
export const DEFAULT_SITES_FILE = fileURLToPath(new URL('../../sites.json', import.meta.url));

export interface ResolvedOptions {
  port: number;
  authPort: number;
  hosts: string[];
  aesKey: string;
  aesIv: string;
  sitesFile: string;
  allowedOrigins: string[];
  publicBase: string | null;
  rotateEvery: number;
  providerSessionMs: number;
  withdrawPendingMs: number;
  pusher: PusherOptions;
  log: LogMode | Logger;
  now: () => number;
}

function checkPort(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number (0-65535), got ${value}`);
  return value;
}

function checkOrigin(origin: string): string {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    throw new Error(`allowed origin "${origin}" is not a URL`);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.origin !== origin) {
    throw new Error(`allowed origin "${origin}" must be a bare origin like http://localhost:3000`);
  }
  return origin;
}

function resolvePusher(options: Partial<PusherOptions>): PusherOptions {
  const pusher = { ...DEFAULT_PUSHER, ...options };
  for (const name of ['appId', 'key', 'secret'] as const) {
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(pusher[name])) throw new Error(`pusher ${name} must be 1-100 letters, digits, ".", "_" or "-"`);
  }
  const activityTimeoutS = options.activityTimeoutS ?? DEFAULT_ACTIVITY_TIMEOUT_S;
  const idleMs = options.idleMs ?? activityTimeoutS * 1000 + IDLE_MARGIN_MS;
  const pongTimeoutMs = options.pongTimeoutMs ?? DEFAULT_PONG_TIMEOUT_MS;
  for (const [name, value] of [
    ['activityTimeoutS', activityTimeoutS],
    ['idleMs', idleMs],
    ['pongTimeoutMs', pongTimeoutMs],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`pusher ${name} must be a whole number >= 1, got ${value}`);
  }
  return { appId: pusher.appId, key: pusher.key, secret: pusher.secret, activityTimeoutS, idleMs, pongTimeoutMs };
}

export function resolveOptions(options: SimulatorOptions): ResolvedOptions {
  const allowedOrigins = (options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS).map(checkOrigin);
  if (allowedOrigins.length === 0) throw new Error('at least one allowed origin is needed');
  const rotateEvery = options.rotateEvery ?? 0;
  if (!Number.isInteger(rotateEvery) || rotateEvery < 0) throw new Error(`rotateEvery must be a whole number >= 0, got ${rotateEvery}`);
  const providerSessionMs = options.providerSessionMs ?? DEFAULT_PROVIDER_SESSION_MS;
  if (!Number.isInteger(providerSessionMs) || providerSessionMs < 1) {
    throw new Error(`providerSessionMs must be a whole number of milliseconds >= 1, got ${providerSessionMs}`);
  }
  const withdrawPendingMs = options.withdrawPendingMs ?? DEFAULT_WITHDRAW_PENDING_MS;
  if (!Number.isInteger(withdrawPendingMs) || withdrawPendingMs < 0) {
    throw new Error(`withdrawPendingMs must be a whole number of milliseconds >= 0, got ${withdrawPendingMs}`);
  }
  return {
    port: checkPort(options.port ?? DEFAULT_PORT, 'port'),
    authPort: checkPort(options.authPort ?? DEFAULT_AUTH_PORT, 'authPort'),
    hosts: options.host ? [options.host] : ['127.0.0.1', '::1'],
    aesKey: options.aesKey ?? DEFAULT_AES_KEY,
    aesIv: options.aesIv ?? DEFAULT_AES_IV,
    sitesFile: options.sitesFile ?? DEFAULT_SITES_FILE,
    allowedOrigins,
    publicBase: options.publicBase ? options.publicBase.replace(/\/+$/, '') : null,
    rotateEvery,
    providerSessionMs,
    withdrawPendingMs,
    pusher: resolvePusher(options.pusher ?? {}),
    log: options.log ?? 'json',
    now: options.now ?? Date.now,
  };
}

function intFrom(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (!/^\d+$/.test(value.trim())) throw new Error(`${name} must be a whole number, got "${value}"`);
  return Number(value.trim());
}

/** Options from SIM_* environment variables (see README). */
export function optionsFromEnv(env: NodeJS.ProcessEnv): SimulatorOptions {
  const options: SimulatorOptions = { log: env.SIM_LOG === 'silent' ? 'silent' : 'json' };
  const port = intFrom(env.SIM_PORT, 'SIM_PORT');
  const authPort = intFrom(env.SIM_AUTH_PORT, 'SIM_AUTH_PORT');
  const rotateEvery = intFrom(env.SIM_ROTATE_EVERY, 'SIM_ROTATE_EVERY');
  const providerSessionMs = intFrom(env.SIM_PROVIDER_SESSION_MS, 'SIM_PROVIDER_SESSION_MS');
  const withdrawPendingMs = intFrom(env.SIM_WITHDRAW_PENDING_MS, 'SIM_WITHDRAW_PENDING_MS');
  if (port !== undefined) options.port = port;
  if (authPort !== undefined) options.authPort = authPort;
  if (rotateEvery !== undefined) options.rotateEvery = rotateEvery;
  if (providerSessionMs !== undefined) options.providerSessionMs = providerSessionMs;
  if (withdrawPendingMs !== undefined) options.withdrawPendingMs = withdrawPendingMs;
  const pusher: Partial<PusherOptions> = {};
  if (env.SIM_PUSHER_APP_ID) pusher.appId = env.SIM_PUSHER_APP_ID;
  if (env.SIM_PUSHER_KEY) pusher.key = env.SIM_PUSHER_KEY;
  if (env.SIM_PUSHER_SECRET) pusher.secret = env.SIM_PUSHER_SECRET;
  if (Object.keys(pusher).length > 0) options.pusher = pusher;
  if (env.SIM_HOST) options.host = env.SIM_HOST;
  if (env.SIM_AES_KEY) options.aesKey = env.SIM_AES_KEY;
  if (env.SIM_AES_IV) options.aesIv = env.SIM_AES_IV;
  if (env.SIM_SITES_FILE) options.sitesFile = resolve(env.SIM_SITES_FILE);
  if (env.SIM_PUBLIC_BASE) options.publicBase = env.SIM_PUBLIC_BASE;
  if (env.SIM_ALLOWED_ORIGINS) {
    options.allowedOrigins = env.SIM_ALLOWED_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== '');
  }
  return options;
}
