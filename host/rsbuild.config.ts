import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { esmFederationRuntime } from '@member/build-preset';
import { federationConfig } from './module-federation.config';

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(federationConfig)],
  source: { entry: { index: './src/index.ts' } },
  resolve: {
    alias: {
      // The build without the stylesheet injector: the CSP allows no inline <style> (src/dialogs/sweetalert.ts).
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
    copy: [{ from: path.resolve(import.meta.dirname, '../sites.json'), to: 'sites.json' }],
  },
  server: { port: Number(process.env.HOST_PORT ?? 3000), historyApiFallback: true },
  performance: { chunkSplit: { strategy: 'split-by-experience', override: { minSize: 4000 } } },
  tools: { rspack: esmFederationRuntime },
});
