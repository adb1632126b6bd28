export type AmountError = 'required' | 'format' | 'positive' | 'minimum' | 'balance';

/** A withdrawal amount: positive, whole baht or two decimals, at least the site's minimum, at most the balance. */
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
