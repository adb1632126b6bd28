import { guardedChunk } from '../../core/lib/chunk-guard';

/**
 * The login, session-check and verify logic, as its own chunk: a guest's first screen paints without it,
 * and it is fetched while they type (boot prefetches it once the page is up). Whoever waits for it gets the
 * chunk guard: retried once, then the reload, then the built-in page.
 */
const sessionActions = guardedChunk(() => import(/* webpackChunkName: "session" */ './session-actions'));

export const loadSessionActions = sessionActions.need;
export const prefetchSessionActions = sessionActions.prefetch;
