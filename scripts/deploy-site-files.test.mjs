// deploy/write-site-files.mjs, through write-nginx-includes.mjs --site-files: each name's nginx server file, filled in
// from the include script's own arguments and config.json, so an operator edits none of them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingCertificates, siteFiles } from '../deploy/write-site-files.mjs';

const workspace = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SCRIPT = path.join(workspace, 'deploy', 'write-nginx-includes.mjs');
const KEY = 'MCowBQYDK2VwAyEASUCK0GuFmd4mL31SIL5K1DFwU/pEUBNuGkVtSU7j0Cs=';
const remotes = {
  default: 'https://default.themes.example.com/mf-manifest.json',
  PRE8: 'https://pre8.themes.example.com/mf-manifest.json',
  OSAKA39: 'https://osaka39.themes.example.com/mf-manifest.json',
};
const operatorConfig = {
  apiBase: 'https://members.example.com',
  broadcastAuthBase: 'https://members.example.com',
  pusher: { key: 'k', cluster: 'ap1', forceTLS: true },
  crypto: { key: 'x'.repeat(32), iv: 'y'.repeat(16) },
  remotes,
  remoteKeys: { default: [KEY], PRE8: [KEY], OSAKA39: [KEY] },
  allowedOrigins: ['https://promo.operator.example'],
  rootRedirect: '/login',
};

let dir;
before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'deploy-site-files-'));
  const host = path.join(dir, 'srv', 'member', 'host');
  mkdirSync(host, { recursive: true });
  writeFileSync(path.join(host, 'config.json'), JSON.stringify(operatorConfig));
  writeFileSync(path.join(host, 'sites.json'), readFileSync(path.join(workspace, 'sites.json')));
  writeFileSync(path.join(host, 'index.html'), '<!doctype html><script defer src="/static/js/index.1234abcd.js"></script>');
});
after(() => rmSync(dir, { recursive: true, force: true }));

test("one file per name: the host's from --host-origin, each remote's from config.json, with TLS, certificates and folders filled in", () => {
  const { files, skipped } = siteFiles({ hostOrigins: ['https://members.example.com'], remotes, root: '/srv/member/host' });
  assert.deepEqual(Object.keys(files), [
    'member-site-members.example.com.conf',
    'member-site-default.themes.example.com.conf',
    'member-site-pre8.themes.example.com.conf',
    'member-site-osaka39.themes.example.com.conf',
  ]);
  assert.deepEqual(skipped, []);
  const host = files['member-site-members.example.com.conf'];
  // What the example file tells an operator to fill in, filled in.
  assert.match(host, /^include member\/member-http\.conf;\ninclude member\/member-policy\.conf;$/m);
  assert.match(
    host,
    /server \{\n {4}listen 80;\n {4}listen \[::\]:80;\n {4}server_name members\.example\.com;\n\n {4}location \/\.well-known\/acme-challenge\/ \{\n {8}root \/var\/www\/html;\n {4}\}\n {4}location \/ \{\n {8}return 301 https:\/\/\$host\$request_uri;\n {4}\}\n\}/,
  );
  assert.match(host, /^ {4}listen 443 ssl http2;\n {4}listen \[::\]:443 ssl http2;\n {4}server_name members\.example\.com;$/m);
  assert.match(
    host,
    /^ {4}ssl_certificate {5}\/etc\/letsencrypt\/live\/members\.example\.com\/fullchain\.pem;\n {4}ssl_certificate_key \/etc\/letsencrypt\/live\/members\.example\.com\/privkey\.pem;\n {4}include member\/member-tls\.conf;$/m,
  );
  assert.match(host, /^ {4}root \/srv\/member\/host;\n\n {4}include member\/member-host\.conf;\n\}$/m);
  const pre8 = files['member-site-pre8.themes.example.com.conf'];
  assert.match(pre8, /^ {4}server_name pre8\.themes\.example\.com;$/m);
  assert.match(pre8, /^ {4}root \/srv\/member\/remote-pre8;\n\n {4}include member\/member-remote\.conf;$/m);
  assert.match(files['member-site-osaka39.themes.example.com.conf'], /root \/srv\/member\/remote-osaka39;/);
  // The http-level includes once, in the host's file only.
  assert.doesNotMatch(pre8, /member-http\.conf|member-policy\.conf/);
  assert.doesNotMatch(Object.values(files).join('\n'), /\.example\.conf|adjust server_name/);
});

