// Checks an operator's API against the contract, over HTTP only:
//
//   npm run contract -- --api <url> --prefix <p> --phone <phone> --password <pw>
//                       [--key <aes key> --iv <iv> | --config <config.json>] [--writes] [--withdraw <baht> [--event-wait <s>]]
//
// It logs in with phoneLogin (fields encrypted as the host encrypts them), calls each read-only call the member's
// pages make, each as the catalogue of operator calls in shared-core says (method, path, encrypted fields), decrypts
// every `{data}` reply and validates it against the call's reply schema in the catalogue, then
// prints one row per call. With --withdraw it also makes one withdrawal and asks what the operator does with its
// Idempotency-Key (docs/deploy.md, "What the member sees of each answer"). Exit 0 when every call passes, 1 when one
// fails, 2 for bad arguments.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { WORKSPACE_ROOT, importSharedCore } from './shared-core.mjs';

export const USAGE = `Usage: npm run contract -- --api <url> --prefix <prefix> --phone <phone> --password <password> [options]

Checks an operator API against the contract: logs in with phoneLogin, calls each read-only call, decrypts every
reply and validates it against the contract's reply schemas, and prints call, HTTP status, pass/fail and, for a
failure, the field that differs and the problem.

Read-only calls: checkPrefix, phoneLogin, getProfile, verify, gclubData, gclubCredit (with the GCLUB session of
gclubData), ufaLogin + ufaCredit (each UFA game user, with the game password the login reply carries), checkWithdraw
and history (each game user), gclubGame (one brand), and every other read of the catalogue of operator calls whose
request is the member's token alone or no field at all (gclubMaintain, ufaMaintain, gameFavourites, gameRecent…).

Options:
  --api <url>          the operator API's base URL, as config.json's apiBase (e.g. https://api.example.com): the
                       check appends /api/<call> to it, as the host does. Over https with a certificate of a private
                       CA, give Node that CA: NODE_EXTRA_CA_CERTS=/path/to/ca.pem npm run contract -- …
  --prefix <prefix>    the site prefix the member belongs to
  --phone <phone>      a test member's 10-digit phone
  --password <pw>      that member's password
  --key <key>          AES-256 key (32 UTF-8 bytes); with --iv. Default: "crypto" of host/public/config.json
  --iv <iv>            AES IV (16 UTF-8 bytes); with --key
  --config <path>      read the key and IV from another config.json
  --divisions <v>      true for a site with divisions ("divisions": "true" in its sites.json entry: its members' LINE
                       contact is chosen by the prefix of their game user); the host sends it with checkPrefix and
                       phoneLogin, and the API refuses the other value (default false)
  --writes             also run state-changing calls that leave a test member as it was:
                         updateGamePassword (each game user, with the password it already has) and, for a member
                         with two game users, switchMain twice (swap the main account, then swap it back)
  --withdraw <baht>    also withdraw this much from the member's first game user (this moves real money: use a
                         test member) and ask what the operator does with the withdrawal's Idempotency-Key: the
                         same key sent again at once (409 in_flight, or the first result), again once answered (the
                         first result), with another amount (422 idempotency_mismatch); whether checkWithdraw, the
                         history and MemberTrans name the key; whether a 429 met on the way carries Retry-After
  --service <s>        with --withdraw: GCLUB or UFA, the game user to withdraw from (default: the first)
  --event-wait <s>     with --withdraw: listen on the member's private channel (config.json's pusher and
                         broadcastAuthBase, from --config) this many seconds for the withdrawal's MemberTrans
                         (default 0: not asked)
  --timeout <ms>       per call (default 10000)
  --help               print this text

Exit code: 0 every call passed, 1 a call failed, 2 bad arguments.
`;

export class UsageError extends Error {}

