import { DEFAULT_THEME, isThemeName } from '../contract';
import { isSafeUrl } from '../helpers/safe-url';
import type { RuntimeConfig } from '../types/runtime-config';
import type { FieldProblem } from '../types/site-config';
import {
  Problems,
  SchemaError,
  expectArray,
  expectBoolean,
  expectHttpUrl,
  expectHttpUrlOrPath,
  expectRecord,
  expectString,
  isRecord,
  type Validation,
} from './validate';

/**
 * Theme name → manifest URL. The deployment names its themes; every URL is checked and every key kept.
 * `default` is required: it is what every other theme falls back to.
 */
function parseRemotes(value: unknown, problems: Problems): RuntimeConfig['remotes'] | undefined {
  const remotes = problems.check(() => expectRecord(value, 'remotes'));
  if (!remotes) return undefined;
  const before = problems.list.length;
  if (remotes[DEFAULT_THEME] === undefined)
    problems.add(`remotes.${DEFAULT_THEME}`, 'is required: every deployment needs the default theme');
  const parsed: Record<string, string> = {};
  for (const [name, url] of Object.entries(remotes)) {
    if (!isThemeName(name)) {
      problems.add(`remotes.${name}`, 'must be named with letters, digits, _ or - (starting with a letter)');
      continue;
    }
    const checked = problems.check(() => expectHttpUrl(url, `remotes.${name}`));
    if (checked !== undefined) parsed[name] = checked;
  }
  return problems.list.length === before ? (parsed as RuntimeConfig['remotes']) : undefined;
}

/**
 * A release key as `npm run release-key` prints it: the base64 DER of an Ed25519 or ECDSA P-256 public key
 * (SubjectPublicKeyInfo). The fixed start of each names the algorithm.
 */
const RELEASE_KEY = /^(MCowBQYDK2VwAyEA[A-Za-z0-9+/]{43}=|MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE[A-Za-z0-9+/]{86}==)$/;

/**
 * Theme name → the public keys its remote's releases may be signed with (more than one while a key is rotated).
 * Every theme of `remotes` needs at least one: the host runs no code of a remote whose release it cannot check.
 * `themes` are the names `remotes` lists as written (a bad URL there does not hide a theme's missing keys).
 */
function parseRemoteKeys(value: unknown, themes: readonly string[], problems: Problems): RuntimeConfig['remoteKeys'] | undefined {
  if (value === undefined) {
    problems.add(
      'remoteKeys',
      "is required: the public keys each theme remote's releases are signed with, by theme name (npm run release-key -- show <remote-dir>)",
    );
    return undefined;
  }
  const keys = problems.check(() => expectRecord(value, 'remoteKeys'));
  if (!keys) return undefined;
  const parsed: Record<string, string[]> = {};
  for (const theme of themes) {
    if (keys[theme] === undefined) {
      problems.add(`remoteKeys.${theme}`, "is required: list the public keys this theme remote's releases are signed with");
      continue;
    }
    const list = problems.check(() => expectArray(keys[theme], `remoteKeys.${theme}`, 1));
    if (!list) continue;
    parsed[theme] = list.flatMap((key, i) => {
      if (typeof key === 'string' && RELEASE_KEY.test(key)) return [key];
      problems.add(
        `remoteKeys.${theme}[${i}]`,
        'must be an Ed25519 or ECDSA P-256 public key as npm run release-key prints it (base64 SPKI)',
      );
      return [];
    });
  }
  for (const theme of Object.keys(keys)) {
    if (!themes.includes(theme)) problems.add(`remoteKeys.${theme}`, 'names a theme that remotes does not list');
  }
  return parsed;
}

/**
 * Theme name → the lowest release sequence members may run (a whole number, as a signed list names it), for themes of
 * `remotes` only. Absent: no floor beyond what each device has seen.
 */
function parseRemoteMinRelease(value: unknown, themes: readonly string[], problems: Problems): RuntimeConfig['remoteMinRelease'] {
  if (value === undefined) return undefined;
  const floors = problems.check(() => expectRecord(value, 'remoteMinRelease'));
  if (!floors) return undefined;
  const parsed: Record<string, number> = {};
  for (const [theme, floor] of Object.entries(floors)) {
    if (!themes.includes(theme)) problems.add(`remoteMinRelease.${theme}`, 'names a theme that remotes does not list');
    else if (typeof floor === 'string' && /^\s*\d+\s*$/.test(floor))
      problems.add(`remoteMinRelease.${theme}`, `must be a number, not a string: write ${floor.trim()} without quotes`);
    else if (typeof floor !== 'number' || !Number.isSafeInteger(floor) || floor < 0) {
      problems.add(
        `remoteMinRelease.${theme}`,
        'must be a release sequence: a whole number as the signed list names it (npm run release-key -- show <remote-dir>)',
      );
    } else parsed[theme] = floor;
  }
  return parsed;
}

/** A port given as a JSON number; the quoted "443" an operator may write is named as such. */
function optionalPort(value: unknown, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value))
    throw new SchemaError(field, `must be a number, not a string: write ${value.trim()} without quotes`);
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value > 65535)
    throw new SchemaError(field, 'must be a port number (1 to 65535)');
  return value;
}

