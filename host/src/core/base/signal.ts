/**
 * A fan-out the core owns and features answer: the announcer knows no feature, and each feature clears or
 * updates only what is its own. One answer failing does not keep the others from running.
 */
export interface Signal<T> {
  /** Adds an answer; returns the way to take it back. */
  answer(answer: (value: T) => void): () => void;
  announce(value: T): void;
}

export function createSignal<T>(name: string): Signal<T> {
  const answers = new Set<(value: T) => void>();
  return {
    answer(answer) {
      answers.add(answer);
      return () => {
        answers.delete(answer);
      };
    },
    announce(value) {
      for (const answer of [...answers]) {
        try {
          answer(value);
        } catch (error) {
          console.error(`[${name}] an answer failed`, error);
        }
      }
    },
  };
}
