import { describe, expect, it } from 'vitest';
import { classesOf, stylesForMarkup } from './page-styles';

const on = (...names: string[]) => new Set(names);

describe("a drawn page's rules", () => {
  it('reads the classes of every element, templates included', () => {
    expect([...classesOf('<main class="a  b"><template><i class="c"></i></template><p class="">x</p></main>')]).toEqual(['a', 'b', 'c']);
  });

  it('keeps a rule unless a class its selector needs is on no element', () => {
    expect(stylesForMarkup('.a{x:1}.b{x:2}.a.b{x:3}.a>.b{x:4}.a .c,.b{x:5}.c,.d{x:6}', on('a'))).toBe('.a{x:1}');
    expect(stylesForMarkup('.a{x:1}.b{x:2}.a.b{x:3}.a>.b{x:4}.a .c,.b{x:5}', on('a', 'b'))).toBe(
      '.a{x:1}.b{x:2}.a.b{x:3}.a>.b{x:4}.a .c,.b{x:5}',
    );
  });

  it('keeps what names no class, states and pseudo-elements, functional pseudo-classes and escaped names', () => {
    const css = [
      ':root{--c:red}',
      'html[data-theme=dark] body{c:1}',
      '*,:before{b:1}',
      'a[href$=".pdf"]{c:2}',
      '.a:focus-visible{o:1}',
      '.a::placeholder{c:3}',
      ':where(.z,.y){g:1}',
      ':is(.z,html[data-page-theme=PRE8]){t:1}',
      '.z:not(.a){n:1}',
      '.md\\:z{e:1}',
    ].join('');
    expect(stylesForMarkup(css, on('a'))).toBe(css);
  });

  it('prunes inside grouping at-rules and drops an empty one; keeps every other at-rule and statement whole', () => {
    const css =
      '@charset "utf-8";@layer base,theme;@media (width>=40em){.a{m:0}.z{m:1}}@supports (display:grid){.z{d:1}}' +
      '@font-face{font-family:X;src:url(x.woff2)}@keyframes spin{0%{r:0}to{r:1}}@layer theme{.z{c:1}.a{c:2}}';
    expect(stylesForMarkup(css, on('a'))).toBe(
      '@charset "utf-8";@layer base,theme;@media (width>=40em){.a{m:0}}@font-face{font-family:X;src:url(x.woff2)}@keyframes spin{0%{r:0}to{r:1}}@layer theme{.a{c:2}}',
    );
  });

  it('reads braces and separators in strings and comments as text, and keeps a rule with rules nested in it', () => {
    expect(stylesForMarkup('.a:after{content:"}{;,"}/* .z{} */.z{x:1}', on('a'))).toBe('.a:after{content:"}{;,"}');
    expect(stylesForMarkup('.z{color:red;&:hover{color:blue}}', on('a'))).toBe('.z{color:red;&:hover{color:blue}}');
  });
});
