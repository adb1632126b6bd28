import { createRequire } from 'node:module';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { DRAWING_ENVIRONMENT, esmFederationRuntime, WEB_ENVIRONMENT } from '@member/build-preset';
import { DRAWING_BUNDLE } from '@member/shared-core/drawing';
import { federationConfig } from './module-federation.config';
import { firstScreenPlugin } from './first-screen-plugin';
import { serviceWorkerPlugin } from './service-worker-plugin';

const production = process.env.NODE_ENV === 'production';
const entry = { index: './src/index.ts' };
type DrawingRspackConfig = {
  output?: Record<string, unknown>;
  optimization?: Record<string, unknown>;
  experiments?: Record<string, unknown>;
  externalsType?: string;
  plugins?: unknown[];
};
type DrawingRspack = { NormalModuleReplacementPlugin: new (pattern: RegExp, replace: (data: { request?: string }) => void) => unknown };

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(federationConfig), firstScreenPlugin(), serviceWorkerPlugin(WEB_ENVIRONMENT)],
  ...(production
    ? {
        // A production build is built twice from the same sources: for the browser, and for the drawing step, which
        // draws the pages into the HTML under Node with the app itself (src/app/routes/draw-page.tsx), into dist-server/.
        environments: {
          [WEB_ENVIRONMENT]: { source: { entry } },
          [DRAWING_ENVIRONMENT]: {
            source: { entry: { drawing: './src/app/routes/draw-page.tsx' } },
            output: {
              target: 'node' as const,
              distPath: { root: 'dist-server', js: '', jsAsync: '' },
              filename: { js: DRAWING_BUNDLE },
              filenameHash: false,
              assetPrefix: '/',
              emitCss: false,
              emitAssets: false,
              minify: false,
            },
            performance: { chunkSplit: { strategy: 'all-in-one' as const } },
            tools: {
              htmlPlugin: false,
              rspack: (config: DrawingRspackConfig, { rspack }: { rspack: DrawingRspack }) => {
                // CommonJS, whatever the package's own module type: the drawing step evaluates it with a require of its own.
                config.output = {
                  ...config.output,
                  module: false,
                  chunkFormat: 'commonjs',
                  library: { type: 'commonjs2' },
                  asyncChunks: false,
                };
                config.experiments = { ...config.experiments, outputModule: false };
                config.externalsType = 'commonjs';
                config.optimization = { ...config.optimization, splitChunks: false, runtimeChunk: false };
                config.plugins = [
                  ...(config.plugins ?? []),
                  // The themes' components come from their verified server builds, never from the federation runtime.
                  new rspack.NormalModuleReplacementPlugin(/[\\/]remotes[\\/]theme-loader(\.ts)?$/, (data) => {
                    data.request = data.request?.replace(/theme-loader(\.ts)?$/, 'drawing-loader');
                  }),
                  new rspack.NormalModuleReplacementPlugin(/[\\/]remotes[\\/]remote-registry(\.ts)?$/, (data) => {
                    data.request = data.request?.replace(/remote-registry(\.ts)?$/, 'drawing-registry');
                  }),
                ];
              },
            },
          },
        },
      }
    : { source: { entry } }),
  resolve: {
    alias: {
      // The build without the stylesheet injector: the CSP allows no inline <style> (src/core/lib/sweetalert.ts).
      sweetalert2$: createRequire(import.meta.url).resolve('sweetalert2/dist/sweetalert2.esm.js'),
    },
  },
  html: {
    title: 'Member',
    meta: {
      // The page viewport is locked, no user scaling.
      viewport: 'width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no, viewport-fit=cover',
      'color-scheme': 'light dark',
      referrer: 'strict-origin-when-cross-origin',
    },
    template: './src/index.html',
  },
  output: {
    filenameHash: true,
    cleanDistPath: true,
    // The dev server's output (served from memory) has a folder of its own, so starting it never empties the `dist`
    // that the demo server serves.
    distPath: { root: production ? 'dist' : 'dist-dev' },
  },
  server: { port: Number(process.env.HOST_PORT ?? 3000), historyApiFallback: true },
  // Lazy compilation (Rsbuild's dev default for dynamic imports) would leave the named chunk groups the first-screen
  // plugin lists (session, api-core, hooks-*, the strings) unbuilt until asked for, and the dev page unbuildable.
  dev: { lazyCompilation: false },
  performance: { chunkSplit: { strategy: 'split-by-experience', override: { minSize: 4000 } } },
  tools: { rspack: esmFederationRuntime },
});
