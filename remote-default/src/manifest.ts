import { PAGE_KEYS, type RemoteManifest } from '@member/shared-core';
import { MIN_HOST_CONTRACT } from './min-host-contract';

declare const __REMOTE_CONTRACT_VERSION__: string;

const manifest: RemoteManifest = {
  contractVersion: __REMOTE_CONTRACT_VERSION__,
  minHostContract: MIN_HOST_CONTRACT,
  theme: 'default',
  pages: PAGE_KEYS,
};

export default manifest;