/** Parses the command line; throws UsageError for anything the check cannot run with. */
export function parseContractArgs(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        api: { type: 'string' },
        prefix: { type: 'string' },
        phone: { type: 'string' },
        password: { type: 'string' },
        key: { type: 'string' },
        iv: { type: 'string' },
        config: { type: 'string' },
        divisions: { type: 'string', default: 'false' },
        writes: { type: 'boolean', default: false },
        withdraw: { type: 'string' },
        service: { type: 'string' },
        'event-wait': { type: 'string', default: '0' },
        timeout: { type: 'string', default: '10000' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(error.message);
  }
  if (values.help) return { help: true };
  for (const name of ['api', 'prefix', 'phone', 'password']) {
    if (!values[name]) throw new UsageError(`--${name} is required`);
  }
  let api;
  try {
    api = new URL(values.api);
  } catch {
    throw new UsageError(`--api is not a URL: ${values.api}`);
  }
  if (api.protocol !== 'http:' && api.protocol !== 'https:') throw new UsageError('--api must be an http or https URL');
  if ((values.key === undefined) !== (values.iv === undefined)) throw new UsageError('--key and --iv go together');
  if (values.key !== undefined && values.config !== undefined) throw new UsageError('give --key/--iv or --config, not both');
  let key = values.key;
  let iv = values.iv;
  if (key === undefined) {
    const configPath = values.config ?? path.join(WORKSPACE_ROOT, 'host', 'public', 'config.json');
    let config;
    try {
      config = JSON.parse(readFileSync(configPath, 'utf8'));
    } catch (error) {
      throw new UsageError(`cannot read ${configPath}: ${error.message}`);
    }
    key = config?.crypto?.key;
    iv = config?.crypto?.iv;
    if (typeof key !== 'string' || typeof iv !== 'string') throw new UsageError(`${configPath} has no crypto.key and crypto.iv`);
  }
  if (Buffer.byteLength(key, 'utf8') !== 32) throw new UsageError('the AES key must be 32 bytes as UTF-8');
  if (Buffer.byteLength(iv, 'utf8') !== 16) throw new UsageError('the IV must be 16 bytes as UTF-8');
  if (!/^(true|false)$/.test(values.divisions)) throw new UsageError('--divisions is true or false');
  const timeoutMs = Number(values.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new UsageError('--timeout is a positive number of milliseconds');
  let withdraw = null;
  if (values.withdraw !== undefined) {
    withdraw = Number(values.withdraw);
    if (!/^\d+(\.\d{1,2})?$/.test(values.withdraw) || !(withdraw > 0))
      throw new UsageError('--withdraw is a positive amount of baht with at most two decimals');
  }
  if (values.service !== undefined && !['GCLUB', 'UFA'].includes(values.service)) throw new UsageError('--service is GCLUB or UFA');
  if ((values.service !== undefined || values['event-wait'] !== '0') && withdraw === null)
    throw new UsageError('--service and --event-wait go with --withdraw');
  const eventWaitS = Number(values['event-wait']);
  if (!Number.isInteger(eventWaitS) || eventWaitS < 0 || eventWaitS > 600)
    throw new UsageError('--event-wait is a whole number of seconds from 0 to 600');
  const configPath = values.config ?? path.join(WORKSPACE_ROOT, 'host', 'public', 'config.json');
  let realtime = null;
  if (eventWaitS > 0) {
    let config;
    try {
      config = JSON.parse(readFileSync(configPath, 'utf8'));
    } catch (error) {
      throw new UsageError(`cannot read ${configPath}: ${error.message}`);
    }
    if (typeof config?.pusher?.key !== 'string' || typeof config?.broadcastAuthBase !== 'string')
      throw new UsageError(`${configPath} has no pusher.key and broadcastAuthBase`);
    realtime = { pusher: config.pusher, broadcastAuthBase: config.broadcastAuthBase };
  }
  return {
    help: false,
    api: api.href.replace(/\/$/, ''),
    prefix: values.prefix,
    phone: values.phone,
    password: values.password,
    key,
    iv,
    divisions: values.divisions,
    writes: values.writes,
    timeoutMs,
    withdraw,
    service: values.service ?? null,
    eventWaitS,
    realtime,
  };
}

/** AES-256-CBC, PKCS7, Base64, key and IV as UTF-8 bytes: the host's wire cipher. */
export function wireCipher(key, iv) {
  const k = Buffer.from(key, 'utf8');
  const v = Buffer.from(iv, 'utf8');
  return {
    encrypt(plain) {
      const c = createCipheriv('aes-256-cbc', k, v);
      return Buffer.concat([c.update(String(plain), 'utf8'), c.final()]).toString('base64');
    },
    decrypt(base64) {
      const d = createDecipheriv('aes-256-cbc', k, v);
      return Buffer.concat([d.update(Buffer.from(base64, 'base64')), d.final()]).toString('utf8');
    },
  };
}

/**
 * The contract, loaded through shared-core's published entry points: the catalogue of operator calls (each call's
 * method, path, encrypted fields and reply schema, as the host's client reads them) and the game menu.
 */
async function loadContract() {
  const [catalogue, menu, realtime] = await Promise.all([
    importSharedCore('./api/calls'),
    importSharedCore('./games/menu'),
    importSharedCore('./api/broadcast-auth'),
  ]);
  return {
    calls: catalogue.OPERATOR_CALLS,
    requests: catalogue,
    validate: catalogue.validate,
    menu,
    broadcastAuthPath: realtime.BROADCAST_AUTH_PATH,
  };
}

const stateOf = (prefix) =>
  `${prefix}.${randomBytes(24)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(32, 'x')
    .slice(0, 32)}`;

/**
 * Runs the check. `log` receives the table lines. Returns the rows and whether every call passed.
 * Each row: {call, status (HTTP status or '-'), pass, field?, problem?}.
 */
export async function runContractCheck(options, log = console.log) {
  const { calls, requests, validate, menu, broadcastAuthPath } = await loadContract();
  const cipher = wireCipher(options.key, options.iv);
  const rows = [];

  /** Every answer the check met, for what the operator does besides (its 429s). */
  const answers = [];
  /** The calls made, by name. */
  const called = new Set();

  /** One call of the catalogue, sent as the host sends it (its method, path and encrypted fields) and checked by its reply schema. */
  async function call(name, { body = {}, headers = {}, label = name, statusFalseOk = () => false }) {
    const { method, path: callPath, encrypted, reply: schema } = calls[name];
    called.add(name);
    const sent = { ...body };
    for (const field of encrypted) if (sent[field] !== undefined && sent[field] !== null) sent[field] = cipher.encrypt(String(sent[field]));
    const url = new URL(`${options.api}${callPath}`);
    if (method === 'get') for (const [k, v] of Object.entries(sent)) url.searchParams.set(k, String(v));
    const row = { call: label, status: '-', pass: false };
    rows.push(row);
    let response;
    try {
      response = await fetch(url, {
        method: method.toUpperCase(),
        headers: { Accept: 'application/json', ...(method === 'post' ? { 'Content-Type': 'application/json' } : {}), ...headers },
        ...(method === 'post' ? { body: JSON.stringify(sent) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      return fail(row, '(request)', error.name === 'TimeoutError' ? `no answer in ${options.timeoutMs} ms` : requestProblem(error));
    }
    row.status = response.status;
    answers.push({ status: response.status, retryAfter: response.headers.get('retry-after') });
    const text = await response.text().catch(() => '');
    let envelope;
    try {
      envelope = JSON.parse(text);
    } catch {
      return fail(row, '(body)', text === '' ? 'empty body' : 'not JSON');
    }
    if (typeof envelope !== 'object' || envelope === null || typeof envelope.data !== 'string')
      return fail(row, 'data', 'the envelope must be {data: "<base64 ciphertext>"}');
    let reply;
    try {
      reply = JSON.parse(cipher.decrypt(envelope.data));
    } catch {
      return fail(row, 'data', 'does not decrypt to JSON under this key and IV');
    }
    if (!response.ok)
      return fail(row, '(status)', `HTTP ${response.status}${reply?.message ? `: ${reply.message}` : ''}${fieldsOf(reply)}`);
    const checked = validate(schema, reply);
    if (!checked.ok) return fail(row, checked.field, checked.problem);
    if (checked.value.status !== true && !statusFalseOk(checked.value))
      return fail(row, 'status', `is ${JSON.stringify(checked.value.status)}${checked.value.message ? ` (${checked.value.message})` : ''}`);
    row.pass = true;
    return checked.value;
  }
  async function prefixAccepted(divisions) {
    try {
      const url = new URL(`${options.api}${calls.checkPrefix.path}`);
      url.search = new URLSearchParams({ prefix: options.prefix, divisions }).toString();
      const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs) });
      const reply = JSON.parse(cipher.decrypt((await response.json()).data));
      return response.ok && reply?.status === true;
    } catch {
      return false;
    }
  }
  function fail(row, field, problem) {
    Object.assign(row, { field, problem });
    return null;
  }
  const skip = (label, problem) => rows.push({ call: label, status: '-', pass: false, field: '(precondition)', problem });

  await call('checkPrefix', { body: { prefix: options.prefix, divisions: options.divisions } });
  const login = await call('phoneLogin', {
    body: {
      username: options.phone,
      password: options.password,
      state: stateOf(options.prefix),
      prefix: options.prefix,
      divisions: options.divisions,
    },
  });
  /** The member's session once logged in: what the withdrawal's checks need. */
  let session = null;
  if (!login?.access_token) {
    if (login) skip('phoneLogin', 'no access_token in the reply');
  } else {
    let token = login.access_token;
    const profile = await call('getProfile', { body: { prefix: options.prefix, type: 'phone', token } });
    if (profile?.refresh_status && profile.access_token) token = profile.access_token;
    const verified = await call('verify', { body: { token, type: 'phone' } });
    if (verified?.refresh_status && verified.access_token) token = verified.access_token;
    const games = profile?.games ?? login.games ?? [];
    session = { token, games, cid: (profile ?? login).member_info?.cid ?? null };
    const gclubUsers = games.filter((g) => g.service === 'GCLUB');
    const ufaUsers = games.filter((g) => g.service === 'UFA');
    if (gclubUsers.length > 0) {
      const data = await call('gclubData', { body: { token } });
      if (data?.gclubToken)
        await call('gclubCredit', { body: { token: data.gclubToken }, label: `gclubCredit ${data.gameuser ?? ''}`.trim() });
      else if (data) skip('gclubCredit', 'gclubData gave no gclubToken');
    }
    for (const user of ufaUsers) {
      const opened = await call('ufaLogin', {
        body: { username: user.game_user, password: user.game_password },
        label: `ufaLogin ${user.game_user}`,
      });
      if (opened) await call('ufaCredit', { body: { username: user.game_user }, label: `ufaCredit ${user.game_user}` });
    }
    for (const user of games) {
      await call('checkWithdraw', {
        body: { game_user: user.game_user, prefix: options.prefix, token },
        // A pending withdrawal answers status false: a valid reply, not a failure.
        statusFalseOk: (reply) => reply.pending === true,
        label: `checkWithdraw ${user.game_user}`,
      });
      await call('history', { body: { gameuser: user.game_user, token }, label: `history ${user.game_user}` });
    }
    const brand = menu.GAME_MENU.slot.find((entry) => entry.url_token !== menu.GAME_NOT_OPEN_TOKEN) ?? menu.GAME_MENU.slot[0];
    await call('gclubGame', { body: { url: brand.url }, label: `gclubGame ${brand.storageKey}` });
    // Every other read of the catalogue whose request is the member's token alone, or no field at all: a new one is
    // checked without being named here.
    for (const entry of Object.values(calls)) {
      if (called.has(entry.name) || !entry.idempotent || entry.method !== 'post') continue;
      if (entry.request === requests.memberTokenRequest) await call(entry.name, { body: { token } });
      else if (entry.request === requests.noFields) await call(entry.name, {});
    }

    if (options.writes) {
      for (const user of games) {
        await call('updateGamePassword', {
          body: { gameuser: user.game_user, password: user.game_password, token },
          label: `updateGamePassword ${user.game_user}`,
        });
      }
      const main = games.find((g) => g.main);
      const other = games.find((g) => !g.main);
      if (main && other) {
        const there = await call('switchMain', {
          body: { select_gameuser: other.game_user, switch_gameuser: main.game_user, token },
          label: 'switchMain (swap)',
        });
        if (there)
          await call('switchMain', {
            body: { select_gameuser: main.game_user, switch_gameuser: other.game_user, token },
            label: 'switchMain (restore)',
          });
      } else {
        skip('switchMain', 'the member needs two game users, one of them main');
      }
    }
  }

  const behaviour =
    options.withdraw !== null && session ? await checkWithdrawalKeys(options, { cipher, session, answers, calls, broadcastAuthPath }) : [];

  for (const line of formatTable(rows)) log(line);
  const ok = rows.every((row) => row.pass) && behaviour.every((row) => row.result !== 'FAIL');
  if (behaviour.length > 0) {
    log('');
    log("What the operator does with a withdrawal's Idempotency-Key:");
    for (const line of formatBehaviour(behaviour)) log(line);
  }
  const failedRows = rows.filter((row) => !row.pass).length + behaviour.filter((row) => row.result === 'FAIL').length;
  log(ok ? `All ${rows.length} calls passed.` : `${failedRows} of ${rows.length + behaviour.length} calls failed.`);
  const hints = ok
    ? []
    : [...apiPathHint(options, rows), ...tlsHint(options, rows), ...(await divisionsHint(options, rows, prefixAccepted))];
  for (const line of hints) log(line);
  return { ok, rows, hints };
}

/**
 * Node's reasons for refusing a server's certificate (the `code` of fetch's cause), and what each means for the
 * operator checking their API.
 */
const CERTIFICATE_PROBLEMS = {
  SELF_SIGNED_CERT_IN_CHAIN: 'the chain ends in a CA Node does not trust',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the certificate is self-signed',
  UNABLE_TO_GET_ISSUER_CERT: 'its issuer is not a CA Node trusts',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its issuer is not a CA Node trusts',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its issuer is not a CA Node trusts (or the server does not send the intermediate certificates)',
  CERT_UNTRUSTED: 'the certificate is not trusted',
  CERT_HAS_EXPIRED: 'the certificate has expired',
  CERT_NOT_YET_VALID: 'the certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate is not for this host name',
};
/** Those a private CA explains: trusting it (NODE_EXTRA_CA_CERTS) is the fix. */
const UNTRUSTED_ISSUER = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_UNTRUSTED',
]);

