import { sharedDependencies } from '@member/shared-core/federation';
import { PAGE_KEYS, REMOTE_NAMES } from '@member/shared-core';

const pages = Object.fromEntries(PAGE_KEYS.map((key) => [`./pages/${key}`, `./src/pages/${key}.tsx`]));

export const federationConfig = {
  name: REMOTE_NAMES['OSAKA39'],
  filename: 'remoteEntry.js',
  exposes: {
    './manifest': './src/manifest.ts',
    './layout': './src/layout.tsx',
    ...pages,
  },
  shared: sharedDependencies(import.meta.dirname),
  dts: false,
  shareStrategy: 'loaded-first' as const,
};
