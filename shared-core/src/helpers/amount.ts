export type AmountError = 'required' | 'format' | 'positive' | 'minimum' | 'balance';

/** What the member reads for each amount error (i18n keys). */
export const AMOUNT_ERROR_KEYS: Readonly<Record<AmountError, string>> = {
  required: 'wallet.errors.amountRequired',
  format: 'wallet.errors.amountFormat',
  positive: 'wallet.errors.amountPositive',
  minimum: 'wallet.errors.amountMinimum',
  balance: 'wallet.errors.amountBalance',
};

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
