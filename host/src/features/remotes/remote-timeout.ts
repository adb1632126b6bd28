import { LOAD_CAP_MS } from './load-watch';

/**
 * How long one file of a remote (its manifest, its signed list, its remoteEntry) may take: as long as a whole theme
 * load may. Whether a remote is dead is told by its load's progress (load-watch.ts), never by one file's clock, which
 * on a busy phone runs out while the file is already there.
 */
export const REMOTE_RESOURCE_TIMEOUT_MS = LOAD_CAP_MS;
