import { atom, type Getter, type Setter } from 'jotai';
import { createSignal } from './signal';
import { sessionOverAtom } from './session-state';

/** What a feature is told when the member's session ends: how to reset its atoms, and the site whose stored keys go. */
export interface SessionEnd {
  set: Setter;
  prefix: string;
}

// Not in the store: the answers are ports the app wires once (core/base/signal.ts); each is handed the store that announced.
const sessionEnd = createSignal<SessionEnd>('session-end');

/** A feature's answer to "the member's session ended": it clears its own state and its own stored keys. */
export const answerSessionEnd = sessionEnd.answer;

/** Which of this page's sessions is running: each end of a session starts the next. */
const generationBase = atom(0);

/** The session a flow began in. */
export interface SessionScope {
  /**
   * False once that session has ended (a logout in this tab or another, a 401): an answer arriving after it is of a
   * member who has left, and writes nothing, in the store or on the device.
   */
  alive(): boolean;
}

/**
 * The member's session running now, for a flow to hold while it waits on the network: every write after an await
 * asks `alive()` first. One generation for every feature, so no feature needs its own way to know a logout happened.
 * A flow begun once the session has ended (a step of a flow of the member who left, come due after the logout) is
 * dead from its start, until a member logs in again.
 */
export function sessionScope(get: Getter): SessionScope {
  const at = get(generationBase);
  const over = get(sessionOverAtom);
  return { alive: () => !over && get(generationBase) === at };
}

/** For the check of a stored session, which runs before anyone is on screen: alive until the next end of a session. */
export function sessionCheckScope(get: Getter): SessionScope {
  const at = get(generationBase);
  return { alive: () => get(generationBase) === at };
}

/**
 * Announced by the logout once the token is gone: the session's generation moves on (every flow still waiting on an
 * answer is now of a past session), then every feature clears what it holds of the member.
 */
export const sessionEndedAtom = atom(null, (get, set, prefix: string) => {
  set(generationBase, get(generationBase) + 1);
  sessionEnd.announce({ set, prefix });
});

// Not in the store: a port the app wires once before anything renders (app/routes/answer-session-end.ts), answering with the store the 401 came from.
type UnauthorizedAnswer = (set: Setter, reason?: string | null) => Promise<void>;
let unauthorizedAnswer: UnauthorizedAnswer | null = null;

/** The session feature's answer to a 401 (one logout, without posting the dead token); the app sets it at start. */
export function answerUnauthorized(answer: UnauthorizedAnswer): () => void {
  unauthorizedAnswer = answer;
  return () => {
    if (unauthorizedAnswer === answer) unauthorizedAnswer = null;
  };
}

/**
 * A member call answered 401: the token is dead. Any feature may say so, with the reason the answer gave (whichever
 * call hears the end first tells the member why); the session feature ends the session.
 */
export const unauthorizedAtom = atom(
  null,
  (_get, set, reason?: string | null): Promise<void> => (unauthorizedAnswer ? unauthorizedAnswer(set, reason) : Promise.resolve()),
);