test("plain http names get one server on their port; a remote on the host's origin or under a path gets none, and says why", () => {
  const { files, skipped } = siteFiles({
    hostOrigins: ['http://members.internal', 'http://members.internal:8080'],
    remotes: {
      default: 'http://members.internal/themes/default/mf-manifest.json',
      PRE8: 'https://cdn.example.com/pre8/mf-manifest.json',
      OSAKA39: 'http://osaka39.internal:8003/mf-manifest.json',
    },
    root: '/srv/member/host',
    remoteRoots: { OSAKA39: '/data/osaka39' },
  });
  assert.deepEqual(Object.keys(files), [
    'member-site-members.internal.conf',
    'member-site-members.internal-8080.conf',
    'member-site-osaka39.internal-8003.conf',
  ]);
  assert.doesNotMatch(files['member-site-members.internal.conf'], /ssl|return 301/);
  assert.match(files['member-site-members.internal-8080.conf'], /^ {4}listen 8080;$/m);
  assert.doesNotMatch(files['member-site-members.internal-8080.conf'], /member-http\.conf/);
  assert.match(files['member-site-osaka39.internal-8003.conf'], /listen 8003;[^]*root \/data\/osaka39;/);
  assert.deepEqual(skipped, [
    "theme default: served under the host's origin (http://members.internal), by the host's server",
    "theme PRE8: https://cdn.example.com/pre8/mf-manifest.json is under a path of https://cdn.example.com; write that server's location for it by hand",
  ]);
  assert.throws(() => siteFiles({ hostOrigins: [], remotes, root: '/srv/member/host' }), /at least one --host-origin/);
  assert.throws(
    () => siteFiles({ hostOrigins: ['https://members.example.com'], remotes, root: '/srv/my member/host' }),
    /cannot take unquoted/,
  );
});

test('the certificates the files name are reported until they are there', () => {
  const certs = path.join(dir, 'live');
  const { files } = siteFiles({ hostOrigins: ['https://members.example.com'], remotes: {}, root: '/srv/member/host', certDir: certs });
  assert.deepEqual(missingCertificates(files), [
    path.join(certs, 'members.example.com', 'fullchain.pem'),
    path.join(certs, 'members.example.com', 'privkey.pem'),
  ]);
  mkdirSync(path.join(certs, 'members.example.com'), { recursive: true });
  for (const name of ['fullchain.pem', 'privkey.pem']) writeFileSync(path.join(certs, 'members.example.com', name), '');
  assert.deepEqual(missingCertificates(files), []);
});

test('the include script writes them with --site-files, beside its includes, and says which certificates are missing', () => {
  const out = path.join(dir, 'member');
  const sites = path.join(dir, 'sites-available');
  mkdirSync(out);
  const run = spawnSync(
    process.execPath,
    [
      SCRIPT,
      `--root=${path.join(dir, 'srv', 'member', 'host')}`,
      '--host-origin=https://members.example.com',
      '--api-upstream=https://api.operator.example',
      `--out=${out}`,
      `--site-files=${sites}`,
      `--cert-dir=${path.join(dir, 'certs')}`,
      '--remote-root=PRE8=/srv/themes/pre8',
      ...Object.keys(remotes).map((theme) => `--remote-manifest=${theme}=${path.join(workspace, 'shared-core', 'package.json')}`),
    ],
    { encoding: 'utf8' },
  );
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(readdirSync(sites).sort(), [
    'member-site-default.themes.example.com.conf',
    'member-site-members.example.com.conf',
    'member-site-osaka39.themes.example.com.conf',
    'member-site-pre8.themes.example.com.conf',
  ]);
  assert.match(
    readFileSync(path.join(sites, 'member-site-members.example.com.conf'), 'utf8'),
    new RegExp(`root ${path.join(dir, 'srv', 'member', 'host').replace(/[.]/g, '\\.')};`),
  );
  assert.match(readFileSync(path.join(sites, 'member-site-pre8.themes.example.com.conf'), 'utf8'), /root \/srv\/themes\/pre8;/);
  assert.match(
    readFileSync(path.join(sites, 'member-site-default.themes.example.com.conf'), 'utf8'),
    new RegExp(`root ${path.join(dir, 'srv', 'member', 'remote-default').replace(/[.]/g, '\\.')};`),
  );
  assert.match(run.stdout, /^site files: .*member-site-members\.example\.com\.conf/m);
  assert.match(run.stderr, /site files: .*certs\/members\.example\.com\/fullchain\.pem is not there yet/);
  const refused = spawnSync(
    process.execPath,
    [SCRIPT, `--root=${path.join(dir, 'srv', 'member', 'host')}`, '--host-origin=https://members.example.com', '--cert-dir=/x'],
    { encoding: 'utf8' },
  );
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /--cert-dir and --remote-root go with --site-files/);
});
