import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSP_NONCE_PLACEHOLDER, PERMISSIONS_POLICY, contentSecurityPolicy } from './csp.mjs';
import { drawnInclude, parseRemoteUpstream, remotesInclude } from '../deploy/drawn-includes.mjs';
import zlib from 'node:zlib';
import {
  apiInclude,
  apiUpstreamInclude,
  brandPolicy,
  brotliInclude,
  checkApiSetUp,
  cutAtSpaces,
  MAX_NGINX_VALUE,
  nginxString,
  parseArgs,
  parseUpstream,
  policyInclude,
  policyOfBrand,
  writeIncludes,
  writeSiteApps,
} from '../deploy/write-nginx-includes.mjs';

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
  remoteKeys: {
    default: ['MCowBQYDK2VwAyEASUCK0GuFmd4mL31SIL5K1DFwU/pEUBNuGkVtSU7j0Cs='],
    PRE8: ['MCowBQYDK2VwAyEASUCK0GuFmd4mL31SIL5K1DFwU/pEUBNuGkVtSU7j0Cs='],
    OSAKA39: ['MCowBQYDK2VwAyEASUCK0GuFmd4mL31SIL5K1DFwU/pEUBNuGkVtSU7j0Cs='],
  },
  allowedOrigins: ['https://promo.operator.example'],
  rootRedirect: '/login',
};
/** The workspace's brands, their promotion pages on the operator's promotion site. */
const operatorSites = {
  sites: JSON.parse(readFileSync(path.join(workspace, 'sites.json'), 'utf8')).sites.map((site) => ({
    ...site,
    promoLink: `https://promo.operator.example/${site.key}`,
  })),
};
const indexHtml = `<!doctype html><script nonce="${CSP_NONCE_PLACEHOLDER}">start()</script><script defer src="/static/js/index.1234abcd.js"></script>`;

/**
 * What nginx sends as $member_csp for a page of `brand` (null: none it can tell) and a request id: the maps of
 * member-policy.conf followed as nginx follows them, each value read as nginx reads a quoted string.
 */
