import { CONTRACT_VERSION, PAGE_KEYS, type RemoteManifest } from '@member/shared-core';

const manifest: RemoteManifest = { contractVersion: CONTRACT_VERSION, theme: 'OSAKA39', pages: PAGE_KEYS };

export default manifest;
