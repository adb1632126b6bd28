import { createRequire } from 'node:module';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { esmFederationRuntime } from '@member/build-preset';
import { federationConfig } from './module-federation.config';
import { firstScreenPlugin } from './first-screen-plugin';
import { serviceWorkerPlugin } from './service-worker-plugin';

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation(federationConfig),
    firstScreenPlugin(),
    serviceWorkerPlugin(),
  ],
  source: { entry: { index: './src/index.ts' } },
  resolve: {
    alias: {
      // The build without the stylesheet injector: the CSP allows no inline <style> (src/lib/sweetalert.ts).
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
    distPath: { root: process.env.NODE_ENV === 'production' ? 'dist' : 'dist-dev' },
  },
  server: { port: Number(process.env.HOST_PORT ?? 3000), historyApiFallback: true },
  // Lazy compilation (Rsbuild's dev default for dynamic imports) would leave the named chunk groups the first-screen
  // plugin lists (session, api-core, hooks-*, the strings) unbuilt until asked for, and the dev page unbuildable.
  dev: { lazyCompilation: false },
  performance: { chunkSplit: { strategy: 'split-by-experience', override: { minSize: 4000 } } },
  tools: { rspack: esmFederationRuntime },
});
