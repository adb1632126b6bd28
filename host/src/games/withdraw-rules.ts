export const DEFAULT_MIN_WITHDRAW = 100;

export type AmountError = 'required' | 'format' | 'positive' | 'minimum' | 'balance';

/** Positive, whole baht or two decimals, at least the site's minimum, at most the balance. */
export function validateAmount(raw: string, { minimum, balance }: { minimum: number; balance: number | null }): AmountError | null {
  const text = raw.trim();
  if (text === '') return 'required';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return /^-/.test(text) ? 'positive' : 'format';
  const amount = Number(text);
  if (!(amount > 0)) return 'positive';
  if (amount < minimum) return 'minimum';
  if (balance !== null && amount > balance) return 'balance';
  return null;
}

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
