import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { CONTRACT_VERSION } from '@member/shared-core';
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
  source: {
    entry: { index: './src/index.ts' },
    // Baked in at build time: at run time shared-core is the host's copy, so it cannot tell which contract this build speaks.
    define: { __REMOTE_CONTRACT_VERSION__: JSON.stringify(CONTRACT_VERSION) },
  },
});
