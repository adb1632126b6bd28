import { asciiDigits } from './digits';

export type AmountError = 'required' | 'format' | 'negative' | 'positive' | 'minimum' | 'balance';

/** What the member reads for each amount error (i18n keys). */
export const AMOUNT_ERROR_KEYS: Readonly<Record<AmountError, string>> = {
  required: 'wallet.errors.amountRequired',
  format: 'wallet.errors.amountFormat',
  negative: 'wallet.errors.amountNegative',
  positive: 'wallet.errors.amountPositive',
  minimum: 'wallet.errors.amountMinimum',
  balance: 'wallet.errors.amountBalance',
};

/**
 * What stands around an amount that says nothing about it: the baht sign and the words for baht (`฿1,500`,
 * `1,500 บาท`, `THB 1,500`), spaces of every width, and the Thai price ending `.-` ("1,500.-": whole baht).
 */
const CURRENCY = /฿|บาท|thb|baht/gi;
const SPACES = /[\s\u00a0\u2000-\u200b\u202f\u205f\u3000]+/g;
const WHOLE_BAHT_ENDING = /\.-$/;

/** An amount's text as the member means it: Thai and full-width digits read as such, currency and spaces dropped. */
export function amountText(raw: string): string {
  return asciiDigits(raw).replace(CURRENCY, '').replace(SPACES, '').replace(WHOLE_BAHT_ENDING, '');
}

/**
 * What may stand in the field while an amount is being typed: a minus (kept, so the member is told an amount cannot
 * be negative rather than seeing it vanish), digits and thousands commas, then one point and two decimals.
 */
const TYPING = /^-?[\d,]*(\.\d{0,2})?$/;

export interface AmountInput {
  /** The field's text. */
  text: string;
  /** Set when what came in could not be read as an amount and the field kept its text: the member is told why. */
  refused: AmountError | null;
}

/**
 * The field's text after the member typed or pasted `next` over `previous`: read as the member means it (`฿1,500.00`
 * is 1,500.00; `๑,๒๐๐` is 1,200; `1,500.-` is 1,500). What still cannot be an amount (a letter, a second point, a
 * third decimal) is not taken, and the refusal says so; a minus is taken and refused as negative.
 */
export function amountInput(previous: string, next: string): AmountInput {
  const text = amountText(next);
  if (!TYPING.test(text)) return { text: previous, refused: 'format' };
  return { text, refused: text.startsWith('-') ? 'negative' : null };
}

/** The field's text after `next` was typed over `previous` (see amountInput), without the reason of a refusal. */
export function acceptAmountInput(previous: string, next: string): string {
  return amountInput(previous, next).text;
}

/** The amount in baht that the text says, thousands commas read as such ("1,000.50" is 1000.5); null when it says none. */
export function amountOf(raw: string): number | null {
  const text = amountText(raw);
  if (!/^(\d+|\d{1,3}(,\d{3})+)(\.\d{1,2})?$/.test(text)) return null;
  return Number(text.replace(/,/g, ''));
}

/** A withdrawal amount: positive, whole baht or two decimals, at least the site's minimum, at most the balance. */
export function validateAmount(raw: string, { minimum, balance }: { minimum: number; balance: number | null }): AmountError | null {
  const text = amountText(raw);
  if (text === '') return 'required';
  if (text.startsWith('-')) return 'negative';
  const amount = amountOf(text);
  if (amount === null) return 'format';
  if (!(amount > 0)) return 'positive';
  if (amount < minimum) return 'minimum';
  if (balance !== null && amount > balance) return 'balance';
  return null;
}
