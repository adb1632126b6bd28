import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLOOR_NODE, NODE_RANGE, isSupportedNode, nodeVersionProblem } from './node-version.mjs';

const workspace = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

test('22.13 and newer 22s, and 24 and newer, pass; older ones and 23 get one line saying what to install', () => {
  for (const ok of ['22.13.0', 'v22.22.3', '24.0.0', '25.2.1']) assert.equal(nodeVersionProblem(ok), null, ok);
  for (const old of ['22.12.0', '20.20.2', '20.18.3', 'v18.20.4', '23.11.0', '21.7.3']) {
    const problem = nodeVersionProblem(old);
    assert.match(problem, /^Node\.js 22\.13 or newer \(or 24\+\) is needed; this is /, old);
    assert.match(problem, new RegExp(`this is ${old.replace(/^v/, '').replace(/\./g, '\\.')}\\.`), old);
    assert.doesNotMatch(problem, /\n/, old);
  }
});

test('package.json engines, .nvmrc, CI and the README say the same Node', () => {
  const pkg = JSON.parse(readFileSync(path.join(workspace, 'package.json'), 'utf8'));
  assert.equal(pkg.engines.node, NODE_RANGE);
  assert.equal(readFileSync(path.join(workspace, '.nvmrc'), 'utf8').trim(), FLOOR_NODE);
  assert.ok(isSupportedNode(FLOOR_NODE));
  // CI runs the floor itself (.ci/run reads .nvmrc), so the oldest Node the range admits is the one proved.
  assert.match(readFileSync(path.join(workspace, '.ci', 'run'), 'utf8'), /\.nvmrc/);
  const readme = readFileSync(path.join(workspace, 'README.md'), 'utf8');
  assert.match(readme, /Node\.js 22\.13 or a newer 22, or 24 and newer/);
  assert.match(readme, new RegExp(`\`\\.nvmrc\` says ${FLOOR_NODE.replace(/\./g, '\\.')}`));
});

test('the range is what the dependencies declare: every engines field in the lockfile admits the floor', () => {
  // A range of the shapes the lockfile holds: ">=a.b.c", "^a.b.c", "a" (a major), "a.x", joined by "||".
  const parse = (v) =>
    v
      .replace(/^v/, '')
      .replace(/\.[x*]$/, '')
      .split('.')
      .map(Number);
  const compare = (a, b) => {
    for (let i = 0; i < 3; i += 1) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
    return 0;
  };
  const admits = (range, version) =>
    range.split('||').some((alternative) =>
      alternative
        .trim()
        .replace(/(>=|>|\^)\s+/g, '$1')
        .split(/\s+/)
        .every((part) => {
          const text = part.trim();
          const v = parse(version);
          if (text.startsWith('>=')) return compare(v, parse(text.slice(2).trim())) >= 0;
          if (text.startsWith('^')) {
            const want = parse(text.slice(1));
            return v[0] === want[0] && compare(v, want) >= 0;
          }
          if (text.startsWith('>')) return compare(v, parse(text.slice(1).trim())) > 0;
          const want = parse(text);
          return want.every((n, i) => v[i] === n);
        }),
    );
  const lock = readFileSync(path.join(workspace, 'pnpm-lock.yaml'), 'utf8');
  const ranges = [...new Set([...lock.matchAll(/engines: \{node: '?([^'}]+)'?\}/g)].map((m) => m[1]))];
  assert.ok(ranges.length > 20, 'the lockfile lists engines');
  const refusing = ranges.filter((range) => !admits(range, FLOOR_NODE));
  assert.deepEqual(refusing, [], `ranges that refuse Node ${FLOOR_NODE}`);
  // And the floor is tight: the 22 before it is refused by some dependency.
  assert.ok(
    ranges.some((range) => !admits(range, '22.12.0')),
    'a dependency refuses 22.12',
  );
  assert.ok(
    ranges.some((range) => !admits(range, '23.11.0')),
    'a dependency refuses 23',
  );
});
