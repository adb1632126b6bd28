// One vocabulary past the schema: sites.json keeps the operator's field names (web, layout, css, divisions, LineID,
// LineLink, components[].activeLayout…), shared-core's schema maps each entry once into a `Site` (brand, theme,
// flavour, pages with their frame theme, divided), and nothing after it reads the old names. This finds code that
// does, outside the few files whose work is the file's own format (ALLOWED, each with its reason).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { WORKSPACE_ROOT } from './shared-core.mjs';

/** Where our code lives (built output, dependencies and generated files are not read). */
const ROOTS = ['host/src', 'shared-core/src', 'ui-kit/src', 'theme-kit/src', 'build-preset/src', 'member-api-sim/src', 'e2e', 'scripts'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-server', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx|mjs|js)$/;

/**
 * Reads of an old name, in code: a property access (`site.web`, `useSite().css`, `s.LineID`) or a destructuring
 * (`const { web } = useSite()`). `layout` and `css` are common words elsewhere (a CSS module's `styles.layout`), so
 * they count only on something named as a site or an entry.
 */
export const OLD_NAME_READS = [
  /\??\.(web|divisions|LineID|LineLink|activeLayout)\b(?!\s*\()/,
  /\b(site|entry|raw|own|s|useSite\(\))\??\.(layout|css|register|themes|components)\b/,
  /\{[^}=]*\b(web|divisions|activeLayout)\b[^}=]*\}\s*=/,
];

/** Files whose work is the operator's format itself; each says why. Paths from the workspace root. */
export const ALLOWED = new Map([
  ['shared-core/src/schema/site-config.ts', 'the schema: it reads the file and maps each entry to a Site'],
  ['shared-core/src/types/site-config.ts', "the file's own shape (RawSiteEntry), which only the schema reads"],
  ['shared-core/src/schema/site-entries.ts', "the writer: generated registries and tests' served copies change entries through it"],
  ['shared-core/src/bridge/types.ts', 'the bridge contract: SiteView still declares the 2.0-2.4 names, sent for remotes built before 2.5'],
  ['shared-core/src/bridge/site-view.ts', 'writes those 2.0-2.4 names beside the 2.5 ones (withPre25Names), for the same remotes'],
  ['shared-core/src/schema/schema.test.ts', 'a test of the schema: it writes broken entries and reads the problems it names'],
  ['shared-core/src/schema/site-mapping.test.ts', "a test of the schema's mapping from the file's names"],
  ['host/src/core/base/test-member.ts', "builds test sites from entries in the file's names, through the schema (toSite)"],
  ['host/src/app/bridge/site-view.test.ts', 'a contract test: the bridge still sends the 2.0-2.4 names'],
  [
    'host/src/core/config/early-start/raw-site.ts',
    "the inline start runs in the page before the schema has loaded: it reads the few fields it needs of the raw entry here, and its other modules use its own names (early-start-parity.test.ts holds the reading to the host's, through the schema)",
  ],
  [
    'host/src/features/worker/offline-look.ts',
    'the offline page reads the stored file leniently on purpose: a brand whose entry the schema would refuse as a whole still shows its name and colours offline, the logo held to the safe-URL guard',
  ],
  ['scripts/drawn-pages.test.mjs', "writes a stand-in of the host's drawing module, which is handed the file as written"],
  ['e2e/tests/theme-registry.spec.ts', "serves broken entries on purpose, to see the host's schema refuse each named field"],
  ['scripts/contract-check.mjs', "checkPrefix's `divisions` is the operator API's own field, not the file's"],
  ['scripts/site-vocabulary.mjs', 'this guard: it names the old names to find them'],
  ['scripts/site-vocabulary.test.mjs', "the guard's test: it writes old-name reads to see them found"],
]);

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}

/** The lines of `text` that read an old name, as `line: text` (comments and strings that only mention one are left). */
export function oldNameReads(text) {
  const found = [];
  for (const [index, line] of text.split('\n').entries()) {
    const code = line
      .replace(/\/\/.*$/, '')
      .replace(/^\s*\*.*$/, '')
      .replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "''");
    if (OLD_NAME_READS.some((pattern) => pattern.test(code))) found.push(`${index + 1}: ${line.trim()}`);
  }
  return found;
}

/** Every file outside ALLOWED that reads an old name, with its lines. */
export function oldNameReaders(root = WORKSPACE_ROOT) {
  const readers = [];
  for (const dir of ROOTS) {
    for (const file of sourceFiles(path.join(root, dir))) {
      const rel = path.relative(root, file).split(path.sep).join('/');
      if (ALLOWED.has(rel)) continue;
      const lines = oldNameReads(readFileSync(file, 'utf8'));
      if (lines.length > 0) readers.push({ file: rel, lines });
    }
  }
  return readers;
}
