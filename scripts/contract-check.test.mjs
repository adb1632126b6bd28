import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseContractArgs, UsageError, wireCipher } from './contract-check.mjs';

const workspace = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const script = path.join(workspace, 'scripts', 'contract-check.mjs');
const simDir = path.join(workspace, 'member-api-sim');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function run(args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

let sim;
let api;
let authBase;
let simPort;

before(async () => {
  const [port, authPort] = [await freePort(), await freePort()];
  api = `http://localhost:${port}`;
  authBase = `http://localhost:${authPort}`;
  simPort = port;
  // The simulator leads a process group of its own, so the whole group (tsx and its child) is stopped afterwards.
  sim = spawn(path.join(simDir, 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
    cwd: simDir,
    env: { ...process.env, SIM_PORT: String(port), SIM_AUTH_PORT: String(authPort), SIM_PUBLIC_BASE: api },
    detached: true,
    stdio: 'ignore',
  });
  const deadline = Date.now() + 15_000;
  for (;;) {
    const up = await fetch(`${api}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('the simulator did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

after(async () => {
  if (!sim || sim.exitCode !== null) return;
  const exited = new Promise((resolve) => sim.once('exit', resolve));
  process.kill(-sim.pid, 'SIGTERM');
  const timer = setTimeout(() => process.kill(-sim.pid, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
});

const member = () => ['--api', api, '--prefix', 'pre8', '--phone', '0812345678', '--password', 'demo1234'];

test('the cipher matches the wire test vector of the contract', () => {
  const cipher = wireCipher('MemberDemoKey-0123456789abcdefgh', 'MemberDemoIV0123');
  assert.equal(cipher.encrypt('{"status":true}'), 'yOdjeKZ5hsJ7BDOr+fh4AA==');
  assert.equal(cipher.decrypt('yOdjeKZ5hsJ7BDOr+fh4AA=='), '{"status":true}');
});

test('bad arguments are refused with a reason', () => {
  assert.throws(
    () => parseContractArgs(['--api', 'http://x']),
    (e) => e instanceof UsageError && /--prefix is required/.test(e.message),
  );
  assert.throws(() => parseContractArgs([...member(), '--key', 'short', '--iv', 'short']), /32 bytes/);
  assert.throws(() => parseContractArgs([...member(), '--key', 'k']), /--key and --iv go together/);
  assert.throws(() => parseContractArgs([...member(), '--bogus']), UsageError);
  assert.equal(parseContractArgs([...member()]).key, 'MemberDemoKey-0123456789abcdefgh');
});

test('bad arguments exit 2, --help exits 0', async () => {
  const bad = await run(['--api', 'not a url', '--prefix', 'pre8', '--phone', '0812345678', '--password', 'x']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--api is not a URL/);
  const help = await run(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /--writes/);
});

test('a seeded member passes every call, the writes included, and the member is left as it was', async () => {
  const before = await (await fetch(`${api}/__sim/provider-state`)).json();
  const { code, stdout } = await run([...member(), '--writes']);
  assert.equal(code, 0, stdout);
  for (const call of [
    'checkPrefix',
    'phoneLogin',
    'getProfile',
    'verify',
    'gclubData',
    'gclubCredit',
    'ufaCredit',
    'history',
    'gclubGame',
    'switchMain (restore)',
  ]) {
    assert.match(stdout, new RegExp(`^${call.replace(/[()]/g, '\\$&')}\\S*( \\S+)?\\s+200\\s+pass`, 'm'), `${call} in\n${stdout}`);
  }
  assert.doesNotMatch(stdout, /FAIL/);
  const afterState = await (await fetch(`${api}/__sim/provider-state`)).json();
  // The seeded member's two game users (README), as the table names them.
  const mains = (state) => state.accounts.filter((a) => ['pre8g1001', 'pre8u1001'].includes(a.gameuser)).map((a) => [a.gameuser, a.main]);
  assert.equal(mains(before).length, 2);
  assert.deepEqual(mains(afterState), mains(before));
});

test('a site with divisions (ufkk) checked without --divisions: the failure names the option and what it is; with it, every call passes', async () => {
  const ufkk = ['--api', api, '--prefix', 'ufkk', '--phone', '0812345678', '--password', 'demo1234'];
  const refused = await run(ufkk);
  assert.equal(refused.code, 1, refused.stdout);
  assert.match(refused.stdout, /^checkPrefix\s+200\s+FAIL\s+status: is false$/m);
  // The API's 422 names the field it refused.
  assert.match(refused.stdout, /^phoneLogin\s+422\s+FAIL\s+\(status\): HTTP 422: .*\(divisions: [^)]+\)$/m);
  assert.match(
    refused.stdout,
    /The API accepts prefix ufkk with divisions=true, not with divisions=false as sent \(the default\): it is a site with divisions\./,
  );
  assert.match(refused.stdout, /"divisions": "true" .*LINE contact is chosen by the prefix of their game user/);
  assert.match(refused.stdout, /^Run again with --divisions true\.$/m);

  const passed = await run([...ufkk, '--divisions', 'true']);
  assert.equal(passed.code, 0, passed.stdout);
  assert.doesNotMatch(passed.stdout, /--divisions/);
  // The other way round: a site without divisions checked with --divisions true is told to drop it.
  const wrongWay = await run([...member(), '--divisions', 'true']);
  assert.equal(wrongWay.code, 1);
  assert.match(wrongWay.stdout, /^Run again with --divisions false\.$/m);
});

test('a reply of the wrong shape fails, naming the call and the field', async () => {
  const installed = await fetch(`${api}/__sim/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ route: 'history', body: 'shape', reply: { status: true, history: 'x' } }),
  });
  assert.equal(installed.status, 200);
  const { code, stdout } = await run(member());
  assert.equal(code, 1, stdout);
  assert.match(stdout, /^history \S+\s+200\s+FAIL\s+history: must be an array$/m);
  assert.match(stdout, /1 of \d+ calls failed/);
});

