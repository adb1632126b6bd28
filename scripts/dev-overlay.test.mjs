// scripts/dev-overlay.mjs: what `npm run dev`'s page policy allows so that Rsbuild's build-error overlay draws, and
// nothing more.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { contentSecurityPolicy, styleHash } from './csp.mjs';
import { overlayStyleHashes, overlayStyleText, spanStylesOf, spanStyleValues } from './dev-overlay.mjs';
import { WORKSPACE_ROOT } from './workspace.mjs';

test("the overlay's style is read from its source as written; a style that is not literal text is not hashed", () => {
  assert.equal(
    overlayStyleText('return `\n<style>\n.root { top: 0; }\n</style>\n<div class="root">${title}</div>`;'),
    '\n.root { top: 0; }\n',
  );
  assert.equal(overlayStyleText('`<style>.a { content: "\\2014"; }</style>`'), null);
  assert.equal(overlayStyleText('`<style>.a { color: ${c}; }</style>`'), null);
  assert.equal(overlayStyleText('no overlay here'), null);
});

test("the spans' colours: the palette of the ANSI conversion, each alone and any two together", () => {
  const source = "styles = {\n  1: 'font-weight:bold',\n  31: 'color:#fb6a6a',\n  91: 'color:#fb6a6a'\n};\nfunction ansiHTML(text) {}";
  assert.deepEqual(spanStylesOf(source), ['font-weight:bold', 'color:#fb6a6a']);
  assert.deepEqual(spanStylesOf('function other() {}'), []);
  assert.deepEqual(spanStyleValues(['a:1', 'b:2']), ['a:1;', 'b:2;', 'a:1;a:1;', 'a:1;b:2;', 'b:2;a:1;', 'b:2;b:2;']);
});

test("the Rsbuild the host and a theme run: one style element's hash, and the spans' colours (bold red among them)", () => {
  const { hashes, attributeHashes, unread } = overlayStyleHashes([
    path.join(WORKSPACE_ROOT, 'host'),
    path.join(WORKSPACE_ROOT, 'remote-pre8'),
  ]);
  assert.deepEqual(unread, []);
  assert.equal(hashes.length, 1, 'host and theme run the same Rsbuild: one overlay style');
  assert.ok(attributeHashes.includes(styleHash('color:#fb6a6a;')));
  assert.ok(attributeHashes.includes(styleHash('color:#f76ebe;font-weight:bold;')));
  // In the policy: the element's hash in style-src, the attributes' in style-src-attr with 'unsafe-hashes', nothing inline besides.
  const policy = contentSecurityPolicy(
    { remotes: { default: 'http://localhost:3001/mf-manifest.json' } },
    { styleHashes: hashes, styleAttributeHashes: attributeHashes },
  );
  assert.match(policy, new RegExp(`style-src 'self' ${hashes[0].replace(/[+/]/g, '\\$&')} http://localhost:3001;`));
  assert.match(policy, /style-src-attr 'unsafe-hashes' 'sha256-/);
  assert.doesNotMatch(policy, /unsafe-inline/);
  assert.doesNotMatch(contentSecurityPolicy({ remotes: {} }), /style-src-attr/, 'a page without the overlay gets no such directive');
});
