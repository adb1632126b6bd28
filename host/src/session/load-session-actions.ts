/**
 * The login, session-check and verify logic, as its own chunk: a guest's first screen paints without it,
 * and it is fetched while they type (boot prefetches it once the page is up).
 */
export const loadSessionActions = () => import('./session-actions');
