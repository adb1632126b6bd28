import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drawPages, networkIsolation, ReleaseRefused, verifiedRelease } from './drawn-pages.mjs';
import { publicKeyText, releaseFields, signDist } from './release-signing.mjs';

/**
 * A theme release as its build leaves it, signed: a manifest naming the login page's stylesheet, and a server build
 * (a stand-in of the real one: it exports the exposed modules the way build-preset's drawing build does).
 */
function release({ login = 'Drawn by the theme' } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'drawn-release-'));
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  write(
    'mf-manifest.json',
    JSON.stringify({
      metaData: { publicPath: 'auto' },
      exposes: [{ name: 'pages/login', assets: { css: { sync: ['static/css/login.1.css'] }, js: { sync: [] } } }],
    }),
  );
  write('static/css/login.1.css', '.login{color:gold}');
  write(
    'server/drawing.cjs',
    `const react = require('react'); exports.exposes = { './pages/login': { default: () => ${JSON.stringify(login)} + ' with ' + react.name } };`,
  );
  const { privateKey } = generateKeyPairSync('ed25519');
  signDist(dir, privateKey, releaseFields({ theme: 'PRE8' }));
  return { dir, key: publicKeyText(privateKey), read: async (file) => readFileSync(path.join(dir, file)), write };
}

test("a theme release is drawn with only when its signed list is signed by one of the theme's keys and names its files as they are", async () => {
  const theme = release();
  const checked = await verifiedRelease('PRE8', {
    manifestUrl: 'http://remote.test/pre8/mf-manifest.json',
    keys: [theme.key],
    read: theme.read,
  });
  assert.match(checked.release, /^sha384-/);
  assert.match(String(checked.drawing), /Drawn by the theme/);
  // Its stylesheets as the page links them (against the manifest's address), with the text the page carries inline.
  assert.deepEqual(
    checked.stylesheets['pages/login'].map(({ href, text }) => [href, text]),
    [['http://remote.test/pre8/static/css/login.1.css', '.login{color:gold}']],
  );
  const onHost = await verifiedRelease('PRE8', { manifestUrl: '/remotes/PRE8/mf-manifest.json', keys: [theme.key], read: theme.read });
  assert.equal(onHost.stylesheets['pages/login'][0].href, '/remotes/PRE8/static/css/login.1.css');

  const other = release();
  await assert.rejects(
    verifiedRelease('PRE8', { manifestUrl: 'http://remote.test/mf-manifest.json', keys: [other.key], read: theme.read }),
    ReleaseRefused,
  );
  await assert.rejects(
    verifiedRelease('PRE8', { manifestUrl: 'http://remote.test/mf-manifest.json', keys: [], read: theme.read }),
    /not by any of the keys/,
  );
  // A release signed for another theme is no release of this one (a brand host serving another theme's files).
  await assert.rejects(
    verifiedRelease('OSAKA39', { manifestUrl: 'http://remote.test/mf-manifest.json', keys: [theme.key], read: theme.read }),
    /a release of PRE8, not of OSAKA39/,
  );
  theme.write('server/drawing.cjs', 'exports.exposes = {}; require("node:child_process").execSync("touch /tmp/owned");');
  await assert.rejects(
    verifiedRelease('PRE8', { manifestUrl: 'http://remote.test/mf-manifest.json', keys: [theme.key], read: theme.read }),
    /server\/drawing\.cjs is not the file that was signed/,
  );
});

/**
 * A stand-in of the host's drawing build (host/src/app/routes/draw-page.tsx): it draws with the theme's server build, and says
 * what the sandbox let it do, so the test can tell.
 */
