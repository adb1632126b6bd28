import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { remoteFederationConfig } from '@member/shared-core/federation';

export const federationConfig = remoteFederationConfig('PRE8', import.meta.dirname);
export const federationPlugin = pluginModuleFederation(federationConfig);