function nginxPolicy(conf, brand, requestId) {
  const maps = new Map();
  for (const [, name, body] of conf.matchAll(/^map \$\S+ \$(\S+) \{\n([^]*?)\n\}/gm)) {
    const entries = new Map(
      [...body.matchAll(/^ {4}(\S+|"(?:[^"\\]|\\.)*") "((?:[^"\\]|\\.)*)";$/gm)].map(([, key, value]) => [
        key.replace(/^"|"$/g, ''),
        value.replace(/\\(.)/g, '$1'),
      ]),
    );
    maps.set(name, entries);
  }
  const expand = (value) =>
    value.replace(/\$([a-z_0-9]+)/g, (_, name) => {
      if (name === 'request_id') return requestId;
      const entries = maps.get(name);
      assert.ok(entries, `no map for $${name}`);
      return expand(entries.get(name.startsWith('member_csp_') && brand !== null && entries.has(brand) ? brand : 'default') ?? '');
    });
  return expand(maps.get('member_csp').get('~^text/html'));
}

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

test('member-policy.conf maps HTML to the policy and the Permissions-Policy, and the host origins to CORS', () => {
  const parts = brandPolicy(operatorConfig, { sites: operatorSites.sites });
  const text = policyInclude({ parts, hostOrigins: ['https://members.example.com', 'https://www.members.example.com'] });
  assert.match(
    text,
    /map \$member_page_type \$member_csp \{\n {4}default "";\n {4}~\^text\/html "\$member_csp_0_0\$member_csp_logos\$member_csp_1_0\$member_csp_frames\$member_csp_2_0";\n\}/,
  );
  assert.match(
    text,
    /map \$http_origin \$member_cors_origin \{\n {4}default "";\n {4}"https:\/\/members\.example\.com" \$http_origin;\n {4}"https:\/\/www\.members\.example\.com" \$http_origin;\n\}/,
  );
  // The Permissions-Policy the demo server sends too, with HTML only.
  assert.ok(
    text.includes(
      `map $member_page_type $member_permissions_policy {\n    default "";\n    ~^text/html ${nginxString(PERMISSIONS_POLICY)};\n}`,
    ),
  );
  assert.match(PERMISSIONS_POLICY, /(^|, )camera=\(\)(,|$)/);
  assert.throws(() => policyInclude({ parts, hostOrigins: [] }), /--host-origin/);
});

test("the policy nginx sends is the page's own: its brand's promotion and logo, the answer's nonce, the same as the demo server's", () => {
  const config = { ...operatorConfig, allowedOrigins: ['https://promo.operator.example', 'https://promo.pre8.example'] };
  const sites = operatorSites.sites.map((site) =>
    site.key === 'pre8' ? { ...site, promoLink: 'https://promo.pre8.example/p', logo: 'https://cdn.pre8.example/logo.svg' } : site,
  );
  const options = { sites, imageOrigins: ['https://img.provider.example'], selfOrigins: ['https://members.example.com'] };
  const conf = policyInclude({ parts: brandPolicy(config, options), hostOrigins: ['https://members.example.com'] });
  for (const brand of ['pre8', 'bkmc', null]) {
    const sent = nginxPolicy(conf, brand, 'abc123');
    assert.equal(sent, contentSecurityPolicy(config, { ...options, brand, nonce: 'abc123' }), String(brand));
    assert.equal(sent, policyOfBrand(brandPolicy(config, options), brand, 'abc123'));
  }
  assert.match(nginxPolicy(conf, 'pre8', 'n'), /frame-src https:\/\/promo\.pre8\.example;/);
  assert.match(nginxPolicy(conf, 'pre8', 'n'), /img-src [^;]*https:\/\/cdn\.pre8\.example/);
  assert.match(nginxPolicy(conf, 'bkmc', 'n'), /frame-src https:\/\/promo\.operator\.example;/);
  assert.doesNotMatch(nginxPolicy(conf, 'bkmc', 'n'), /cdn\.pre8/);
  assert.match(nginxPolicy(conf, null, 'n'), /frame-src 'none';/);
});

test('a policy of many origins is cut into values nginx reads (none over its limit), which put together are the policy', () => {
  const themes = Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [
      i === 0 ? 'default' : `Theme${i}`,
      `https://theme-number-${i}.themes-of-a-brand-team-with-a-long-name.example/mf-manifest.json`,
    ]),
  );
  const config = {
    ...operatorConfig,
    remotes: themes,
    allowedOrigins: Array.from({ length: 300 }, (_, i) => `https://promo${i}.brand${i}.example`),
  };
  const sites = Array.from({ length: 300 }, (_, i) => ({
    ...operatorSites.sites[0],
    key: `b${String(i).padStart(3, '0')}`,
    promoLink: `https://promo${i}.brand${i}.example/p`,
  }));
  const conf = policyInclude({ parts: brandPolicy(config, { sites }), hostOrigins: ['https://members.example.com'] });
  const quoted = [...conf.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map(([, value]) => value.length);
  assert.ok(Math.max(...quoted) <= MAX_NGINX_VALUE, `a value of ${Math.max(...quoted)} characters`);
  assert.ok(conf.includes('$member_csp_0_1'), 'the shared part is cut');
  for (const brand of ['b000', 'b299', null])
    assert.equal(nginxPolicy(conf, brand, 'r'), contentSecurityPolicy(config, { sites, brand, nonce: 'r' }));
  // A page carries its own brand's promotion only: 300 brands make no page's policy longer.
  assert.match(nginxPolicy(conf, 'b299', 'r'), /frame-src https:\/\/promo299\.brand299\.example;/);
  assert.equal(nginxPolicy(conf, 'b299', 'r').length, nginxPolicy(conf, 'b000', 'r').length + 4);
  assert.deepEqual(cutAtSpaces('aa bb cc dd', 5), ['aa bb', ' cc', ' dd']);
});

test('member-brotli.conf turns brotli_static on only when asked', () => {
  assert.match(brotliInclude(true), /^brotli_static on;$/m);
  assert.doesNotMatch(brotliInclude(false), /^brotli_static/m);
});

test("writes the include files from the host folder's config.json and sites.json; nothing of the build's page", async () => {
  const out = mkdtempSync(path.join(dir, 'out-'));
  // An earlier run's drawn pages: a run that draws none leaves none (drawn from builds no longer served).
  mkdirSync(path.join(dir, 'drawn', 'pre8', 'th'), { recursive: true });
  writeFileSync(path.join(dir, 'drawn', 'pre8', 'th', 'login.html'), '<html data-drawn-page="login">');
  const result = await writeIncludes(
    parseArgs([
      `--root=${dir}`,
      '--host-origin=https://members.example.com',
      `--out=${out}`,
      '--no-brotli',
      '--img-origin=https://img.provider.example',
      '--no-drawn',
    ]),
  );
  assert.equal(existsSync(path.join(dir, 'drawn')), false);
  const expected = contentSecurityPolicy(operatorConfig, {
    sites: operatorSites.sites,
    brand: null,
    nonce: '$request_id',
    imageOrigins: ['https://img.provider.example'],
  });
  assert.equal(result.policy, expected);
  assert.match(
    expected,
    /connect-src 'self' https:\/\/api\.operator\.example https:\/\/auth\.operator\.example wss:\/\/ws\.operator\.example /,
  );
  assert.match(expected, /img-src [^;]*https:\/\/img\.provider\.example/);
  const policy = readFileSync(path.join(out, 'member-policy.conf'), 'utf8');
  assert.match(nginxPolicy(policy, 'pre8', 'n1'), /frame-src https:\/\/promo\.operator\.example;/);
  assert.equal(nginxPolicy(policy, null, 'n1'), expected.replaceAll('$request_id', 'n1'));
  // The page's own build is not in it: another build of the host runs under the same include.
  writeFileSync(path.join(dir, 'index.html'), indexHtml.replace('1234abcd', '5678efab'));
  const again = mkdtempSync(path.join(dir, 'out-'));
  await writeIncludes(
    parseArgs([
      `--root=${dir}`,
      '--host-origin=https://members.example.com',
      `--out=${again}`,
      '--no-brotli',
      '--img-origin=https://img.provider.example',
      '--no-drawn',
    ]),
  );
  assert.equal(readFileSync(path.join(again, 'member-policy.conf'), 'utf8'), policy);
  writeFileSync(path.join(dir, 'index.html'), indexHtml);
  assert.ok(policy.includes('"https://members.example.com" $http_origin;'));
  assert.doesNotMatch(readFileSync(path.join(out, 'member-brotli.conf'), 'utf8'), /^brotli_static/m);
  // Without --api-upstream nothing is proxied: the two API files say so and hold no directive.
  for (const name of ['member-api.conf', 'member-api-upstream.conf']) {
    const text = readFileSync(path.join(out, name), 'utf8');
    assert.match(text, /No --api-upstream/, name);
    assert.deepEqual(
      text.split('\n').filter((line) => line && !line.startsWith('#')),
      [],
      name,
    );
  }
  // Nothing but the six files: no temporary file is left behind.
  assert.deepEqual(readdirSync(out).sort(), [
    'member-api-upstream.conf',
    'member-api.conf',
    'member-brotli.conf',
    'member-drawn.conf',
    'member-policy.conf',
    'member-remotes.conf',
  ]);
});

test('the command line: a clear error and exit code 1 for a missing config or a bad origin', () => {
  const missing = spawnSync(
    process.execPath,
    [SCRIPT, `--root=${path.join(dir, 'nowhere')}`, '--host-origin=https://members.example.com'],
    { encoding: 'utf8' },
  );
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /cannot read config\.json at .*nowhere/);
  const bad = spawnSync(process.execPath, [SCRIPT, `--root=${dir}`, '--host-origin=members.example.com'], { encoding: 'utf8' });
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /not an origin/);
  const none = spawnSync(process.execPath, [SCRIPT, `--root=${dir}`, `--out=${dir}`], { encoding: 'utf8' });
  assert.equal(none.status, 1);
  assert.match(none.stderr, /--host-origin/);
  assert.throws(() => parseArgs(['--nope']), /Unknown option '--nope'[^]*usage: node deploy\/write-nginx-includes\.mjs/);
});