/**
 * Why a request got no answer, from fetch's error and its cause (fetch itself says only "fetch failed"): the cause's
 * code and message, and for a refused certificate what is wrong with it.
 */
export function requestProblem(error) {
  const cause = error?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  if (code && code in CERTIFICATE_PROBLEMS) return `TLS: ${CERTIFICATE_PROBLEMS[code]} (${code}: ${cause.message})`;
  if (cause?.message) return `network error: ${cause.message}${code && !cause.message.includes(code) ? ` (${code})` : ''}`;
  return `network error: ${error?.message ?? String(error)}`;
}

/** When every call came back 404 and --api already ends in /api: the check appends /api/<call> itself, as the host does. */
export function apiPathHint(options, rows) {
  const answered = rows.filter((row) => typeof row.status === 'number');
  if (answered.length === 0 || answered.some((row) => row.status !== 404)) return [];
  const url = new URL(options.api);
  if (!/\/api\/?$/.test(url.pathname)) return [];
  const base = `${url.origin}${url.pathname.replace(/\/api\/?$/, '')}`;
  return [
    '',
    `Every call answered 404. --api ends in /api, and the check appends /api/<call> to it (as the host appends it to`,
    `config.json's apiBase), so the calls went to ${options.api}/api/<call>.`,
    `Give the API's base instead: --api ${base}`,
  ];
}

