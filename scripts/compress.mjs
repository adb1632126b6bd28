// Writes `.br` and `.gz` siblings for the text assets of the four production builds, so the
// static server can send precompressed bytes (brotli quality 11, gzip level 9) without compressing
// per request.
//
//   node scripts/compress.mjs            the four dist folders (under MEMBER_DIST_ROOT if set)
//   node scripts/compress.mjs DIR...     the given folders
//
// A compressed copy is up to date when it is at least as new as its source; up-to-date copies are
// skipped, copies whose source is gone are removed. Each copy is written to a temporary name and
// renamed, so a running server never reads a half-written file.
import { readdir, readFile, writeFile, rename, stat, unlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import zlib from 'node:zlib';
import { themeRemotes } from './workspace.mjs';
import { CSP_NONCE_PLACEHOLDER } from './csp.mjs';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const WORKSPACE_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** The host and every theme remote of the workspace. */
export const DIST_PACKAGES = ['host', ...themeRemotes(WORKSPACE_ROOT).map(({ dir }) => dir)];

/** Extensions worth compressing. Source maps are left out: only devtools fetch them. */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.cjs', '.css', '.html', '.json', '.svg', '.txt', '.xml', '.webmanifest']);
export const MIN_SIZE = 1024;
const ENCODINGS = [
  { ext: '.br', compress: (buf) => brotli(buf, brotliOptions(buf.length)) },
  { ext: '.gz', compress: (buf) => gzip(buf, { level: 9 }) },
];

function brotliOptions(size) {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/** The dist folders of the four bundles, under `root` (MEMBER_DIST_ROOT, else the workspace). */
export function distDirs(root = process.env.MEMBER_DIST_ROOT || WORKSPACE_ROOT) {
  return DIST_PACKAGES.map((pkg) => path.join(path.resolve(root), pkg, 'dist'));
}

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function mtimeOrNull(file) {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * A page the server sends with a fresh nonce in it (scripts/csp.mjs): a copy made here would carry the placeholder
 * instead, and be sent in the page's place by a server that prefers copies (nginx's gzip_static), so none is made and an
 * old one is removed.
 */
function takesNonce(buf) {
  return buf.includes(`nonce="${CSP_NONCE_PLACEHOLDER}"`);
}

async function compressFile(file, size, mtimeMs, totals) {
  if (file.endsWith('.html') && takesNonce(await readFile(file))) {
    for (const { ext } of ENCODINGS) {
      if ((await mtimeOrNull(file + ext)) === null) continue;
      await unlink(file + ext);
      totals.removed += 1;
    }
    return;
  }
  let buf;
  for (const { ext, compress } of ENCODINGS) {
    const target = file + ext;
    const targetTime = await mtimeOrNull(target);
    if (targetTime !== null && targetTime >= mtimeMs) {
      totals.skipped += 1;
      continue;
    }
    buf ??= await readFile(file);
    const out = await compress(buf);
    if (out.length >= size) {
      // No gain: leave no copy, the server then sends the file itself.
      if (targetTime !== null) await unlink(target);
      continue;
    }
    const tmp = `${target}.tmp-${process.pid}`;
    await writeFile(tmp, out);
    await rename(tmp, target);
    totals.written += 1;
    totals.bytes[ext] = (totals.bytes[ext] ?? 0) + out.length;
  }
}

/** Runs `fn` over `items` with at most `limit` at a time. */
async function pool(items, limit, fn) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await fn(item);
    }
  });
  await Promise.all(workers);
}

/**
 * Compresses the text assets of the given folders. Missing folders are reported and skipped.
 * @param {string[]} [dirs] defaults to the four dist folders
 * @param {{ minSize?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<{ files: number, written: number, skipped: number, removed: number, bytesIn: number,
 *   bytes: Record<string, number>, missing: string[] }>} `bytes` sums the copies written this run, per extension
 */
export async function compressDists(dirs = distDirs(), { minSize = MIN_SIZE, log = () => {} } = {}) {
  const totals = { files: 0, written: 0, skipped: 0, removed: 0, bytesIn: 0, bytes: {}, missing: [] };
  const jobs = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) {
      totals.missing.push(dir);
      log(`compress: ${path.relative(process.cwd(), dir) || dir} does not exist, skipped`);
      continue;
    }
    for await (const file of walk(dir)) {
      const ext = path.extname(file);
      if (ext === '.br' || ext === '.gz') {
        const source = file.slice(0, -ext.length);
        // Only copies this script would have made; a real archive (data.tar.gz) stays.
        if (COMPRESSIBLE.has(path.extname(source).toLowerCase()) && !existsSync(source)) {
          await unlink(file);
          totals.removed += 1;
        }
        continue;
      }
      if (!COMPRESSIBLE.has(ext.toLowerCase())) continue;
      const info = await stat(file);
      if (info.size < minSize) continue;
      jobs.push({ file, size: info.size, mtimeMs: info.mtimeMs });
      totals.bytesIn += info.size;
    }
  }
  totals.files = jobs.length;
  // zlib runs on libuv's thread pool; a few files at a time keep both cores busy.
  await pool(jobs, Math.max(2, availableParallelism()), (job) => compressFile(job.file, job.size, job.mtimeMs, totals));
  return totals;
}

function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

export const USAGE = 'usage: node scripts/compress.mjs [DIR...]   (no folder: the four dist folders)';

/** The folders named on the command line (none: the dist folders); throws with the usage on any flag. */
export function parseCompressArgs(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new Error(`${error.message}\n${USAGE}`, { cause: error });
  }
  return { dirs: parsed.positionals, help: parsed.values.help };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let args;
  try {
    args = parseCompressArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`compress: ${error.message}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const dirs = args.dirs.length ? args.dirs.map((dir) => path.resolve(dir)) : distDirs();
  const started = performance.now();
  const result = await compressDists(dirs, { log: (line) => console.log(line) });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `compress: ${result.files} assets (${kib(result.bytesIn)}), ${result.written} copies written ` +
      `(br ${kib(result.bytes['.br'] ?? 0)}, gz ${kib(result.bytes['.gz'] ?? 0)}), ` +
      `${result.skipped} up to date, ${result.removed} stale removed, ${seconds} s`,
  );
  if (result.missing.length === dirs.length) {
    console.error('compress: none of the folders exists; build first');
    process.exit(1);
  }
}
