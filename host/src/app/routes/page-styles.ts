/**
 * The rules of a page's stylesheets that its drawn markup can use. A page drawn in the HTML carries its stylesheets
 * inline (drawn-document.ts); a site's stylesheets hold every page's rules, most of them for elements the
 * page has not got, and each of those is bytes on a phone's link and selector work on its CPU before the first paint.
 *
 * Conservative by construction: a rule stays unless one of the classes its selector needs is on no element of the
 * markup. A rule that names no class (elements, attributes, `:root`), a selector with a functional pseudo-class
 * (`:is()`, `:where()`, `:not()`, `:has()`), an escaped one, and every at-rule that is not a grouping one (`@font-face`,
 * `@keyframes`, …) all stay. Pseudo-classes and pseudo-elements do not count, so a rule for a field's focus, a typed
 * value or a placeholder stays with the field. What the app draws after it takes the page over comes with its own
 * stylesheets (its chunks' CSS loads before they run), never from these.
 */

/** The class names on the markup's elements (templates' included). */
export function classesOf(markup: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of markup.matchAll(/\sclass="([^"]*)"/g)) for (const name of value!.split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/** Splits at a separator outside strings, brackets and parentheses. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i += 1;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[') depth += 1;
    else if (ch === ')' || ch === ']') depth -= 1;
    else if (ch === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** Whether one selector can match in markup with these classes (false only when a class it needs is absent). */
function mayMatch(selector: string, classes: ReadonlySet<string>): boolean {
  if (/[\\(]/.test(selector)) return true;
  // Attribute values may hold dots ([href$=".pdf"]): only what is outside brackets names classes.
  const outside = selector.replace(/\[[^\]]*\]/g, '');
  for (const [, name] of outside.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) if (!classes.has(name!)) return false;
  return true;
}

/** The at-rules whose block holds rules, which are pruned as the top level is. */
const GROUPING = /^@(media|supports|layer|container|scope|document)\b/i;

/** One block's statements: `{ prelude, block }` for a rule or block at-rule, `{ prelude }` for a statement ending in `;`. */
function statementsOf(css: string): { prelude: string; block?: string }[] {
  const statements: { prelude: string; block?: string }[] = [];
  let i = 0;
  while (i < css.length) {
    let depth = 0;
    let quote = '';
    let open = -1;
    let j = i;
    for (; j < css.length; j += 1) {
      const ch = css[j]!;
      if (quote) {
        if (ch === '\\') j += 1;
        else if (ch === quote) quote = '';
        continue;
      }
      if (ch === '/' && css[j + 1] === '*') {
        const end = css.indexOf('*/', j + 2);
        j = end < 0 ? css.length : end + 1;
        continue;
      }
      if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '{') {
        if (depth === 0) open = j;
        depth += 1;
      } else if (ch === '}') {
        depth -= 1;
        if (depth === 0) break;
      } else if (ch === ';' && depth === 0 && open < 0) break;
    }
    const text = css.slice(i, j + 1);
    if (open < 0) {
      if (text.trim()) statements.push({ prelude: text.trim() });
    } else {
      statements.push({ prelude: css.slice(i, open).trim(), block: css.slice(open + 1, j) });
    }
    i = j + 1;
  }
  return statements;
}

/** The stylesheet text less the rules no element of the markup can use. */
export function stylesForMarkup(css: string, classes: ReadonlySet<string>): string {
  let kept = '';
  for (const { prelude, block } of statementsOf(css)) {
    if (block === undefined) {
      kept += prelude.endsWith(';') ? prelude : `${prelude};`;
    } else if (prelude.startsWith('@')) {
      if (!GROUPING.test(prelude)) kept += `${prelude}{${block}}`;
      else {
        const inner = stylesForMarkup(block, classes);
        if (inner) kept += `${prelude}{${inner}}`;
      }
    } else if (block.includes('{') || splitTopLevel(prelude, ',').some((selector) => mayMatch(selector, classes))) {
      // A rule with rules nested in it stays whole.
      kept += `${prelude}{${block}}`;
    }
  }
  return kept;
}
