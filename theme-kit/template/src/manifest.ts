import { PAGE_KEYS, type RemoteManifest } from '@member/shared-core';

declare const __REMOTE_CONTRACT_VERSION__: string;

const manifest: RemoteManifest = { contractVersion: __REMOTE_CONTRACT_VERSION__, theme: '__THEME__', pages: PAGE_KEYS };

export default manifest;
