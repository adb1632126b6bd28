import { createSignal } from './signal';

// Not in the store: the answers are ports the app wires once (core/base/signal.ts), and the announcer, the theme loader, runs outside React.
/**
 * A theme release the host refused (an older or expired release, one of another theme, one whose key was retired, a
 * tampered one): the addresses of its files, which nothing may keep. The theme feature announces it; the worker feature
 * answers by asking the service worker to drop its stored copies (features/worker/on-release-refused.ts).
 */
const refusedRelease = createSignal<readonly string[]>('refused-release');

export const answerRefusedRelease = refusedRelease.answer;
export const announceRefusedRelease = refusedRelease.announce;
