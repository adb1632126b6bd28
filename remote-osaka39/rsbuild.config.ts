import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { federationConfig } from './module-federation.config';

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(federationConfig)],
  server: { port: Number(process.env.REMOTE_OSAKA39_PORT ?? 3003), cors: true },
  output: {
    // Chunks must load from this remote's own origin, wherever the host runs.
    assetPrefix: 'auto',
    filenameHash: true,
    cleanDistPath: true,
  },
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
  tools: { htmlPlugin: true },
  source: { entry: { index: './src/index.ts' } },
});