/** A config.json for the simulator on this test's ports: its crypto, its socket and its channel authorisation. */
function simConfig() {
  const demo = JSON.parse(readFileSync(path.join(workspace, 'host', 'public', 'config.json'), 'utf8'));
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'contract-')), 'config.json');
  writeFileSync(file, JSON.stringify({ ...demo, apiBase: api, broadcastAuthBase: authBase, pusher: { ...demo.pusher, wsPort: simPort } }));
  return file;
}

const operator = (settings) =>
  fetch(`${api}/__sim/operator`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(settings) });

test("--withdraw asks what the operator does with a withdrawal's key: a careful one passes and names it everywhere", async () => {
  await fetch(`${api}/__sim/reset`, { method: 'POST' });
  const { code, stdout } = await run([...member(), '--config', simConfig(), '--withdraw', '100', '--service', 'UFA', '--event-wait', '5']);
  assert.equal(code, 0, stdout);
  assert.match(stdout, /^What the operator does with a withdrawal's Idempotency-Key:$/m);
  assert.match(stdout, /^a repeat while processing\s+pass\s/m);
  assert.match(stdout, /^a repeat once answered\s+pass\s/m);
  assert.match(stdout, /^the key with another amount\s+pass\s+422 idempotency_mismatch$/m);
  assert.match(stdout, /^checkWithdraw names the pending key\s+yes\s/m);
  assert.match(stdout, /^history rows carry the key\s+yes\s/m);
  assert.match(stdout, /^MemberTrans carries the key\s+yes\s/m);
  const ledger = await (await fetch(`${api}/__sim/ledger?prefix=pre8&phone=0812345678`)).json();
  assert.equal(ledger.entries.filter((e) => e.type === 'withdraw').length, 1);
});

test('--withdraw against an operator that names no key: the rows say members wait, and a slow bank is answered 409 in flight', async () => {
  await fetch(`${api}/__sim/reset`, { method: 'POST' });
  await operator({ historyKeys: false, eventKeys: false, pendingKeys: false });
  await fetch(`${api}/__sim/withdraw/hold`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ms: 500 }),
  });
  const { code, stdout } = await run([...member(), '--config', simConfig(), '--withdraw', '100', '--event-wait', '5']);
  assert.equal(code, 0, stdout);
  assert.match(stdout, /^a repeat while processing\s+pass\s+409 in_flight/m);
  assert.match(stdout, /^checkWithdraw names the pending key\s+no\s+.*members wait$/m);
  assert.match(stdout, /^history rows carry the key\s+no\s+.*members wait$/m);
  assert.match(stdout, /^MemberTrans carries the key\s+no\s/m);
  await operator({ historyKeys: true, eventKeys: true, pendingKeys: true });
});

