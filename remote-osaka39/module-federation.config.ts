import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { remoteFederationConfig } from '@member/shared-core/federation';
import { MIN_HOST_CONTRACT } from './src/min-host-contract';

export const federationConfig = remoteFederationConfig('OSAKA39', import.meta.dirname, { minHostContract: MIN_HOST_CONTRACT });
export const federationPlugin = pluginModuleFederation(federationConfig);
