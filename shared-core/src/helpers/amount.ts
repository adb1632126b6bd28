export type AmountError = 'required' | 'format' | 'positive' | 'minimum' | 'balance';

/** What the member reads for each amount error (i18n keys). */
export const AMOUNT_ERROR_KEYS: Readonly<Record<AmountError, string>> = {
  required: 'wallet.errors.amountRequired',
  format: 'wallet.errors.amountFormat',
  positive: 'wallet.errors.amountPositive',
  minimum: 'wallet.errors.amountMinimum',
  balance: 'wallet.errors.amountBalance',
};

const THAI_DIGITS = '๐๑๒๓๔๕๖๗๘๙';

/** Thai and full-width digits as ASCII ones: a member may type either on a phone's keyboard. */
function asciiDigits(text: string): string {
  return text.replace(/[๐-๙０-９]/g, (d) => {
    const thai = THAI_DIGITS.indexOf(d);
    return String(thai >= 0 ? thai : d.charCodeAt(0) - 0xff10);
  });
}

/** What may stand in the field while an amount is being typed: digits and thousands commas, then one point and two decimals. */
const TYPING = /^[\d,]*(\.\d{0,2})?$/;

/**
 * The field's text after the member typed `next` over `previous`: digits (Thai and full-width ones read as such),
 * commas and one decimal point with up to two decimals are taken; anything else (a letter, a second point, a third
 * decimal, a minus) is refused as it is typed, and the field keeps what it had.
 */
export function acceptAmountInput(previous: string, next: string): string {
  const text = asciiDigits(next).replace(/\s+/g, '');
  return TYPING.test(text) ? text : previous;
}

/** The amount in baht that the text says, thousands commas read as such ("1,000.50" is 1000.5); null when it says none. */
export function amountOf(raw: string): number | null {
  const text = asciiDigits(raw).trim();
  if (!/^(\d+|\d{1,3}(,\d{3})+)(\.\d{1,2})?$/.test(text)) return null;
  return Number(text.replace(/,/g, ''));
}

/** A withdrawal amount: positive, whole baht or two decimals, at least the site's minimum, at most the balance. */
export function validateAmount(raw: string, { minimum, balance }: { minimum: number; balance: number | null }): AmountError | null {
  const text = raw.trim();
  if (text === '') return 'required';
  const amount = amountOf(text);
  if (amount === null) return /^-/.test(text) ? 'positive' : 'format';
  if (!(amount > 0)) return 'positive';
  if (amount < minimum) return 'minimum';
  if (balance !== null && amount > balance) return 'balance';
  return null;
}