test('--withdraw goes with a member who can withdraw; its options are checked', async () => {
  assert.throws(() => parseContractArgs([...member(), '--withdraw', '0']), /--withdraw is a positive amount/);
  assert.throws(() => parseContractArgs([...member(), '--event-wait', '5']), /go with --withdraw/);
  assert.throws(() => parseContractArgs([...member(), '--withdraw', '100', '--service', 'X']), /GCLUB or UFA/);
  await fetch(`${api}/__sim/reset`, { method: 'POST' });
  const { code, stdout } = await run([...member(), '--withdraw', '99999999']);
  assert.equal(code, 1, stdout);
  assert.match(stdout, /^withdrawal\s+FAIL\s+the withdrawal was not booked/m);
});

test('an --api that already ends in /api: every call is a 404, and the check says it appends /api/<call> itself', async () => {
  const { code, stdout } = await run(['--api', `${api}/api`, '--prefix', 'pre8', '--phone', '0812345678', '--password', 'demo1234']);
  assert.equal(code, 1, stdout);
  assert.match(stdout, /^checkPrefix\s+404\s+FAIL/m);
  assert.match(stdout, /--api ends in \/api, and the check appends \/api\/<call> to it/);
  assert.match(stdout, new RegExp(`^Give the API's base instead: --api ${api.replace(/[.]/g, '\\.')}$`, 'm'));
});

test('a certificate of a private CA: the row says why TLS failed, the hint names NODE_EXTRA_CA_CERTS, and with it the calls get through', async (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'contract-tls-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { encoding: 'utf8' },
  );
  assert.equal(made.status, 0, made.stderr);
  // An API over TLS with that certificate, answering 404 to every call: what matters here is whether Node reaches it.
  const server = https.createServer(
    { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) },
    (req, res) => {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not here');
    },
  );
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const args = [
    '--api',
    `https://localhost:${server.address().port}`,
    '--prefix',
    'pre8',
    '--phone',
    '0812345678',
    '--password',
    'demo1234',
  ];
  const { NODE_EXTRA_CA_CERTS: _unset, ...env } = process.env;
  const refused = await run(args, env);
  assert.equal(refused.code, 1, refused.stdout);
  assert.match(
    refused.stdout,
    /^checkPrefix\s+-\s+FAIL\s+\(request\): TLS: the certificate is self-signed \(DEPTH_ZERO_SELF_SIGNED_CERT: /m,
  );
  assert.match(refused.stdout, /^ {2}NODE_EXTRA_CA_CERTS=\/path\/to\/ca\.pem npm run contract -- --api https:\/\/localhost:\d+ /m);
  const trusted = await run(args, { ...env, NODE_EXTRA_CA_CERTS: path.join(dir, 'cert.pem') });
  assert.match(trusted.stdout, /^checkPrefix\s+404\s+FAIL/m);
  assert.doesNotMatch(trusted.stdout, /TLS|NODE_EXTRA_CA_CERTS/);
});
