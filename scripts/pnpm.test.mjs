// scripts/pnpm.mjs: the pinned pnpm is package.json's packageManager, and docs/contributing.md names the same version.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PNPM_VERSION, pinnedPnpmVersion } from './pnpm.mjs';

const read = (name) => readFileSync(new URL(`../${name}`, import.meta.url), 'utf8');

test("the pinned version is packageManager's, with or without its hash; anything but pnpm@x.y.z is refused", () => {
  assert.equal(pinnedPnpmVersion({ packageManager: 'pnpm@12.21.0' }), '12.21.0');
  assert.equal(pinnedPnpmVersion({ packageManager: 'pnpm@12.21.0+sha512.abc' }), '12.21.0');
  for (const packageManager of ['yarn@4.9.0', 'pnpm@12', 'pnpm@latest', undefined]) {
    assert.throws(
      () => pinnedPnpmVersion({ packageManager }),
      /packageManager .* is not pnpm@<major\.minor\.patch>/,
      String(packageManager),
    );
  }
  assert.equal(PNPM_VERSION, pinnedPnpmVersion(JSON.parse(read('package.json'))));
});

test('docs/contributing.md names the pinned version', () => {
  assert.match(read('docs/contributing.md'), new RegExp(`pinned pnpm \\(${PNPM_VERSION.replace(/\./g, '\\.')}, \`packageManager\``));
});
