import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { remoteBuildOptions } from '@member/build-preset';
import { federationPlugin } from './module-federation.config';

export default defineConfig({ plugins: [pluginReact(), federationPlugin], ...remoteBuildOptions(import.meta.dirname) });