test('the command line: every flag, repeated origins, the last of --brotli and --no-brotli; anything else refused', () => {
  const options = parseArgs([
    '--root=/srv/host',
    '--config=/c.json',
    '--sites=/s.json',
    '--out=/out',
    '--host-origin=https://a.example, https://b.example',
    '--host-origin',
    'https://c.example',
    '--img-origin=https://img.example',
    '--api-upstream=https://api.operator.example',
    '--broadcast-auth-upstream=https://auth.operator.example',
    '--upstream-ca=/ca.crt',
    '--brotli',
    '--no-brotli',
    '--remote-manifest=PRE8=/themes/pre8/mf-manifest.json',
    '--remote-manifest',
    'default=/d=1.json',
  ]);
  assert.deepEqual(options.remoteManifests, { PRE8: '/themes/pre8/mf-manifest.json', default: '/d=1.json' });
  assert.deepEqual(options.hostOrigins, ['https://a.example', 'https://b.example', 'https://c.example']);
  assert.deepEqual(options.imageOrigins, ['https://img.example']);
  assert.deepEqual(
    [options.root, options.config, options.sites, options.out, options.upstreamCa],
    ['/srv/host', '/c.json', '/s.json', '/out', '/ca.crt'],
  );
  assert.equal(options.apiUpstream.server, 'api.operator.example:443');
  assert.equal(options.authUpstream.server, 'auth.operator.example:443');
  assert.equal(options.brotli, false);
  assert.equal(parseArgs(['--root=/r', '--no-brotli', '--brotli']).brotli, true);
  assert.deepEqual(parseArgs(['--root=/r']), {
    hostOrigins: [],
    imageOrigins: [],
    brotli: undefined,
    out: '.',
    root: '/r',
    remoteManifests: {},
    remoteReleases: {},
    remoteUpstreams: [],
    drawn: true,
  });
  const drawing = parseArgs([
    '--root=/r',
    '--remote-release=PRE8=/releases/pre8',
    '--remote-upstream=PRE8=https://pre8.themes.example',
    '--drawing=/d.cjs',
    '--no-drawn',
  ]);
  assert.deepEqual(
    [drawing.remoteReleases, drawing.remoteUpstreams.map((u) => [u.theme, u.url]), drawing.drawing, drawing.drawn],
    [{ PRE8: '/releases/pre8' }, [['PRE8', 'https://pre8.themes.example/']], '/d.cjs', false],
  );
  assert.throws(() => parseArgs(['--root=/r', '--remote-release=PRE8']), /give THEME=DIR/);
  assert.throws(() => parseArgs(['--root=/r', '--remote-manifest=PRE8']), /give THEME=FILE/);
  assert.equal(parseArgs(['--config=/c.json', '--sites=/s.json']).root, undefined);
  assert.throws(() => parseArgs(['--root=/r', '--index=/i.html']), /Unknown option '--index'/);
  assert.throws(() => parseArgs(['--config=/c.json']), /--root is needed/);
  assert.throws(() => parseArgs(['--root=']), /--root needs a value/);
  assert.throws(() => parseArgs(['--root=/r', '--host-origin=']), /--host-origin needs a value/);
  assert.throws(() => parseArgs(['--root=/r', '--brotli=yes']), /'--brotli' does not take an argument/);
  assert.throws(() => parseArgs(['--root=/r', 'extra']), /Unexpected argument 'extra'/);
  assert.throws(() => parseArgs(['--root']), /'--root <value>' argument missing/);
});

