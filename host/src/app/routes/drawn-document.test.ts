import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawnDocument, hoistedResources, hostStylesheets, inlineStyles, type DrawnDocumentParts } from './drawn-document';

/** The shape of the built index.html the drawing step draws into (first-screen-plugin.ts writes its head). */
const INDEX = `<!doctype html>
<html lang="th" data-theme="light">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
  <script>early()</script><script data-drawn-kept-fill>fill()</script><title>Member</title><meta name="color-scheme" content="light dark"><link rel="preload" as="script" href="/static/js/index.1234abcd.js" fetchpriority="low"><link rel="preload" as="style" href="/static/css/async/app.1234abcd.css"></head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const parts = (overrides: Partial<DrawnDocumentParts> = {}): DrawnDocumentParts => ({
  page: 'login',
  site: { key: 'pre8', flavour: 'pre8-gold', logo: '/logos/pre8.svg' },
  locale: 'en',
  scheme: 'dark',
  schemes: ['dark'],
  member: false,
  pageTheme: 'PRE8',
  entryHash: 'entry-hash',
  releases: { PRE8: 'sha384-release' },
  markup:
    '<link rel="preload" as="image" href="/logos/pre8.svg"/><!--$--><main class="a"><form><input name="phone"/></form></main><!--/$-->',
  styles: '.a{color:red}',
  headLinks: [{ rel: 'manifest', href: '/webapp/pre8/manifest-en.webmanifest' }],
  ...overrides,
});

describe("a drawn page's document", () => {
  it('is the built page with the drawing in its root, its stylesheet inline, and what it was drawn for on <html>', () => {
    const html = drawnDocument(INDEX, parts());
    expect(html).toContain(
      '<html lang="en" data-theme="dark" data-site-css="pre8-gold" data-page-theme="PRE8" data-drawn-page="login" data-drawn-site="pre8" data-drawn-entry="entry-hash" data-drawn-releases="PRE8=sha384-release" data-drawn-schemes="dark">',
    );
    expect(html).toContain(
      '<div id="root"><!--$--><main class="a"><form><input name="phone"/></form></main><!--/$--></div><i id="drawn-end" hidden></i>',
    );
    // React's preload of the logo goes into the head, with the page's stylesheet and links; nothing is painted before
    // the root is read whole.
    expect(html).toContain(
      '<link rel="expect" href="#drawn-end" blocking="render"><style>.a{color:red}</style><link rel="manifest" href="/webapp/pre8/manifest-en.webmanifest"><link rel="preload" as="image" href="/logos/pre8.svg"/></head>',
    );
    expect(html).toContain('<meta name="color-scheme" content="dark">');
    expect(html).toContain('<link rel="icon" href="/logos/pre8.svg"');
    // The scripts and their preloads are the build's, untouched: the policy's script hashes still hold.
    expect(html).toContain('<script>early()</script>');
    expect(html).toContain('<link rel="preload" as="script" href="/static/js/index.1234abcd.js" fetchpriority="low">');
    // The host's stylesheet is inline: not asked for again beside the page.
    expect(html).not.toContain('as="style"');
  });

  it("leaves out the script that fills a member's frame from what the device keeps on a guest's page, and only there", () => {
    const guest = drawnDocument(INDEX, parts());
    expect(guest).not.toContain('data-drawn-kept-fill');
    expect(guest).not.toContain('fill()');
    expect(guest).toContain('<script>early()</script><title>Member</title>');
    const frame = drawnDocument(INDEX, parts({ page: 'profile', member: true }));
    expect(frame).toContain('<script>early()</script><script data-drawn-kept-fill>fill()</script>');
  });

  it("carries the rules its elements can use: a member frame's templates' and those its fill writes counted", () => {
    const styles = ':root{--x:1}.a{color:red}.b{color:blue}.a .c:focus{color:green}@media (width>=40em){.a{margin:0}.b{margin:1px}}';
    expect(/<style>(.*?)<\/style>/.exec(drawnDocument(INDEX, parts({ styles })))?.[1]).toBe(
      ':root{--x:1}.a{color:red}@media (width>=40em){.a{margin:0}}',
    );
    const frame = `${styles}.t{color:teal}.f{color:gold}.n{color:navy}`;
    const kept = [{ attributes: [['data-drawn-kept', 'slot']] as [string, string][], markup: '<ul class="t"></ul>' }];
    expect(
      /<style>(.*?)<\/style>/.exec(
        drawnDocument(INDEX, parts({ styles: frame, page: 'slot', member: true, kept, scriptClasses: ['f'] })),
      )?.[1],
    ).toBe(':root{--x:1}.a{color:red}@media (width>=40em){.a{margin:0}}.t{color:teal}.f{color:gold}');
  });

  it("marks a member's frame, which the app replaces rather than hydrates", () => {
    expect(drawnDocument(INDEX, parts({ page: 'slot', member: true }))).toMatch(
      /<html [^>]*data-drawn-page="slot"[^>]* data-drawn-kind="member">/,
    );
  });

  it("holds a member lobby's script preloads in a template before the inline start, where the browser asks for none of them", () => {
    const preload = '<link rel="preload" as="script" href="/static/js/index.1234abcd.js" fetchpriority="low">';
    const lobby = drawnDocument(INDEX, parts({ page: 'fish', member: true }));
    expect(lobby).toContain(`<template data-drawn-held-code>${preload}</template><script>early()</script>`);
    expect(lobby.split(preload)).toHaveLength(2);
    // With the API it sends the list to before config.json is read.
    expect(drawnDocument(INDEX, parts({ page: 'slot', member: true, apiBase: 'https://api.example/v1' }))).toMatch(
      /<html [^>]* data-drawn-api="https:\/\/api.example\/v1">/,
    );
    expect(drawnDocument(INDEX, parts({ page: 'profile', member: true, apiBase: 'https://api.example/v1' }))).not.toContain(
      'data-drawn-api',
    );
    // Every other page keeps them where the build put them: their code is asked for with the HTML's first bytes.
    for (const other of [parts({ page: 'profile', member: true }), parts({ page: 'slot', member: false }), parts()]) {
      const html = drawnDocument(INDEX, other);
      expect(html).not.toContain('data-drawn-held-code');
      expect(html).toContain(`<title>Member</title><meta name="color-scheme" content="dark">${preload}`);
    }
  });

  it("says nothing of a theme for a host's own screen, and escapes what it writes into attributes", () => {
    const html = drawnDocument(
      INDEX,
      parts({ page: '404', pageTheme: null, site: { key: 'pre8', flavour: 'a"b', logo: '/logos/x.svg?a=1&b=2' } }),
    );
    expect(html).not.toContain('data-page-theme');
    expect(html).toContain('data-site-css="a&quot;b"');
    expect(html).toContain('href="/logos/x.svg?a=1&amp;b=2"');
  });

  it("puts a lobby's templates before the root, their style attributes under a name the policy lets through, nothing of them hoisted", () => {
    const kept = [
      {
        attributes: [
          ['data-drawn-kept', 'slot'],
          ['data-kept-accounts', 'GCLUB UFA'],
        ] as [string, string][],
        markup: '<link rel="preload" as="image" href="https://kept.invalid/game-0"/><ul class="g" style="height:10px"><li>x</li></ul>',
      },
      {
        attributes: [
          ['data-drawn-kept', 'slot'],
          ['data-kept-accounts', 'UFA'],
        ] as [string, string][],
        markup: '<ul style="height:20px" data-a="style=&quot;"></ul>',
      },
    ];
    const html = drawnDocument(INDEX, parts({ page: 'slot', member: true, kept }));
    expect(html).toContain(
      '<template data-drawn-kept="slot" data-kept-accounts="GCLUB UFA"><ul class="g" data-kept-style="height:10px"><li>x</li></ul></template>' +
        '<template data-drawn-kept="slot" data-kept-accounts="UFA"><ul data-kept-style="height:20px" data-a="style=&quot;"></ul></template><div id="root">',
    );
    expect(html).not.toContain('kept.invalid');
  });

  it('refuses a page drawn with a style attribute, which its policy would not apply', () => {
    expect(() => drawnDocument(INDEX, parts({ markup: '<main><p style="color:red">x</p></main>' }))).toThrow(/style attribute/);
  });

  it('refuses a build with no empty root to draw into', () => {
    expect(() => drawnDocument(INDEX.replace('<div id="root"></div>', '<div id="app"></div>'), parts())).toThrow(/root/);
  });
});

describe('what goes around the drawing', () => {
  it("React's hoisted resources are lifted off the front of the markup", () => {
    expect(
      hoistedResources('<link rel="preload" as="image" href="/a.svg"/><link rel="preload" href="/b"/><div><link rel="x"/></div>'),
    ).toEqual({
      head: '<link rel="preload" as="image" href="/a.svg"/><link rel="preload" href="/b"/>',
      body: '<div><link rel="x"/></div>',
    });
  });

  it("the host's stylesheets are those its page preloads as styles", () => {
    expect(hostStylesheets(INDEX)).toEqual(['/static/css/async/app.1234abcd.css']);
  });

  it('the stylesheets go inline in order, and one that could close the element is refused', () => {
    const text = inlineStyles([
      { href: '/a.css', text: '.a{}' },
      { href: '/b.css', text: '.b{}' },
    ]);
    expect(text).toBe('.a{}\n.b{}');
    // What the policy's hash is taken of: the element's text exactly.
    expect(createHash('sha256').update(text).digest('base64')).toHaveLength(44);
    expect(() => inlineStyles([{ href: '/c.css', text: '.c{content:"</STYLE>"}' }])).toThrow(/c\.css/);
  });
});
