import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { compressDists, distDirs, parseCompressArgs } from './compress.mjs';

let dist;
const big = `${'const member = { balance: 100, name: "somchai" };\n'.repeat(80)}`;

function write(rel, content) {
  const file = path.join(dist, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

before(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'compress-test-'));
  write('static/js/index.ab12cd34.js', big);
  write('static/css/index.ab12cd34.css', big.replace(/const/g, '.x'));
  write('index.html', `<html>${big}</html>`);
  write('mf-manifest.json', JSON.stringify({ pad: big }));
  write('logos/logo.svg', `<svg>${big}</svg>`);
  write('small.js', 'export {};');
  write('static/js/index.ab12cd34.js.map', JSON.stringify({ mappings: big }));
  write('static/image/photo.png', Buffer.alloc(4096, 7));
  write('download/data.tar.gz', Buffer.alloc(10));
});

after(() => rmSync(dist, { recursive: true, force: true }));

test('writes .br and .gz for text assets above 1 KiB, and only for those', async () => {
  const result = await compressDists([dist]);
  for (const rel of ['static/js/index.ab12cd34.js', 'static/css/index.ab12cd34.css', 'index.html', 'mf-manifest.json', 'logos/logo.svg']) {
    const source = readFileSync(path.join(dist, rel));
    assert.deepEqual(zlib.brotliDecompressSync(readFileSync(path.join(dist, `${rel}.br`))), source, rel);
    assert.deepEqual(zlib.gunzipSync(readFileSync(path.join(dist, `${rel}.gz`))), source, rel);
  }
  for (const rel of ['small.js', 'static/js/index.ab12cd34.js.map', 'static/image/photo.png']) {
    assert.equal(existsSync(path.join(dist, `${rel}.br`)), false, rel);
    assert.equal(existsSync(path.join(dist, `${rel}.gz`)), false, rel);
  }
  assert.equal(result.files, 5);
  assert.equal(result.written, 10);
});

test('skips copies that are up to date and redoes a changed source', async () => {
  const again = await compressDists([dist]);
  assert.equal(again.written, 0);
  assert.equal(again.skipped, 10);

  const file = path.join(dist, 'static/js/index.ab12cd34.js');
  writeFileSync(file, `${big}// rebuilt\n`);
  const later = new Date(statSync(`${file}.br`).mtimeMs + 5000);
  utimesSync(file, later, later);
  const after = await compressDists([dist]);
  assert.equal(after.written, 2);
  assert.match(zlib.brotliDecompressSync(readFileSync(`${file}.br`)).toString(), /rebuilt/);
});

test('removes copies whose source is gone, and keeps real archives', async () => {
  write('gone.js', big);
  await compressDists([dist]);
  rmSync(path.join(dist, 'gone.js'));
  const result = await compressDists([dist]);
  assert.equal(result.removed, 2);
  assert.equal(existsSync(path.join(dist, 'gone.js.br')), false);
  assert.equal(existsSync(path.join(dist, 'download/data.tar.gz')), true);
});

test('reports missing folders and knows the four dist folders', async () => {
  const result = await compressDists([path.join(dist, 'nope')]);
  assert.deepEqual(result.missing, [path.join(dist, 'nope')]);
  assert.deepEqual(
    distDirs('/w').map((dir) => path.relative('/w', dir)),
    ['host/dist', 'remote-default/dist', 'remote-pre8/dist', 'remote-osaka39/dist'].map((rel) => rel.split('/').join(path.sep)),
  );
});

test('the command line: folders, or none for the dist folders; any flag refused', () => {
  assert.deepEqual(parseCompressArgs([]), { dirs: [], help: false });
  assert.deepEqual(parseCompressArgs(['host/dist', 'remote-pre8/dist']), { dirs: ['host/dist', 'remote-pre8/dist'], help: false });
  assert.deepEqual(parseCompressArgs(['--', '--odd-name']), { dirs: ['--odd-name'], help: false });
  assert.equal(parseCompressArgs(['--help']).help, true);
  assert.throws(
    () => parseCompressArgs(['--level=9', 'host/dist']),
    /Unknown option '--level'[^]*usage: node scripts\/compress\.mjs \[DIR\.\.\.\]/,
  );
});
