/** What the pages and the service worker say to each other, and the worker's caches (sw.ts, register-worker.ts). */

/** A page tells the worker the member's session ended: it drops anything the rules would not store. */
export const SESSION_ENDED_MESSAGE = 'member-session-ended';
/**
 * A page that came as a member's frame drawn in the HTML, before any worker controlled it, tells the worker its address
 * (`url`): the worker asks for it and keeps the frame, so the next visit there is answered at once (sw.ts).
 */
export const KEEP_FRAME_MESSAGE = 'member-keep-frame';
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
  /** Members' frames drawn in the HTML, by address (cache-rules.ts, isDrawnMemberFrame). */
  frames: 'member-frames',
} as const;

/** A header on a page the worker answered from a kept frame (for the tests and whoever looks at the network). */
export const KEPT_FRAME_HEADER = 'x-member-worker';
