// `npm run release-key -- <generate|rotate|show|retire|renew> <remote-dir>`: the key pair a brand team signs its theme
// remote's releases with. The private key stays with the brand team (`<remote-dir>/release-key/private.pem`, never
// committed, or a file named by MEMBER_RELEASE_KEY on a build machine); the public keys go to the operator, whose
// config.json lists them under `remoteKeys`.
//
//   generate  a first key pair (refuses to replace one)
//   rotate    a new key pair; the old public key is kept in previous.txt, so the operator can accept both
//             until every open page has moved to a release signed with the new one
//   retire    forgets the previous public keys, once the operator's config.json no longer lists them (warns when the
//             built dist/ is still signed with one of them: it would be refused once the operator drops it)
//   show      the public keys the operator's config.json should list for this remote, and the built release's
//             theme, sequence and expiry
//   renew     signs the built dist/ again, as it is, as a new release (a later sequence, a new expiry): a release
//             kept longer than it stays good, or one to take over from a newer release that must be undone
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { publicKeyText, readSignedDist, readSignedList, RELEASE_VALID_DAYS, signDist, signingKeyOf } from './release-signing.mjs';

export const RELEASE_KEY_DIR = 'release-key';
export const ALGORITHMS = { ed25519: 'Ed25519', p256: 'ECDSA P-256' };

const filesOf = (remoteDir) => {
  const dir = path.join(remoteDir, RELEASE_KEY_DIR);
  return {
    dir,
    privateKey: path.join(dir, 'private.pem'),
    publicKey: path.join(dir, 'public.txt'),
    previous: path.join(dir, 'previous.txt'),
  };
};

function newPair(algorithm) {
  if (!(algorithm in ALGORITHMS)) throw new Error(`--algorithm must be one of ${Object.keys(ALGORITHMS).join(', ')}`);
  const { privateKey } = algorithm === 'ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { pem: privateKey.export({ type: 'pkcs8', format: 'pem' }), publicKey: publicKeyText(privateKey) };
}

function writePair(remoteDir, pair) {
  const files = filesOf(remoteDir);
  mkdirSync(files.dir, { recursive: true });
  // Readable by its owner only: it is what makes a release the brand team's.
  writeFileSync(files.privateKey, pair.pem, { mode: 0o600 });
  writeFileSync(files.publicKey, `${pair.publicKey}\n`);
}

const lines = (file) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
    : [];

/** The public keys a release of this remote may be signed with: the current one first, then those rotated out. */
export function acceptedKeys(remoteDir) {
  const files = filesOf(remoteDir);
  return [...lines(files.publicKey), ...lines(files.previous)];
}

export function hasReleaseKey(remoteDir) {
  return existsSync(filesOf(remoteDir).privateKey);
}

/** The private key file a build signs with: MEMBER_RELEASE_KEY when set, else the remote's own. */
export function privateKeyFile(remoteDir, env = process.env) {
  return env.MEMBER_RELEASE_KEY ? path.resolve(env.MEMBER_RELEASE_KEY) : filesOf(remoteDir).privateKey;
}

export function generateReleaseKey(remoteDir, { algorithm = 'ed25519' } = {}) {
  if (hasReleaseKey(remoteDir)) throw new Error(`${path.join(remoteDir, RELEASE_KEY_DIR)} already holds a key: rotate it instead`);
  const pair = newPair(algorithm);
  writePair(remoteDir, pair);
  return pair.publicKey;
}

/** A new current key; the old public key goes first in previous.txt. Returns both. */
export function rotateReleaseKey(remoteDir, { algorithm = 'ed25519' } = {}) {
  const files = filesOf(remoteDir);
  const [old] = lines(files.publicKey);
  if (!old) throw new Error(`${files.dir} holds no key to rotate: generate one first`);
  const pair = newPair(algorithm);
  writeFileSync(files.previous, `${[old, ...lines(files.previous)].join('\n')}\n`);
  writePair(remoteDir, pair);
  return { current: pair.publicKey, previous: old };
}

