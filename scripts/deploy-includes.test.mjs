import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentSecurityPolicy } from './csp.mjs';
import zlib from 'node:zlib';
import { brotliInclude, nginxString, parseArgs, policyInclude, writeIncludes } from '../deploy/write-nginx-includes.mjs';

const workspace = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SCRIPT = path.join(workspace, 'deploy', 'write-nginx-includes.mjs');
const operatorConfig = {
  apiBase: 'https://api.operator.example',
  broadcastAuthBase: 'https://auth.operator.example',
  pusher: { key: 'k', cluster: 'ap1', wsHost: 'ws.operator.example', wssPort: 443, forceTLS: true },
  crypto: { key: 'x'.repeat(32), iv: 'y'.repeat(16) },
  remotes: {
    default: 'https://default.themes.example/mf-manifest.json',
    PRE8: 'https://pre8.themes.example/mf-manifest.json',
    OSAKA39: 'https://osaka39.themes.example/mf-manifest.json',
  },
  allowedOrigins: ['https://promo.operator.example'],
  rootRedirect: '/login',
};
const operatorSites = { sites: [{ key: 'pre8', promoLink: 'https://promo.operator.example/pre8' }] };
const indexHtml = '<!doctype html><script defer src="/static/js/index.1234abcd.js"></script>';

let dir;
before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'deploy-includes-test-'));
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify(operatorConfig));
  writeFileSync(path.join(dir, 'sites.json'), JSON.stringify(operatorSites));
  writeFileSync(path.join(dir, 'index.html'), indexHtml);
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('nginx strings: quotes and backslashes escaped; "$" and line breaks refused', () => {
  assert.equal(nginxString("default-src 'self'"), `"default-src 'self'"`);
  assert.equal(nginxString('a"b\\c'), '"a\\"b\\\\c"');
  assert.throws(() => nginxString('a$b'), /"\$"/);
  assert.throws(() => nginxString('a\nb'), /line break/);
});

test('member-policy.conf maps HTML to the policy and the host origins to CORS', () => {
  const text = policyInclude({ policy: "default-src 'self'", hostOrigins: ['https://members.example.com', 'https://www.members.example.com'] });
  assert.match(text, /map \$sent_http_content_type \$member_csp \{\n {4}default "";\n {4}~\^text\/html "default-src 'self'";\n\}/);
  assert.match(text, /map \$http_origin \$member_cors_origin \{\n {4}default "";\n {4}"https:\/\/members\.example\.com" \$http_origin;\n {4}"https:\/\/www\.members\.example\.com" \$http_origin;\n\}/);
  assert.throws(() => policyInclude({ policy: 'x', hostOrigins: [] }), /--host-origin/);
});

test('member-brotli.conf turns brotli_static on only when asked', () => {
  assert.match(brotliInclude(true), /^brotli_static on;$/m);
  assert.doesNotMatch(brotliInclude(false), /^brotli_static/m);
});

test("writes both files from the host folder's config.json, sites.json and index.html", () => {
  const out = mkdtempSync(path.join(dir, 'out-'));
  const result = writeIncludes(parseArgs([`--root=${dir}`, '--host-origin=https://members.example.com', `--out=${out}`, '--no-brotli', '--img-origin=https://img.provider.example']));
  const expected = contentSecurityPolicy(operatorConfig, { sites: operatorSites.sites, indexHtml, imageOrigins: ['https://img.provider.example'] });
  assert.equal(result.policy, expected);
  assert.match(expected, /connect-src 'self' https:\/\/api\.operator\.example https:\/\/auth\.operator\.example wss:\/\/ws\.operator\.example /);
  assert.match(expected, /frame-src https:\/\/promo\.operator\.example;/);
  assert.match(expected, /img-src [^;]*https:\/\/img\.provider\.example/);
  const policy = readFileSync(path.join(out, 'member-policy.conf'), 'utf8');
  assert.ok(policy.includes(`~^text/html ${nginxString(expected)};`));
  assert.ok(policy.includes('"https://members.example.com" $http_origin;'));
  assert.doesNotMatch(readFileSync(path.join(out, 'member-brotli.conf'), 'utf8'), /^brotli_static/m);
  // Nothing but the two files: no temporary file is left behind.
  assert.deepEqual(readdirSync(out).sort(), ['member-brotli.conf', 'member-policy.conf']);
});

test('the command line: a clear error and exit code 1 for a missing config or a bad origin', () => {
  const missing = spawnSync(process.execPath, [SCRIPT, `--root=${path.join(dir, 'nowhere')}`, '--host-origin=https://members.example.com'], { encoding: 'utf8' });
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /cannot read config\.json at .*nowhere/);
  const bad = spawnSync(process.execPath, [SCRIPT, `--root=${dir}`, '--host-origin=members.example.com'], { encoding: 'utf8' });
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /not an origin/);
  const none = spawnSync(process.execPath, [SCRIPT, `--root=${dir}`, `--out=${dir}`], { encoding: 'utf8' });
  assert.equal(none.status, 1);
  assert.match(none.stderr, /--host-origin/);
  assert.throws(() => parseArgs(['--nope']), /unknown argument --nope/);
});

test("refuses a compressed copy of config.json left from the build: nginx would send it instead of the operator's", () => {
  const root = mkdtempSync(path.join(dir, 'stale-'));
  for (const name of ['config.json', 'sites.json', 'index.html']) writeFileSync(path.join(root, name), readFileSync(path.join(dir, name)));
  writeFileSync(path.join(root, 'config.json.gz'), zlib.gzipSync('{"apiBase":"http://localhost:3100"}'));
  const args = [`--root=${root}`, '--host-origin=https://members.example.com', `--out=${root}`];
  assert.throws(() => writeIncludes(parseArgs(args)), /config\.json\.gz no longer matches .*delete it/);
  // A copy of the current file is fine.
  writeFileSync(path.join(root, 'config.json.gz'), zlib.gzipSync(readFileSync(path.join(root, 'config.json'))));
  writeFileSync(path.join(root, 'sites.json.br'), zlib.brotliCompressSync(readFileSync(path.join(root, 'sites.json'))));
  assert.ok(writeIncludes(parseArgs(args)).policy.startsWith("default-src 'self'"));
});
