import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { remoteBuildOptions, themeTokensPlugin } from '@member/build-preset';
import { federationPlugin } from './module-federation.config';

export default defineConfig({
  plugins: [pluginReact(), federationPlugin, themeTokensPlugin(import.meta.dirname)],
  ...remoteBuildOptions(import.meta.dirname),
});