/** When the API's certificate was refused: what to give Node for a private CA, or what else to fix. */
export function tlsHint(options, rows) {
  const refused = rows.find((row) => row.field === '(request)' && /^TLS: /.test(row.problem ?? ''));
  if (!refused) return [];
  const code = /\(([A-Z_]+):/.exec(refused.problem)?.[1];
  const host = new URL(options.api).host;
  if (code && UNTRUSTED_ISSUER.has(code)) {
    return [
      '',
      `Node refused ${host}'s certificate: ${CERTIFICATE_PROBLEMS[code]} (${code}).`,
      "When the API is served with a certificate of a private CA, give Node that CA's certificate (PEM) and run again:",
      `  NODE_EXTRA_CA_CERTS=/path/to/ca.pem npm run contract -- --api ${options.api} …(the other arguments as before)`,
      "Members' browsers must trust that CA too, or they cannot reach the API either.",
    ];
  }
  return [
    '',
    `Node refused ${host}'s certificate: ${code ? CERTIFICATE_PROBLEMS[code] : 'see the row above'}. Browsers would refuse it as well: fix the certificate on the server.`,
  ];
}

/** `(divisions: Must be "true" for this site)` from a 422 reply's `fields`, or nothing. */
function fieldsOf(reply) {
  const fields = reply?.fields;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return '';
  const named = Object.entries(fields).map(([field, reason]) => `${field}: ${reason}`);
  return named.length > 0 ? ` (${named.join('; ')})` : '';
}

/**
 * When checkPrefix or phoneLogin was refused and the site's divisions setting may be why: the option that fixes it.
 * The API answers checkPrefix for the other divisions value (a read-only GET) to tell which the site has.
 */
export async function divisionsHint(options, rows, prefixAccepted) {
  const checkPrefix = rows.find((row) => row.call === 'checkPrefix');
  const login = rows.find((row) => row.call === 'phoneLogin');
  const refused =
    (checkPrefix && !checkPrefix.pass && checkPrefix.field === 'status') ||
    (login && !login.pass && /divisions/i.test(login.problem ?? ''));
  if (!refused) return [];
  const other = options.divisions === 'true' ? 'false' : 'true';
  const what =
    'A site has divisions when its sites.json entry says "divisions": "true" (its members\' LINE contact is chosen by the ' +
    'prefix of their game user); the host then sends divisions=true with checkPrefix and phoneLogin, as --divisions does here.';
  if (await prefixAccepted(other)) {
    return [
      '',
      `The API accepts prefix ${options.prefix} with divisions=${other}, not with divisions=${options.divisions} as sent${options.divisions === 'false' ? ' (the default)' : ''}: ` +
        `${other === 'true' ? 'it is a site with divisions' : 'it is a site without divisions'}.`,
      what,
      `Run again with --divisions ${other}.`,
    ];
  }
  return [
    '',
    `checkPrefix refused prefix ${options.prefix} with divisions=${options.divisions}${options.divisions === 'false' ? ' (the default)' : ''}. Check the prefix; ` +
      `if the site has ${options.divisions === 'false' ? '' : 'no '}divisions, run again with --divisions ${other}.`,
    what,
  ];
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One withdrawal of `options.withdraw` baht under a fresh Idempotency-Key, and what the operator does with the key: the
 * same request at once (409 in_flight while it is processed, or its first result), again once answered (its first
 * result), with another amount (422 idempotency_mismatch); whether checkWithdraw, the history and MemberTrans name it;
 * whether a 429 met carries Retry-After. Each row: {check, result ('pass' | 'FAIL' | 'yes' | 'no' | 'not seen'), note}.
 * A FAIL is a money risk (a key booked twice, a repeat answered otherwise); a 'no' leaves members waiting (deploy.md).
 */
export async function checkWithdrawalKeys(options, { cipher, session, answers, calls, broadcastAuthPath }) {
  const rows = [];
  const add = (check, result, note = '') => rows.push({ check, result, note });
  const game = session.games.find((g) => (options.service ? g.service === options.service : true));
  if (!game) {
    add('withdrawal', 'FAIL', `the member has no ${options.service ?? ''} game user to withdraw from`.replace('  ', ' '));
    return rows;
  }
  const withdrawCall = game.service === 'GCLUB' ? 'gclubWithdraw' : 'ufaWithdraw';
  const key = `contract-${randomBytes(12).toString('hex')}`;
  const post = async (name, body, headers = {}) => {
    try {
      const response = await fetch(`${options.api}${calls[name].path}`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(Math.max(options.timeoutMs, 30_000)),
      });
      answers.push({ status: response.status, retryAfter: response.headers.get('retry-after') });
      const text = await response.text();
      let reply = null;
      try {
        reply = JSON.parse(cipher.decrypt(JSON.parse(text).data));
      } catch {
        reply = null;
      }
      return { status: response.status, reply };
    } catch (error) {
      return { status: null, reply: null, error: error.name === 'TimeoutError' ? 'no answer' : error.message };
    }
  };
  const body = { gameuser: game.game_user, amount: options.withdraw, token: session.token };
  const sameKey = { 'Idempotency-Key': key };
  const booked = (answer) => answer.status === 200 && answer.reply?.status === true;
  const said = (answer) =>
    answer.status === null
      ? answer.error
      : `HTTP ${answer.status}${answer.reply?.code ? ` ${answer.reply.code}` : ''}${answer.reply?.status === true ? ' booked' : ''}`;

  // Listening on the member's channel first, so the withdrawal's MemberTrans is not missed.
  const listening =
    options.eventWaitS > 0 && options.realtime && session.cid !== null
      ? memberTrans(options, session, game.game_user, broadcastAuthPath)
      : null;
  if (listening) await listening.subscribed;

  // The first request and, a moment after it, the same one again: it is still being processed, or already answered.
  const firstSent = post(withdrawCall, body, sameKey);
  await sleep(50);
  const during = await post(withdrawCall, body, sameKey);
  const first = await firstSent;
  if (!booked(first)) {
    add(
      'withdrawal',
      'FAIL',
      `the withdrawal was not booked (${said(first)}${first.reply?.message ? `: ${first.reply.message}` : ''}); use a test member with enough balance`,
    );
    return rows;
  }
  if (during.status === 409 && during.reply?.code === 'in_flight')
    add('a repeat while processing', 'pass', '409 in_flight: the member sees "still being processed"');
  else if (during.status === first.status && JSON.stringify(during.reply) === JSON.stringify(first.reply))
    add('a repeat while processing', 'pass', 'answered with the first result (it was already done)');
  else add('a repeat while processing', 'FAIL', `answered ${said(during)}: a repeat must get 409 in_flight or the first result`);

  const again = await post(withdrawCall, body, sameKey);
  if (again.status === first.status && JSON.stringify(again.reply) === JSON.stringify(first.reply))
    add('a repeat once answered', 'pass', 'the first result again, nothing booked twice');
  else add('a repeat once answered', 'FAIL', `answered ${said(again)}: a repeat must get the first result`);

  const other = await post(withdrawCall, { ...body, amount: options.withdraw + 1 }, sameKey);
  if (other.status === 422 && other.reply?.code === 'idempotency_mismatch')
    add('the key with another amount', 'pass', '422 idempotency_mismatch');
  else if (booked(other)) add('the key with another amount', 'FAIL', 'booked: a key must never book another withdrawal');
  else add('the key with another amount', 'pass', `refused (${said(other)}); 422 idempotency_mismatch is what the contract names`);

  const pending = await post('checkWithdraw', { game_user: game.game_user, prefix: options.prefix, token: session.token });
  if (pending.reply?.pending === true)
    add(
      'checkWithdraw names the pending key',
      pending.reply.key === key ? 'yes' : 'no',
      pending.reply.key === key ? 'exact' : "without it, a pending withdrawal may be another device's: members wait",
    );
  else add('checkWithdraw names the pending key', 'not seen', 'the withdrawal was no longer pending');

  const history = await post('history', { gameuser: game.game_user, token: session.token });
  const rowsOf = Array.isArray(history.reply?.history) ? history.reply.history : [];
  const mine = rowsOf.find((row) => row.key === key);
  if (mine) add('history rows carry the key', 'yes', 'exact: a lost reply is settled from the history');
  else if (rowsOf.some((row) => typeof row.key === 'string'))
    add('history rows carry the key', 'FAIL', "other rows carry keys, this withdrawal's row does not");
  else add('history rows carry the key', 'no', 'a lost reply waits for the withdraw call to answer its key again: members wait');

  if (listening) {
    const event = await listening.event;
    if (!event) add('MemberTrans carries the key', 'not seen', `no MemberTrans for ${game.game_user} within ${options.eventWaitS} s`);
    else
      add(
        'MemberTrans carries the key',
        event.key === key ? 'yes' : 'no',
        event.key === key ? 'exact' : 'without it, the page asks the server instead of settling at once',
      );
  } else {
    add('MemberTrans carries the key', 'not asked', 'run with --event-wait <s> and --config <config.json>');
  }

  const busy = answers.filter((answer) => answer.status === 429);
  if (busy.length === 0) add('429 carries Retry-After', 'not seen', 'no 429 was met');
  else
    add(
      '429 carries Retry-After',
      busy.every((answer) => answer.retryAfter) ? 'yes' : 'no',
      busy.every((answer) => answer.retryAfter) ? 'honoured before the next send' : 'without it, the page waits its own back-off',
    );
  return rows;
}

/**
 * The member's private channel over the Pusher protocol (Node's WebSocket): `subscribed` once joined (or given up),
 * `event` the first withdrawal MemberTrans of `gameuser` within --event-wait, or null.
 */
function memberTrans(options, session, gameuser, broadcastAuthPath) {
  const { pusher, broadcastAuthBase } = options.realtime;
  const tls = pusher.wsHost ? pusher.forceTLS === true : pusher.forceTLS !== false;
  const host = pusher.wsHost ?? `ws-${pusher.cluster}.pusher.com`;
  const port = tls ? (pusher.wssPort ?? 443) : (pusher.wsPort ?? 80);
  const channel = `private-member.${session.cid}`;
  let joined = () => undefined;
  const subscribed = new Promise((resolve) => {
    joined = resolve;
    setTimeout(resolve, 10_000).unref();
  });
  const event = new Promise((resolve) => {
    const socket = new WebSocket(
      `${tls ? 'wss' : 'ws'}://${host}:${port}${pusher.wsPath ?? ''}/app/${pusher.key}?protocol=7&client=js&version=8.6.0&flash=false`,
    );
    const done = (value) => {
      clearTimeout(timer);
      joined();
      socket.close();
      resolve(value);
    };
    const timer = setTimeout(() => done(null), options.eventWaitS * 1000);
    socket.addEventListener('error', () => done(null));
    socket.addEventListener('message', async (message) => {
      let frame;
      try {
        frame = JSON.parse(String(message.data));
      } catch {
        return;
      }
      const data = typeof frame.data === 'string' ? JSON.parse(frame.data) : frame.data;
      if (frame.event === 'pusher:connection_established') {
        const answer = await fetch(`${broadcastAuthBase.replace(/\/$/, '')}${broadcastAuthPath}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ socket_id: data.socket_id, channel_name: channel }),
        }).then(
          (response) => response.json(),
          () => null,
        );
        if (!answer?.auth) return done(null);
        socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: answer.auth } }));
      } else if (frame.event === 'pusher_internal:subscription_succeeded') {
        joined();
      } else if (frame.event === 'MemberTrans' && data?.type === 'withdraw' && data.gameuser === gameuser) {
        done(data);
      }
    });
  });
  return { subscribed, event };
}

export function formatBehaviour(rows) {
  const widths = [Math.max(...rows.map((row) => row.check.length)), Math.max(...rows.map((row) => row.result.length))];
  return rows.map((row) => `${row.check.padEnd(widths[0])}  ${row.result.padEnd(widths[1])}  ${row.note}`.trimEnd());
}

export function formatTable(rows) {
  const cells = rows.map((row) => [
    row.call,
    String(row.status),
    row.pass ? 'pass' : 'FAIL',
    row.pass ? '' : `${row.field}: ${row.problem}`,
  ]);
  const head = ['call', 'HTTP', 'result', 'field: problem'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) =>
    c
      .map((v, i) => (i === c.length - 1 ? v : v.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)];
}

async function main() {
  let options;
  try {
    options = parseContractArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`contract: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const { ok } = await runContractCheck(options);
  return ok ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      console.error(`contract: ${error.stack ?? error}`);
      process.exitCode = 1;
    },
  );
}
