// Proves the rule "nothing past the schema reads sites.json's old field names" holds, and that the guard finds a read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ALLOWED, oldNameReaders, oldNameReads } from './site-vocabulary.mjs';
import { WORKSPACE_ROOT } from './shared-core.mjs';

test("no file past the schema reads sites.json's old field names", () => {
  const readers = oldNameReaders();
  assert.deepEqual(
    readers,
    [],
    `read the Site the schema gives (brand.name, theme, flavour, pages[p].frameTheme, divided…) instead:\n${readers
      .map(({ file, lines }) => `${file}\n  ${lines.join('\n  ')}`)
      .join('\n')}`,
  );
});

test('the guard finds each kind of read, and lets a mention in a comment or a message be', () => {
  for (const read of [
    'const name = site.web;',
    "if (s.divisions === 'true') go();",
    'return component?.activeLayout ?? fallback;',
    'const theme = site.layout;',
    'const { css } = site; const f = useSite().css;',
    'const { web } = useSite();',
    'const id = entry.LineID;',
  ]) {
    assert.notDeepEqual(oldNameReads(read), [], read);
  }
  for (const mention of [
    "// the site's `layout` names its theme",
    "problems.push({ field: 'sites[2].css' });",
    'const styles = { layout: 1 }; use(styles.layout);',
    "call('checkPrefix', { divisions: 'true' });",
  ]) {
    assert.deepEqual(oldNameReads(mention), [], mention);
  }
});

test('every allowed file exists, so the list does not outlive what it excuses', () => {
  for (const file of ALLOWED.keys()) assert.ok(existsSync(path.join(WORKSPACE_ROOT, file)), file);
});