/** Forgets every rotated-out public key. */
export function retirePreviousKeys(remoteDir) {
  const files = filesOf(remoteDir);
  const retired = lines(files.previous);
  rmSync(files.previous, { force: true });
  return retired;
}

/**
 * What `retire` must say before it forgets keys: the built dist/ is signed with one of the keys it retires, so once the
 * operator drops that key every member gets the default theme in place of this release. Null when nothing is wrong.
 */
export function retireWarning(remoteDir) {
  const built = builtRelease(remoteDir);
  if (!built || built.signedWith !== 'previous') return null;
  return `${path.basename(remoteDir)}/dist is signed with a key this retires: once the operator drops it, members get the default theme in place of this release. Build it again (npm run build:remote -- ${path.basename(remoteDir)}) or sign it again with the current key (npm run release-key -- renew ${path.basename(remoteDir)}) and deploy that first.`;
}

/**
 * Signs the built dist/ again, files unchanged, as a new release: with the current key (or MEMBER_RELEASE_KEY), a new
 * sequence and a new expiry. For a release kept past its time, or to take over from a newer release that must be
 * undone (devices never go back to an older sequence, so the older build returns as a newer release).
 */
export function renewRelease(remoteDir, { env = process.env, now = Date.now(), validDays = RELEASE_VALID_DAYS } = {}) {
  if (!readSignedDist(path.join(remoteDir, 'dist')) && !existsSync(path.join(remoteDir, 'dist', 'mf-manifest.json'))) {
    throw new Error(
      `${path.join(remoteDir, 'dist')} holds no build to sign: build it first (npm run build:remote -- ${path.basename(remoteDir)})`,
    );
  }
  const keyFile = privateKeyFile(remoteDir, env);
  if (!existsSync(keyFile)) throw new Error(`${keyFile} does not exist: generate a key first`);
  return signDist(path.join(remoteDir, 'dist'), readFileSync(keyFile, 'utf8'), { theme: themeOfRemote(remoteDir), now, validDays });
}

/** One line saying what a built release is, for the command's output. */
export function describeRelease(built) {
  if (!built) return 'no signed build in dist/';
  if (built.problem) return `dist/signed-files.json: ${built.problem}`;
  const key = { current: 'the current key', previous: 'a previous key', unknown: 'a key this folder does not hold' }[built.signedWith];
  return `dist/ is release ${built.sequence} of theme ${built.theme} (signed ${new Date(built.sequence).toISOString()}), good until ${built.expires}, signed with ${key}`;
}

/** The theme a remote is built as: the `memberTheme.name` of its package.json, which its releases name when signed. */
export function themeOfRemote(remoteDir) {
  let name;
  try {
    name = JSON.parse(readFileSync(path.join(remoteDir, 'package.json'), 'utf8')).memberTheme?.name;
  } catch (error) {
    throw new Error(`${remoteDir} has no readable package.json: ${error.message}`, { cause: error });
  }
  if (typeof name !== 'string') throw new Error(`${remoteDir}/package.json has no memberTheme.name: the theme its releases are signed for`);
  return name;
}

/**
 * Signs a remote's fresh build (`<remoteDir>/dist`) as a new release of its theme: the signing time is its sequence,
 * and it stays good RELEASE_VALID_DAYS. A remote with no key yet gets one made here, so a fresh clone
 * builds and serves in one command (the demo serves its public keys itself); a brand team hands that public key to
 * the operator. With MEMBER_RELEASE_KEY set, that file must exist: a build machine never signs with a made-up key.
 * @returns {{ files: number, made: boolean, theme: string, sequence: number, expires: string }}
 */