test("refuses a compressed copy of config.json left from the build: nginx would send it instead of the operator's", async () => {
  const root = mkdtempSync(path.join(dir, 'stale-'));
  for (const name of ['config.json', 'sites.json', 'index.html']) writeFileSync(path.join(root, name), readFileSync(path.join(dir, name)));
  writeFileSync(path.join(root, 'config.json.gz'), zlib.gzipSync('{"apiBase":"http://localhost:3100"}'));
  const args = [`--root=${root}`, '--host-origin=https://members.example.com', `--out=${root}`];
  await assert.rejects(() => writeIncludes(parseArgs(args)), /config\.json\.gz no longer matches .*delete it/);
  // A copy of the current file is fine.
  writeFileSync(path.join(root, 'config.json.gz'), zlib.gzipSync(readFileSync(path.join(root, 'config.json'))));
  writeFileSync(path.join(root, 'sites.json.br'), zlib.brotliCompressSync(readFileSync(path.join(root, 'sites.json'))));
  assert.ok((await writeIncludes(parseArgs(args))).policy.startsWith("default-src 'self'"));
  // A compressed copy of the page: nginx would send it without its nonce, and no script of the page would run.
  writeFileSync(path.join(root, 'index.html.br'), zlib.brotliCompressSync(readFileSync(path.join(root, 'index.html'))));
  await assert.rejects(
    () => writeIncludes(parseArgs(args)),
    /index\.html\.br: nginx would send this copy of the page instead of the page, without its nonce/,
  );
});

