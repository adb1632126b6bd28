// Build-time only: the server build of a theme remote, what the host's drawing step renders its pages with.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_KEYS } from '@member/shared-core/contract';
import { DRAWING_BUNDLE, DRAWING_DIR, DRAWING_SHARED } from '@member/shared-core/drawing';

/** The Rsbuild environment names of a remote's production build: the browser's, and the drawing step's. */
export const WEB_ENVIRONMENT = 'web';
export const DRAWING_ENVIRONMENT = 'drawing';

/** The modules a remote exposes to the host (`./manifest`, `./layout`, `./pages/<key>`), by name, with their files. */
export function exposedModules(): Record<string, string> {
  return {
    './manifest': './src/manifest.ts',
    './layout': './src/layout.tsx',
    ...Object.fromEntries(PAGE_KEYS.map((key) => [`./pages/${key}`, `./src/pages/${key}.tsx`])),
  };
}

/**
 * The drawing build's entry, written on every build beside the remote's installed packages: every exposed module,
 * imported as the browser build exposes it, under its exposed name. Generated rather than kept in each remote, so the
 * drawing step renders exactly what the host loads in the browser, and a new page key reaches every theme's drawing.
 */
export function writeDrawingEntry(dirname: string): string {
  const dir = path.join(dirname, 'node_modules', '.cache', 'member-drawing');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'entry.js');
  const entries = Object.entries(exposedModules());
  const lines = [
    '// Written by @member/build-preset (drawing-build.ts) on every build: the exposed modules, for the drawing step.',
    ...entries.map(
      ([, source], index) =>
        `import * as m${index} from ${JSON.stringify(path.relative(dir, path.join(dirname, source)).split(path.sep).join('/'))};`,
    ),
    `export const exposes = { ${entries.map(([name], index) => `${JSON.stringify(name)}: m${index}`).join(', ')} };`,
    '',
  ];
  writeFileSync(file, lines.join('\n'));
  return file;
}

type RspackConfig = { externals?: unknown; output?: Record<string, unknown>; optimization?: Record<string, unknown> };

/**
 * The drawing environment of a remote's production build: the same exposed modules for Node, one CommonJS file
 * (`dist/server/drawing.cjs`, listed and signed with the rest of the release). React and the contract are not in
 * it: like the browser build, which takes them from the host as shared singletons, it asks the drawing step for
 * them (its `require`), so the host's bridge context is the one the theme's components read. Its CSS-module class
 * names are the browser build's (the same files, the same name pattern); its CSS is not written (the browser's is).
 */
export function drawingEnvironment(dirname: string, localIdentName: string) {
  const entry = writeDrawingEntry(dirname);
  return {
    source: { entry: { drawing: entry } },
    output: {
      target: 'node' as const,
      distPath: { root: path.join('dist', DRAWING_DIR), js: '', jsAsync: '' },
      filename: { js: DRAWING_BUNDLE },
      filenameHash: false,
      cleanDistPath: false,
      assetPrefix: '/',
      emitCss: false,
      emitAssets: false,
      minify: false,
      cssModules: { localIdentName, exportOnlyLocals: true },
    },
    security: { sri: { enable: false } },
    performance: { chunkSplit: { strategy: 'all-in-one' as const } },
    tools: {
      htmlPlugin: false,
      rspack: (config: RspackConfig) => {
        config.output = { ...config.output, library: { type: 'commonjs2' }, asyncChunks: false };
        config.externals = Object.fromEntries(DRAWING_SHARED.map((name) => [name, `commonjs ${name}`]));
        config.optimization = { ...config.optimization, splitChunks: false, runtimeChunk: false };
      },
    },
  };
}
