import { CONTRACT_VERSION, PAGE_KEYS, type RemoteManifest } from '@member/shared-core';

const manifest: RemoteManifest = { contractVersion: CONTRACT_VERSION, theme: 'PRE8', pages: PAGE_KEYS };

export default manifest;