test('an upstream: http or https, a path the API lives under, a name nginx can take', () => {
  assert.deepEqual(parseUpstream('https://api.operator.example', '--api-upstream'), {
    url: 'https://api.operator.example',
    origin: 'https://api.operator.example',
    https: true,
    server: 'api.operator.example:443',
    hostHeader: 'api.operator.example',
    tlsName: 'api.operator.example',
    path: '',
  });
  assert.deepEqual(parseUpstream('http://10.0.0.5:8080/v2/', '--api-upstream'), {
    url: 'http://10.0.0.5:8080/v2',
    origin: 'http://10.0.0.5:8080',
    https: false,
    server: '10.0.0.5:8080',
    hostHeader: '10.0.0.5:8080',
    tlsName: '10.0.0.5',
    path: '/v2',
  });
  assert.equal(parseUpstream('http://[::1]:3100', '--api-upstream').server, '[::1]:3100');
  for (const bad of [
    'api.operator.example',
    'ftp://api.operator.example',
    'https://u:p@api.operator.example',
    'https://api.operator.example/?x=1',
    'https://api.operator.example/#x',
  ]) {
    assert.throws(() => parseUpstream(bad, '--api-upstream'), /--api-upstream/, bad);
  }
});

test('member-api.conf: /api/ proxied with the Host and TLS name the API expects; channel authorisation apart when it lives elsewhere', () => {
  const api = parseUpstream('https://api.operator.example', '--api-upstream');
  const text = apiInclude({ api });
  assert.match(
    text,
    /location \^~ \/api\/ \{\n {4}proxy_pass https:\/\/member_api;\n {4}proxy_set_header Host "api\.operator\.example";\n/,
  );
  assert.match(text, /proxy_ssl_server_name on;\n {4}proxy_ssl_name "api\.operator\.example";\n {4}proxy_ssl_verify on;/);
  assert.match(text, /proxy_ssl_trusted_certificate "\/etc\/ssl\/certs\/ca-certificates\.crt";/);
  assert.match(text, /include member\/member-proxy\.conf;/);
  assert.doesNotMatch(text, /broadcasting/);
  assert.doesNotMatch(text, /proxy_cache/);

  const underPath = apiInclude({
    api: parseUpstream('http://10.0.0.5:8080/v2', '--api-upstream'),
    auth: parseUpstream('https://auth.operator.example/', '--broadcast-auth-upstream'),
    ca: '/etc/member/ca.pem',
  });
  assert.match(
    underPath,
    /location \^~ \/api\/ \{\n {4}proxy_pass http:\/\/member_api\/v2\/api\/;\n {4}proxy_set_header Host "10\.0\.0\.5:8080";\n {4}include/,
  );
  assert.match(
    underPath,
    /location = \/api\/member\/broadcasting\/auth \{\n {4}proxy_pass https:\/\/member_broadcast_auth;\n {4}proxy_set_header Host "auth\.operator\.example";/,
  );
  assert.match(underPath, /proxy_ssl_trusted_certificate "\/etc\/member\/ca\.pem";/);

  const upstreams = apiUpstreamInclude({ api, auth: parseUpstream('http://127.0.0.1:3101', '--broadcast-auth-upstream') });
  assert.match(upstreams, /upstream member_api \{\n {4}server api\.operator\.example:443;\n(.*\n)? {4}keepalive 16;\n\}/);
  assert.match(upstreams, /upstream member_broadcast_auth \{\n {4}server 127\.0\.0\.1:3101;/);
});

test("config.json and the upstreams must agree: a call to the host's origin needs somewhere to go", () => {
  const hostOrigins = ['https://members.example.com'];
  const api = parseUpstream('https://api.operator.example', '--api-upstream');
  const same = { ...operatorConfig, apiBase: 'https://members.example.com', broadcastAuthBase: '/' };
  assert.deepEqual(checkApiSetUp(same, { hostOrigins, api }), []);
  assert.throws(
    () => checkApiSetUp(same, { hostOrigins }),
    /apiBase \(https:\/\/members\.example\.com\) is the host's own origin, but no --api-upstream/,
  );
  assert.throws(
    () => checkApiSetUp({ ...operatorConfig, broadcastAuthBase: '/' }, { hostOrigins }),
    /broadcastAuthBase \(\/\) is the host's own origin/,
  );
  assert.throws(
    () => checkApiSetUp({ ...same, apiBase: '/member' }, { hostOrigins, api }),
    /under \/member\/api\/, and the proxy covers \/api\//,
  );
  assert.match(
    checkApiSetUp(operatorConfig, { hostOrigins, api })[0],
    /apiBase \(https:\/\/api\.operator\.example\) is not the host's origin/,
  );
  // Cross-origin without a proxy: nothing to say.
  assert.deepEqual(checkApiSetUp(operatorConfig, { hostOrigins }), []);
});

test("with --api-upstream: the proxy's files, and a policy with the API's origin for images only", async () => {
  const root = mkdtempSync(path.join(dir, 'proxied-'));
  const config = { ...operatorConfig, apiBase: 'https://members.example.com', broadcastAuthBase: 'https://members.example.com' };
  writeFileSync(path.join(root, 'config.json'), JSON.stringify(config));
  for (const name of ['sites.json', 'index.html']) writeFileSync(path.join(root, name), readFileSync(path.join(dir, name)));
  const args = [
    `--root=${root}`,
    '--host-origin=https://members.example.com',
    `--out=${root}`,
    '--no-brotli',
    '--api-upstream=https://api.operator.example',
    '--no-drawn',
  ];
  const result = await writeIncludes(parseArgs(args));
  assert.equal(result.proxied, true);
  assert.deepEqual(result.warnings, []);
  // The host's one origin is 'self': not listed again; the API's own origin only for the images its replies link.
  assert.match(result.policy, /connect-src 'self' wss:\/\/ws\.operator\.example https:\/\/default\.themes\.example /);
  assert.match(
    result.policy,
    /img-src 'self' data: https:\/\/default\.themes\.example https:\/\/pre8\.themes\.example https:\/\/osaka39\.themes\.example https:\/\/api\.operator\.example;/,
  );
  assert.doesNotMatch(result.policy, /members\.example\.com/);
  assert.match(readFileSync(path.join(root, 'member-api.conf'), 'utf8'), /location \^~ \/api\/ \{/);
  assert.match(readFileSync(path.join(root, 'member-api-upstream.conf'), 'utf8'), /upstream member_api \{/);
  // The command line says what it wrote, and warns when config.json still points elsewhere.
  writeFileSync(path.join(root, 'config.json'), JSON.stringify(operatorConfig));
  const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /API: proxied under the host's origin at \/api\//);
  assert.match(run.stderr, /warning: --api-upstream is given but config\.json's apiBase/);
  // A host-origin apiBase without the proxy would send the page's calls to the app's HTML: refused.
  writeFileSync(path.join(root, 'config.json'), JSON.stringify(config));
  const refused = spawnSync(process.execPath, [SCRIPT, ...args.filter((arg) => !arg.startsWith('--api-upstream'))], { encoding: 'utf8' });
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /no --api-upstream says where its calls go/);
  assert.throws(() => parseArgs([`--root=${root}`, '--api-upstream=api.operator.example']), /not a URL/);
});

test('refuses config.json and sites.json the host would refuse, listing every problem, and writes nothing', async () => {
  const root = mkdtempSync(path.join(dir, 'refused-'));
  const out = mkdtempSync(path.join(dir, 'refused-out-'));
  // The socket's TLS port written as a string: the host stops every brand on its error page over it.
  writeFileSync(
    path.join(root, 'config.json'),
    JSON.stringify({ ...operatorConfig, pusher: { ...operatorConfig.pusher, wssPort: '443' } }),
  );
  const [first, ...others] = operatorSites.sites;
  writeFileSync(path.join(root, 'sites.json'), JSON.stringify({ sites: [{ ...first, promoLink: 'javascript:alert(1)' }, ...others] }));
  writeFileSync(path.join(root, 'index.html'), indexHtml);
  const args = [`--root=${root}`, '--host-origin=https://members.example.com', `--out=${out}`, '--no-brotli', '--no-drawn'];

  const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  assert.equal(run.status, 1, run.stdout);
  assert.match(run.stderr, /the host would refuse these files, so nothing was written/);
  assert.match(run.stderr, /^ {2}config\.json: pusher\.wssPort: must be a number, not a string: write 443 without quotes$/m);
  assert.match(run.stderr, /^ {2}sites\.json: sites\[0\]\.promoLink: must be an absolute http\(s\) URL \(site "pre8"\)$/m);
  assert.match(run.stderr, /These brands stop on an error page, the others are served: pre8\./);
  assert.deepEqual(readdirSync(out), []);

  // A site whose layout names a theme config.json does not list is refused too; fixed files are accepted.
  writeFileSync(path.join(root, 'config.json'), JSON.stringify(operatorConfig));
  writeFileSync(path.join(root, 'sites.json'), JSON.stringify({ sites: [{ ...first, layout: 'Acme' }, ...others] }));
  await assert.rejects(() => writeIncludes(parseArgs(args)), /sites\.json: sites\[0\]\.layout: must be one of default, PRE8, OSAKA39/);
  assert.deepEqual(readdirSync(out), []);
  writeFileSync(path.join(root, 'sites.json'), JSON.stringify(operatorSites));
  await writeIncludes(parseArgs(args));
  assert.deepEqual(readdirSync(out).sort(), [
    'member-api-upstream.conf',
    'member-api.conf',
    'member-brotli.conf',
    'member-drawn.conf',
    'member-policy.conf',
    'member-remotes.conf',
  ]);
});

test('refuses a host folder without sites.json: the host needs it at every visit', async () => {
  const root = mkdtempSync(path.join(dir, 'no-sites-'));
  writeFileSync(path.join(root, 'config.json'), JSON.stringify(operatorConfig));
  writeFileSync(path.join(root, 'index.html'), indexHtml);
  await assert.rejects(
    () => writeIncludes(parseArgs([`--root=${root}`, '--host-origin=https://members.example.com', `--out=${root}`])),
    /no sites\.json at .*copy the operator's in first/,
  );
});

test("writes each site's installed app into the host folder, in its theme's colours from a local copy of its remote's manifest", async () => {
  const root = mkdtempSync(path.join(dir, 'apps-'));
  const demoSites = JSON.parse(readFileSync(path.join(workspace, 'sites.json'), 'utf8'));
  writeFileSync(path.join(root, 'config.json'), JSON.stringify(operatorConfig));
  writeFileSync(
    path.join(root, 'sites.json'),
    JSON.stringify({ sites: [demoSites.sites[0], { ...demoSites.sites[1], logo: 'javascript:alert(1)' }] }),
  );
  cpSync(path.join(workspace, 'host', 'public', 'logos'), path.join(root, 'logos'), { recursive: true });
  const pre8Manifest = path.join(root, 'pre8-mf-manifest.json');
  writeFileSync(
    pre8Manifest,
    JSON.stringify({
      metaData: {
        appColors: { light: { theme: '#7a5a10', background: '#f7f1e3' }, dark: { theme: '#d9b24c', background: '#0b0a08' }, flavours: {} },
      },
    }),
  );
  const { written, warnings } = await writeSiteApps(parseArgs([`--root=${root}`, `--remote-manifest=PRE8=${pre8Manifest}`]));
  assert.deepEqual(
    warnings.map((w) => w.split(':')[0]),
    ['site "os39" gets no installed app'],
  );
  const manifest = JSON.parse(readFileSync(path.join(root, 'webapp', 'pre8', 'manifest-th.webmanifest'), 'utf8'));
  assert.deepEqual([manifest.id, manifest.theme_color, manifest.background_color], ['/?prefix=pre8', '#d9b24c', '#0b0a08']);
  for (const icon of manifest.icons) assert.ok(written.includes(path.join(root, icon.src)), icon.src);
  assert.ok(written.includes(path.join(root, 'webapp', 'pre8', 'apple-touch-icon.png')));
});

test('member-drawn.conf: which drawn page answers a visit (site, language, scheme, page)', () => {
  const text = drawnInclude({
    pageKeys: ['login', 'register', 'profile', 'slot'],
    memberPages: ['profile', 'slot'],
    cookies: { locale: 'i18n_redirected', scheme: 'scheme', site: 'member-', session: ['token-', 'type-login-'] },
  });
  // The site: ?prefix=, else LINE's state, else the login cookie whose name carries its value; four letters or digits.
  assert.match(text, /map \$arg_state \$member_state_site \{/);
  assert.match(text, /"~\(\?:\^\|;\\s\*\)member-\(\?<member_site>\[A-Za-z0-9\]\{4\}\)=\\k<member_site>\(\?:;\|\$\)"/);
  assert.match(text, /map "\$arg_prefix\|\$member_state_site\|\$member_cookie_site" \$member_drawn_site/);
  assert.match(text, /map \$cookie_i18n_redirected \$member_drawn_lang \{\n {4}"~\*\^en\$" +en;\n {4}default +th;/);
  assert.match(text, /map \$cookie_scheme \$member_drawn_scheme \{\n {4}dark +-dark;\n {4}light +-light;/);
  // Signed in: both session cookies of the visit's own site.
  assert.ok(text.includes('(?=(?:|.*;\\s*)token-\\k<member_site>=[^;])(?=(?:|.*;\\s*)type-login-\\k<member_site>=[^;])"   1;'));
  // The page: three drawn by their path, a member's menu page for a member, the app's own pages none, any other path the 404.
  for (const line of ['/login login;', '1/login login;', '/check/line check/line;', '1/profile profile;', '1/slot slot;'])
    assert.ok(text.includes(`    ${line}\n`), line);
  assert.ok(!text.includes('    /slot slot;'));
  assert.match(text, /"~\^1\?\/\(\?:check\|login\|register\|profile\|slot\)\(\?:\/\|\$\)" +"";\n {4}default +404;/);
  // Its stylesheet is allowed by the answer's nonce, as its scripts are: nothing here names a page's style.
  assert.doesNotMatch(text, /sha256/);
});

test("member-remotes.conf: each theme proxied under the host's origin, or a comment without --remote-upstream", () => {
  assert.match(remotesInclude([], { ca: '/ca.crt' }), /No --remote-upstream/);
  const text = remotesInclude(
    [parseRemoteUpstream('PRE8=https://pre8.themes.example/releases'), parseRemoteUpstream('default=http://127.0.0.1:4411')],
    { ca: '/ca.crt' },
  );
  assert.match(
    text,
    /location \^~ \/remotes\/PRE8\/ \{\n {4}proxy_pass https:\/\/pre8\.themes\.example\/releases\/;\n {4}proxy_set_header Host "pre8\.themes\.example";/,
  );
  assert.match(text, /proxy_ssl_name "pre8\.themes\.example";\n {4}proxy_ssl_verify on;/);
  assert.match(text, /location \^~ \/remotes\/default\/ \{\n {4}proxy_pass http:\/\/127\.0\.0\.1:4411\/;/);
  assert.throws(() => parseRemoteUpstream('PRE8'), /give THEME=URL/);
  assert.throws(() => parseRemoteUpstream('PRE8=ftp://x.example'), /http or https/);
  assert.throws(() => parseRemoteUpstream('PRE8=https://x.example/?a=1'), /without credentials, query or fragment/);
});
