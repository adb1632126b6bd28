import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { remoteFederationConfig } from '@member/build-preset';
import { MIN_HOST_CONTRACT } from './src/min-host-contract';

export const federationConfig = remoteFederationConfig(import.meta.dirname, { minHostContract: MIN_HOST_CONTRACT });
export const federationPlugin = pluginModuleFederation(federationConfig);
