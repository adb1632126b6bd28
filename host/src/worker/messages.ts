/** What the pages and the service worker say to each other, and the worker's caches (sw.ts, register-worker.ts). */

/** A page tells the worker the member's session ended: it drops anything the rules would not store. */
export const SESSION_ENDED_MESSAGE = 'member-session-ended';
/** A page tells the worker a theme release was refused: it drops its stored copies of the files listed (`urls`). */
export const RELEASE_REFUSED_MESSAGE = 'member-release-refused';
/** A page tells a waiting worker to take over (Serwist listens for this type). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/** Every cache the worker fills; nothing else of the origin's Cache Storage is its. */
export const WORKER_CACHES = {
  precache: 'member-precache',
  chunks: 'member-chunks',
  runtimeFiles: 'member-run-time-files',
  images: 'member-images',
} as const;