function sizedString(value: unknown, field: string, bytes: number, what: string): string {
  const s = expectString(value, field);
  if (new TextEncoder().encode(s).length !== bytes) throw new SchemaError(field, `must be ${bytes} bytes${what}`);
  return s;
}

const whenGiven = <T>(value: unknown, check: () => T): T | undefined => (value === undefined ? undefined : check());

/**
 * config.json with every problem named (the host's boot error page lists them, and so does `npm run check-config`),
 * or the config the host runs with.
 */
export function checkRuntimeConfig(input: unknown): { ok: true; value: RuntimeConfig } | { ok: false; problems: FieldProblem[] } {
  if (!isRecord(input)) return { ok: false, problems: [{ field: 'config.json', problem: 'must be a JSON object' }] };
  const problems = new Problems();
  const pusher = problems.check(() => expectRecord(input.pusher, 'pusher'));
  const crypto = problems.check(() => expectRecord(input.crypto, 'crypto'));
  const remotes = parseRemotes(input.remotes, problems);
  const key = crypto && problems.check(() => sizedString(crypto.key, 'crypto.key', 32, ' (AES-256)'));
  const iv = crypto && problems.check(() => sizedString(crypto.iv, 'crypto.iv', 16, ''));
  const wsPort = pusher && problems.check(() => optionalPort(pusher.wsPort, 'pusher.wsPort'));
  const wssPort = pusher && problems.check(() => optionalPort(pusher.wssPort, 'pusher.wssPort'));
  const wsPath = pusher?.wsPath;
  if (
    wsPath !== undefined &&
    (typeof wsPath !== 'string' || !/^\/[A-Za-z0-9._~\-/]*[A-Za-z0-9._~-]$/.test(wsPath) || wsPath.includes('//'))
  ) {
    problems.add('pusher.wsPath', 'must be a path like /reverb (a leading /, no trailing /, no query)');
  }
  const rootRedirect = problems.check(() => {
    const path = expectString(input.rootRedirect, 'rootRedirect');
    // A path only: the guard's same-origin rule also refuses `/\host`, which a browser reads as another site.
    if (!path.startsWith('/') || !isSafeUrl(path, null, { sameOriginPath: true }))
      throw new SchemaError('rootRedirect', 'must be a path starting with a single /');
    return path;
  });
  const apiBase = problems.check(() => expectHttpUrlOrPath(input.apiBase, 'apiBase'));
  const broadcastAuthBase = problems.check(() => expectHttpUrlOrPath(input.broadcastAuthBase, 'broadcastAuthBase'));
  const socket = pusher && {
    key: problems.check(() => expectString(pusher.key, 'pusher.key')),
    cluster: problems.check(() => expectString(pusher.cluster, 'pusher.cluster')),
    forceTLS: problems.check(() => expectBoolean(pusher.forceTLS, 'pusher.forceTLS')),
    wsHost: problems.check(() => whenGiven(pusher.wsHost, () => expectString(pusher.wsHost, 'pusher.wsHost'))),
  };
  const themes = isRecord(input.remotes) ? Object.keys(input.remotes).filter(isThemeName) : [];
  const remoteKeys = parseRemoteKeys(input.remoteKeys, themes, problems);
  const remoteMinRelease = parseRemoteMinRelease(input.remoteMinRelease, themes, problems);
  const origins = problems.check(() => expectArray(input.allowedOrigins, 'allowedOrigins'));
  const allowedOrigins = origins?.map((o, i) => problems.check(() => expectHttpUrl(o, `allowedOrigins[${i}]`)));
  const errorReportUrl = problems.check(() => whenGiven(input.errorReportUrl, () => expectHttpUrl(input.errorReportUrl, 'errorReportUrl')));
  const vitalsReportUrl = problems.check(() =>
    whenGiven(input.vitalsReportUrl, () => expectHttpUrl(input.vitalsReportUrl, 'vitalsReportUrl')),
  );
  if (problems.list.length > 0) return { ok: false, problems: problems.list };

  // Every check passed, so every value read above is there.
  const config: RuntimeConfig = {
    apiBase: apiBase!,
    broadcastAuthBase: broadcastAuthBase!,
    pusher: {
      key: socket!.key!,
      cluster: socket!.cluster!,
      forceTLS: socket!.forceTLS!,
      ...(socket!.wsHost !== undefined ? { wsHost: socket!.wsHost } : {}),
      ...(wsPort !== undefined ? { wsPort } : {}),
      ...(wssPort !== undefined ? { wssPort } : {}),
      ...(wsPath !== undefined ? { wsPath: wsPath as string } : {}),
    },
    crypto: { key: key!, iv: iv! },
    remotes: remotes!,
    remoteKeys: remoteKeys!,
    ...(remoteMinRelease !== undefined ? { remoteMinRelease } : {}),
    allowedOrigins: allowedOrigins as string[],
    rootRedirect: rootRedirect!,
    ...(errorReportUrl !== undefined ? { errorReportUrl } : {}),
    ...(vitalsReportUrl !== undefined ? { vitalsReportUrl } : {}),
  };
  return { ok: true, value: config };
}

/** config.json, or its first problem (for callers that report one). */
export function validateRuntimeConfig(input: unknown): Validation<RuntimeConfig> {
  const checked = checkRuntimeConfig(input);
  if (checked.ok) return checked;
  const [first] = checked.problems;
  return { ok: false, field: first!.field, problem: first!.problem };
}
