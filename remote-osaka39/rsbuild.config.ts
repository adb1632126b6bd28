import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { remoteBuildOptions } from '@member/shared-core/federation';
import { federationPlugin } from './module-federation.config';

export default defineConfig({ plugins: [pluginReact(), federationPlugin], ...remoteBuildOptions('OSAKA39') });