export function signRemoteBuild(remoteDir, { env = process.env, now = Date.now(), validDays = RELEASE_VALID_DAYS } = {}) {
  const theme = themeOfRemote(remoteDir);
  const keyFile = privateKeyFile(remoteDir, env);
  let made = false;
  if (!existsSync(keyFile)) {
    if (env.MEMBER_RELEASE_KEY) throw new Error(`MEMBER_RELEASE_KEY names ${keyFile}, which does not exist`);
    generateReleaseKey(remoteDir);
    made = true;
  }
  return { ...signDist(path.join(remoteDir, 'dist'), readFileSync(keyFile, 'utf8'), { theme, now, validDays }), made };
}

/**
 * What the built `<remoteDir>/dist` is: the release its signed list names (theme, sequence, expiry) and which of the
 * remote's keys signed it (`current`, `previous`, or `unknown` for a key this folder no longer holds); null when
 * there is no signed build. `problem` says why a list could not be read (an older format, say).
 */
export function builtRelease(remoteDir) {
  const document = readSignedDist(path.join(remoteDir, 'dist'));
  if (!document) return null;
  const files = filesOf(remoteDir);
  const current = lines(files.publicKey);
  const previous = lines(files.previous);
  const key = signingKeyOf(document, [...current, ...previous]);
  const signedWith = key === null ? 'unknown' : current.includes(key) ? 'current' : 'previous';
  try {
    const { theme, sequence, expires } = readSignedList(document);
    return { theme, sequence, expires, key, signedWith };
  } catch (error) {
    return { key, signedWith, problem: error.message };
  }
}

/**
 * The key a theme's dev server signs with (build-preset's devReleaseSigningPlugin, and `npm run dev`, which lists its
 * public key in the served config.json): always the remote's own `release-key/private.pem`, made here when missing as
 * a first build makes it. Never MEMBER_RELEASE_KEY: the key a build machine releases with does not sign code that
 * only ever ran on a developer's machine.
 * @returns {{ pem: string, publicKey: string, made: boolean }}
 */
export function devSigningKey(remoteDir) {
  const file = filesOf(remoteDir).privateKey;
  let made = false;
  if (!existsSync(file)) {
    generateReleaseKey(remoteDir);
    made = true;
  }
  const pem = readFileSync(file, 'utf8');
  return { pem, publicKey: publicKeyText(createPrivateKey(pem)), made };
}

/**
 * The demo's config.json with the public keys of the workspace's own remotes: the template names no keys (each clone
 * makes its own pair on its first build), so every theme it points at a workspace remote's default port on this
 * machine gets that remote's accepted keys. Keys the template lists itself are kept as they are.
 * @param {Record<string, any>} template config.json as written, before its ports are moved
 * @param {{dir: string, port: number}[]} remotes the workspace's theme remotes (scripts/workspace.mjs)
 * @param {string} root the workspace
 */
export function withDemoRemoteKeys(template, remotes, root) {
  const remoteKeys = { ...(template.remoteKeys ?? {}) };
  for (const [theme, url] of Object.entries(template.remotes ?? {})) {
    if (remoteKeys[theme] !== undefined || typeof url !== 'string') continue;
    const local = /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\]):(\d+)\//i.exec(url);
    const remote = local && remotes.find((item) => item.port === Number(local[1]));
    const keys = remote ? acceptedKeys(path.join(root, remote.dir)) : [];
    if (keys.length) remoteKeys[theme] = keys;
  }
  return Object.keys(remoteKeys).length ? { ...template, remoteKeys } : template;
}

/** The lines to paste into config.json for a theme (its name in `remotes`). */
export function configLines(theme, keys) {
  return `"remoteKeys": { "${theme}": ${JSON.stringify(keys)} }`;
}

const COMMANDS = ['generate', 'rotate', 'show', 'retire', 'renew'];
export const USAGE = `usage: npm run release-key -- <${COMMANDS.join('|')}> <remote-dir> [--algorithm=${Object.keys(ALGORITHMS).join('|')}] [--valid-days=${RELEASE_VALID_DAYS}]`;

