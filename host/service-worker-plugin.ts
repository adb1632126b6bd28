import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { logger, rspack, type RsbuildPlugin, type Rspack } from '@rsbuild/core';
import { injectManifest } from '@serwist/build';
import { offlinePageTestIds, offlinePageText } from '@member/shared-core/offline-page';
import { OFFLINE_PAGE_PATH, WORKER_PATH } from './src/features/worker/cache-rules';

const here = import.meta.dirname;

/** Every file of the shell the worker precaches must be one the build wrote; a bigger one is a mistake, not a shell. */
const MAX_PRECACHED_FILE_BYTES = 2 * 1024 * 1024;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The offline page: static markup in Thai (its script puts the member's language, brand and colours in). */
export function offlinePageHtml({ script, style }: { script: string; style: string }): string {
  const th = offlinePageText.th;
  return `<!doctype html>
<html lang="th">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="strict-origin-when-cross-origin">
<title>${escapeHtml(th.title)}</title>
<link rel="stylesheet" href="${style}">
<script defer src="${script}"></script>
</head>
<body>
<main class="offline" data-testid="${offlinePageTestIds.page}">
<img class="offline__logo" alt="" width="96" height="96" hidden>
<p class="offline__name"></p>
<h1 class="offline__title">${escapeHtml(th.title)}</h1>
<p class="offline__help">${escapeHtml(th.help)}</p>
<button type="button" class="offline__retry" data-testid="${offlinePageTestIds.retry}">${escapeHtml(th.retry)}</button>
<p class="offline__status" role="status" data-testid="${offlinePageTestIds.status}"></p>
</main>
</body>
</html>
`;
}

/**
 * The first screen's files, read from the built index.html (after the bundler's final content hashes are in it): every
 * script and stylesheet it preloads (the entry and what the entry loads at start, firstScreenPlugin), and the guest
 * strings of both languages, which its early start asks for. Paths under the build's root.
 */
export function shellFilesOf(html: string): string[] {
  const files = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel="preload"/.test(tag) || !/\bas="(script|style)"/.test(tag)) continue;
    const href = /\bhref="\/(static\/[^"]+)"/.exec(tag)?.[1];
    if (href) files.add(href);
  }
  for (const [, file] of html.matchAll(/"\/(static\/js\/async\/strings-(?:th|en)-guest\.[0-9a-f]+\.js)"/g)) files.add(file!);
  return [...files];
}

function bundleConfig(
  name: string,
  entry: string,
  target: 'webworker' | 'web',
  outputPath: string,
  filename: string,
): Rspack.Configuration {
  return {
    name,
    mode: 'production',
    target,
    context: here,
    entry: { [name]: entry },
    devtool: false,
    output: { path: outputPath, filename, clean: false, publicPath: '/' },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2020' },
          },
          type: 'javascript/auto',
        },
      ],
    },
    optimization: { minimize: true },
    performance: { hints: false },
  };
}

function compile(configs: Rspack.Configuration[]): Promise<Rspack.MultiStats> {
  const compiler = rspack(configs);
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) reject(error);
      else if (!stats || stats.hasErrors())
        reject(new Error(`service worker build failed:\n${stats?.toString({ all: false, errors: true }) ?? ''}`));
      else resolve(stats);
    });
  });
}

/**
 * The service worker and the brand's offline page, built once the host's own build is done (a production build only):
 *
 * 1. `src/worker/sw.ts` and `src/features/worker/offline-page.ts` are bundled with the host's Rspack (the worker as a web
 *    worker, without a hash: it is always `/sw.js`; the page's script and stylesheet with content hashes);
 * 2. `offline.html` is written beside `index.html`;
 * 3. Serwist's injectManifest writes the precache list into `/sw.js`: `index.html`, the offline page and its files,
 *    and the first screen's files (`shellFilesOf`), each with a revision from its content (hashed names need none). A new deploy changes index.html, so `/sw.js` changes and open pages learn of the update.
 *
 * Everything lands in `dist/` before `scripts/build.mjs` compresses it, so the `.br`/`.gz` copies are of the final files.
 * Not a bundler plugin inside the host's compilation (workbox-webpack-plugin's InjectManifest leans on webpack internals
 * Rspack does not fully mirror, and would run a child compilation inside the Module Federation host): the worker is a
 * small bundle of its own, and injectManifest works on the file whatever built it.
 */
export function serviceWorkerPlugin(environment: string): RsbuildPlugin {
  return {
    name: 'member-service-worker',
    setup(api) {
      api.onAfterBuild(async ({ environments }) => {
        // The browser's build (`environment`; a production build also builds the drawing step's entry for Node).
        const dist = (environments[environment] ?? Object.values(environments)[0])!.distPath;
        const scratch = await mkdtemp(path.join(tmpdir(), 'member-sw-'));
        try {
          const stats = await compile([
            bundleConfig('sw', './src/worker/sw.ts', 'webworker', scratch, '[name].js'),
            bundleConfig('offline', './src/features/worker/offline-page.ts', 'web', dist, 'static/js/offline.[contenthash:10].js'),
          ]);
          const offlineScript = stats.stats[1]!.toJson({ all: false, assets: true }).assets!.find((asset) =>
            asset.name.endsWith('.js'),
          )!.name;
          const css = await readFile(path.join(here, 'src/features/worker/offline-page.css'));
          const style = `static/css/offline.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
          await mkdir(path.join(dist, 'static/css'), { recursive: true });
          await writeFile(path.join(dist, style), css);
          const offlineHtml = OFFLINE_PAGE_PATH.slice(1);
          await writeFile(path.join(dist, offlineHtml), offlinePageHtml({ script: `/${offlineScript}`, style: `/${style}` }));
          const shell = shellFilesOf(await readFile(path.join(dist, 'index.html'), 'utf8'));
          if (shell.length === 0) throw new Error('service worker: the first-screen plugin reported no files to precache');
          const result = await injectManifest({
            swSrc: path.join(scratch, 'sw.js'),
            swDest: path.join(dist, WORKER_PATH.slice(1)),
            globDirectory: dist,
            globPatterns: ['index.html', offlineHtml, offlineScript, style, ...shell],
            // A hashed name is its own revision.
            dontCacheBustURLsMatching: /[.-][0-9a-f]{8,64}\.[a-z0-9]+$/i,
            maximumFileSizeToCacheInBytes: MAX_PRECACHED_FILE_BYTES,
            modifyURLPrefix: { '': '/' },
          });
          if (result.warnings.length > 0) throw new Error(`service worker: ${result.warnings.join('; ')}`);
          if (result.count !== shell.length + 4) {
            throw new Error(`service worker: precached ${result.count} files, expected ${shell.length + 4}`);
          }
          logger.info(`service worker: /sw.js precaches ${result.count} files (${(result.size / 1024).toFixed(1)} KiB)`);
        } finally {
          await rm(scratch, { recursive: true, force: true });
        }
      });
    },
  };
}
