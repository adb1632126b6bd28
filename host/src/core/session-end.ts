import { atom, type Setter } from 'jotai';
import { createSignal } from './signal';

/** What a feature is told when the member's session ends: how to reset its atoms, and the site whose stored keys go. */
export interface SessionEnd {
  set: Setter;
  prefix: string;
}

const sessionEnd = createSignal<SessionEnd>('session-end');

/** A feature's answer to "the member's session ended": it clears its own state and its own stored keys. */
export const answerSessionEnd = sessionEnd.answer;

/** Announced by the logout once the token is gone: nothing of the member stays in any feature. */
export const sessionEndedAtom = atom(null, (_get, set, prefix: string) => sessionEnd.announce({ set, prefix }));

type UnauthorizedAnswer = (set: Setter) => Promise<void>;
let unauthorizedAnswer: UnauthorizedAnswer | null = null;

/** The session feature's answer to a 401 (one logout, without posting the dead token); the app sets it at start. */
export function answerUnauthorized(answer: UnauthorizedAnswer): () => void {
  unauthorizedAnswer = answer;
  return () => {
    if (unauthorizedAnswer === answer) unauthorizedAnswer = null;
  };
}

/** A member call answered 401: the token is dead. Any feature may say so; the session feature ends the session. */
export const unauthorizedAtom = atom(null, (_get, set): Promise<void> => (unauthorizedAnswer ? unauthorizedAnswer(set) : Promise.resolve()));
