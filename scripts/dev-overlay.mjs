// Rsbuild's dev client draws a build error over the page (its error overlay) inside a shadow root holding one inline
// <style>. The page's policy allows no inline style, so without more that style is refused ("Applying inline style
// violates … style-src") and the overlay shows nothing a developer can read. Its text is fixed in the client's source
// (@rsbuild/core's dist/client/overlay.js), so `npm run dev` reads it from the Rsbuild each dev server runs and lets
// the policy name its hash: that one style element, and no other, may apply.
//
// The error's text is coloured the way the terminal colours it, with `style` attributes on its spans
// (`<span style="color:#fb6a6a;">`), one per ANSI colour sequence, from a fixed palette in Rsbuild's server code. The
// policy allows exactly those values, by hash ('unsafe-hashes' in style-src-attr, which lets a hash match an attribute):
// each colour or weight alone and any two together, the most one sequence of a compiler's message holds.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { styleHash } from './csp.mjs';

/**
 * The text of the overlay's <style> element as its source writes it, or null when the source holds no such element or
 * its text is not literal (an escape or a `${…}` would make the source differ from what the browser hashes).
 */
export function overlayStyleText(source) {
  const match = /<style>([\s\S]*?)<\/style>/.exec(source);
  if (!match) return null;
  const text = match[1];
  return text.includes('\\') || text.includes('${') || text.includes('`') ? null : text;
}

/** The dist folder of the @rsbuild/core that the package in `dir` resolves. */
function rsbuildDist(dir) {
  return path.dirname(createRequire(path.join(dir, 'package.json')).resolve('@rsbuild/core'));
}

/** The overlay client of the @rsbuild/core that the package in `dir` resolves. */
export function overlaySourceOf(dir) {
  return readFileSync(path.join(rsbuildDist(dir), 'client', 'overlay.js'), 'utf8');
}

/**
 * The declarations the overlay's spans carry, from the source of Rsbuild's ANSI-to-HTML conversion (its `styles`
 * table: `31: 'color:#fb6a6a'`), or an empty list when the source holds none.
 */
export function spanStylesOf(source) {
  const at = source.indexOf('function ansiHTML(');
  if (at < 0) return [];
  const table = /styles = \{([^}]*)\}/.exec(source.slice(Math.max(0, at - 4000), at))?.[1] ?? '';
  return [...new Set([...table.matchAll(/\d+:\s*'([^'\\]+)'/g)].map((match) => match[1]))];
}

/** Every `style` attribute value a span can get from one sequence of one or two of those codes (`a;` or `a;b;`). */
export function spanStyleValues(styles) {
  return [...new Set([...styles.map((a) => `${a};`), ...styles.flatMap((a) => styles.map((b) => `${a};${b};`))])];
}

/** The source of Rsbuild's server code that holds the ANSI-to-HTML conversion (a chunk whose name may change). */
function spanStyleSourceOf(dir) {
  const dist = rsbuildDist(dir);
  for (const name of readdirSync(dist).filter((file) => file.endsWith('.js'))) {
    const text = readFileSync(path.join(dist, name), 'utf8');
    if (text.includes('function ansiHTML(')) return text;
  }
  return '';
}

/**
 * The `'sha256-…'` sources of the overlay's style element and of its spans' style attributes, for the dev servers of
 * these packages (one set per Rsbuild version), and the folders whose overlay could not be read whole (their build
 * errors then show in the terminal, and over the page without their styles or colours).
 * @param {string[]} dirs the packages whose dev servers run (the host, the theme)
 */
export function overlayStyleHashes(dirs) {
  const hashes = new Set();
  const attributeHashes = new Set();
  const unread = [];
  for (const dir of dirs) {
    let text;
    let spans;
    try {
      text = overlayStyleText(overlaySourceOf(dir));
      spans = spanStylesOf(spanStyleSourceOf(dir));
    } catch {
      text = null;
    }
    if (text === null || spans.length === 0) unread.push(dir);
    if (text !== null) hashes.add(styleHash(text));
    for (const value of spanStyleValues(spans ?? [])) attributeHashes.add(styleHash(value));
  }
  return { hashes: [...hashes], attributeHashes: [...attributeHashes], unread };
}