const HOST_DRAWING = `
const fs = require('node:fs');
exports.shared = { react: { name: 'the host React' } };
exports.drawableSites = (config, sites) => sites.sites.map((site) => ({ key: site.key, schemes: site.themes.map((t) => t.theme) }));
exports.hostStylesheets = () => ['/static/app.css'];
exports.drawPage = async (request) => {
  if (request.page !== 'login') return { drawn: false, reason: 'only the login here' };
  let wrote = 'wrote';
  try { fs.writeFileSync(require('node:path').join(require('node:os').tmpdir(), 'drawing-wrote'), 'x'); } catch (error) { wrote = error.code; }
  let network = 'reached';
  await fetch('http://127.0.0.1:9/').catch((error) => { network = error.cause?.code ?? error.message; });
  const login = request.drawings.PRE8.exposes['./pages/login'].default();
  const styles = request.hostStyles.map((sheet) => sheet.text).join('') + request.releases.PRE8.stylesheets['pages/login'].map((sheet) => sheet.text).join('');
  return { drawn: true, html: [request.prefix, request.locale, request.scheme, login, styles, 'write:' + wrote, 'network:' + network].join('|'), styleHash: 'h' };
};
`;

test('every site, language and scheme drawn in a sandbox that may read the builds and nothing else, write nothing and reach no network', {
  skip: !networkIsolation() && 'no network namespace can be made on this system',
}, async () => {
  const theme = release();
  const dir = mkdtempSync(path.join(tmpdir(), 'drawn-host-'));
  const hostDrawing = path.join(dir, 'drawing.cjs');
  writeFileSync(hostDrawing, HOST_DRAWING);
  const sites = {
    sites: [
      { key: 'pre8', themes: [{ theme: 'dark' }] },
      { key: 'bkmc', themes: [{ theme: 'light' }, { theme: 'dark' }] },
    ],
  };
  const config = { remotes: { PRE8: 'http://remote.test/mf-manifest.json' }, remoteKeys: { PRE8: [theme.key] } };
  const { pages, warnings } = await drawPages({
    indexHtml: '<html></html>',
    hostDrawing,
    config,
    sites,
    readRelease: (_theme, file) => theme.read(file),
    readHost: async () => Buffer.from('.host{}'),
  });
  assert.deepEqual([...pages.keys()].sort(), [
    'bkmc/en-dark/login.html',
    'bkmc/en-light/login.html',
    'bkmc/en/login.html',
    'bkmc/th-dark/login.html',
    'bkmc/th-light/login.html',
    'bkmc/th/login.html',
    'pre8/en-dark/login.html',
    'pre8/en/login.html',
    'pre8/th-dark/login.html',
    'pre8/th/login.html',
  ]);
  // The site's first scheme is also the page of a visit that chose none.
  assert.equal(pages.get('bkmc/th/login.html').html, pages.get('bkmc/th-light/login.html').html);
  const [key, locale, scheme, login, styles, wrote, network] = pages.get('bkmc/en-dark/login.html').html.split('|');
  assert.deepEqual(
    [key, locale, scheme, login, styles],
    ['bkmc', 'en', 'dark', 'Drawn by the theme with the host React', '.host{}.login{color:gold}'],
  );
  assert.equal(wrote, 'write:ERR_ACCESS_DENIED');
  assert.notEqual(network, 'network:reached');
  // The pages a drawing leaves to the browser are said, none of them a failure here.
  assert.deepEqual(
    warnings.filter((line) => !/only the login here/.test(line)),
    [],
  );
});

test('a theme whose release does not check out is not drawn with: its pages are left to the browser, with a warning', async () => {
  const theme = release();
  const { pages, warnings } = await drawPages({
    indexHtml: '<html></html>',
    hostDrawing: '/nonexistent/drawing.cjs',
    config: { remotes: { PRE8: 'http://remote.test/mf-manifest.json' }, remoteKeys: { PRE8: [release().key] } },
    sites: { sites: [] },
    readRelease: (_theme, file) => theme.read(file),
    readHost: async () => Buffer.from(''),
  });
  assert.equal(pages.size, 0);
  assert.match(warnings[0], /theme PRE8: its signed-files\.json does not hold .*left to the browser/);
});
