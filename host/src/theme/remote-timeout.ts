/**
 * A black-holed remote would otherwise hold its remoteEntry script for 20 s (and its manifest fetch, which
 * remote-manifest.ts bounds with the same figure); three seconds lets the host fall back to another theme well
 * inside the six the members wait.
 */
export const REMOTE_RESOURCE_TIMEOUT_MS = 3000;