/**
 * The command, the remote's folder as given and the key algorithm, from the command line; throws with the usage on
 * an unknown flag or a third word. A `--` (which a runner may pass on to the script) is dropped. The command and the
 * folder are checked by the caller (the folder against the workspace), the algorithm when a key is made.
 */
export function parseReleaseKeyArgs(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv.filter((arg) => arg !== '--'),
      options: {
        algorithm: { type: 'string', default: 'ed25519' },
        'valid-days': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new Error(`${error.message}\n${USAGE}`, { cause: error });
  }
  const { values, positionals } = parsed;
  if (positionals.length > 2) throw new Error(`unexpected ${positionals.slice(2).join(' ')}\n${USAGE}`);
  const [command, dirArg] = positionals;
  const validDays = values['valid-days'] === undefined ? RELEASE_VALID_DAYS : Number(values['valid-days']);
  if (!Number.isInteger(validDays) || validDays <= 0)
    throw new Error(`--valid-days takes a whole number of days, not ${values['valid-days']}\n${USAGE}`);
  return { command, dirArg, algorithm: values.algorithm, validDays, help: values.help };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Not through build-remote.mjs: it imports this file, and a cycle through a module still starting never settles.
  const { remoteOf, themeRemotes, WORKSPACE_ROOT } = await import('./workspace.mjs');
  let args;
  try {
    args = parseReleaseKeyArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`release-key: ${error.message}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const { command, dirArg, algorithm, validDays } = args;
  const remote = remoteOf(dirArg);
  if (!COMMANDS.includes(command) || remote instanceof Error) {
    console.error(`release-key: ${remote instanceof Error ? remote.message : `unknown command ${command ?? ''}`}\n${USAGE}`);
    process.exit(2);
  }
  const remoteDir = path.join(WORKSPACE_ROOT, remote.dir);
  const theme = themeRemotes().find((item) => item.dir === remote.dir).theme;
  try {
    if (command === 'generate') {
      generateReleaseKey(remoteDir, { algorithm });
      console.log(
        `release-key: a new ${ALGORITHMS[algorithm]} key pair in ${remote.dir}/${RELEASE_KEY_DIR}/ (keep private.pem to yourself; never commit it)`,
      );
    } else if (command === 'rotate') {
      rotateReleaseKey(remoteDir, { algorithm });
      console.log(`release-key: ${remote.dir} now signs with a new ${ALGORITHMS[algorithm]} key; the old public key is kept as previous.`);
      console.log(
        'Send both public keys to the operator, and deploy a build signed with the new key only once their config.json lists it.',
      );
    } else if (command === 'retire') {
      const warning = retireWarning(remoteDir);
      if (warning) console.warn(`release-key: warning: ${warning}`);
      const retired = retirePreviousKeys(remoteDir);
      console.log(
        `release-key: ${retired.length} previous key(s) of ${remote.dir} forgotten; the operator may drop them from config.json.`,
      );
    } else if (command === 'renew') {
      const renewed = renewRelease(remoteDir, { validDays });
      // The signed list's .br and .gz copies follow it, as build:remote leaves them.
      const { compressDists } = await import('./compress.mjs');
      await compressDists([path.join(remoteDir, 'dist')]);
      console.log(
        `release-key: ${remote.dir}/dist signed again as release ${renewed.sequence} of ${renewed.theme}, good until ${renewed.expires} (${renewed.files} files): deploy it as a theme deploy (docs/deploy.md).`,
      );
    }
    console.log(`release-key: ${describeRelease(builtRelease(remoteDir))}`);
    console.log(
      `\nThe operator's config.json, for the theme ${theme} (and any other name it gives this remote):\n  ${configLines(theme, acceptedKeys(remoteDir))}`,
    );
  } catch (error) {
    console.error(`release-key: ${error.message}`);
    process.exit(1);
  }
}
