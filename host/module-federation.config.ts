import { sharedDependencies } from '@member/build-preset';

/** The host declares no remotes at build time: they are registered from /config.json at run time. */
export const federationConfig = {
  name: 'member_host',
  remotes: {},
  shared: sharedDependencies(import.meta.dirname),
  dts: false,
  shareStrategy: 'loaded-first' as const,
  // Remotes are built against this runtime (externalRuntime), so the host provides it.
  // target 'web' lets the bundler drop the runtime's Node-only branches. No snapshot: the host reads the remotes'
  // manifests itself and registers their remoteEntry (src/features/remotes/remote-registry.ts), so the runtime's manifest
  // and preload plugins would be dead weight in the first script.
  experiments: { provideExternalRuntime: true, optimization: { target: 'web' as const, disableSnapshot: true } },
  runtimePlugins: ['./src/features/remotes/plugins/signed-scripts.ts'],
};
