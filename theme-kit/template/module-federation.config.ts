import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { remoteFederationConfig } from '@member/build-preset';

export const federationConfig = remoteFederationConfig(import.meta.dirname);
export const federationPlugin = pluginModuleFederation(federationConfig);
