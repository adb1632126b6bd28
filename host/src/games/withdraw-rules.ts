export const DEFAULT_MIN_WITHDRAW = 100;

export { validateAmount, type AmountError } from '@member/shared-core';

/**
 * One key per withdrawal intent: the same game user and amount keep their key, so a retry after a
 * timeout is the same request to the server; a new intent gets a new key.
 */
export function createIntentKeys(newKey: () => string = () => crypto.randomUUID()) {
  let current: { intent: string; key: string } | null = null;
  return {
    keyFor(gameuser: string, amount: string): string {
      const intent = `${gameuser}|${Number(amount).toFixed(2)}`;
      if (!current || current.intent !== intent) current = { intent, key: newKey() };
      return current.key;
    },
    /** The intent ended (done or definitely refused): the next withdrawal is a new one. */
    finish(): void {
      current = null;
    },
  };
}
