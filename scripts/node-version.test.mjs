import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REQUIRED_NODE, nodeVersionProblem } from './node-version.mjs';

const workspace = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

test('Node 20.19 and newer pass; older ones get a message that says what to install', () => {
  for (const ok of ['20.19.0', '20.20.2', 'v22.3.0', '24.0.0', '21.0.0']) assert.equal(nodeVersionProblem(ok), null, ok);
  for (const old of ['20.18.3', '18.20.4', 'v20.9.0', '16.0.0']) {
    const problem = nodeVersionProblem(old);
    assert.match(problem, /Node\.js 20\.19 or newer is needed/, old);
    assert.match(problem, new RegExp(`this is ${old.replace(/^v/, '').replace(/\./g, '\\.')}`), old);
  }
});

test('package.json engines and .nvmrc agree with the check', () => {
  const pkg = JSON.parse(readFileSync(path.join(workspace, 'package.json'), 'utf8'));
  assert.equal(pkg.engines.node, `>=${REQUIRED_NODE.replace(/\.0$/, '')}`);
  const nvmrc = readFileSync(path.join(workspace, '.nvmrc'), 'utf8').trim();
  assert.equal(nodeVersionProblem(/^\d+$/.test(nvmrc) ? `${nvmrc}.0.0` : nvmrc), null);
});
