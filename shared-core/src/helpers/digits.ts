/**
 * Numbers as members type and paste them on a Thai phone: Thai digits (๐-๙) and full-width ones (０-９), full-width
 * punctuation, and a country code in front of a phone number. A small module of its own, so a page with a phone field
 * does not also bundle the money rules.
 */

const THAI_ZERO = 0x0e50;
const FULL_WIDTH_ZERO = 0xff10;

/** Full-width punctuation a keyboard may give instead of its ASCII self, and the typographic minus. */
const ASCII_OF: Readonly<Record<string, string>> = { '，': ',', '．': '.', '－': '-', '−': '-', '＋': '+', '\u3000': ' ' };

/** Thai and full-width digits as ASCII ones, full-width comma, point, plus and minus (and the minus sign) as theirs. */
export function asciiDigits(text: string): string {
  return text.replace(/[๐-๙０-９，．－−＋\u3000]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code >= THAI_ZERO && code <= THAI_ZERO + 9) return String(code - THAI_ZERO);
    if (code >= FULL_WIDTH_ZERO && code <= FULL_WIDTH_ZERO + 9) return String(code - FULL_WIDTH_ZERO);
    return ASCII_OF[c] ?? c;
  });
}

/** The digits of a text, Thai and full-width ones read as such; everything else (dashes, spaces, brackets) dropped. */
export function digitsOf(text: string): string {
  return asciiDigits(text).replace(/\D/g, '');
}

/** Thailand's country code, as a pasted or autofilled number may carry it (`+66 81 234 5678`). */
const COUNTRY_CODE = /^\s*(?:\+|00)\s*66/;

/**
 * A phone field's value as the member typed or pasted it: its digits, at most ten; an international number
 * (`+66 81 234 5678`, `0066…`) becomes the national one (`0812345678`).
 */
export function phoneInput(typed: string): string {
  const text = asciiDigits(typed);
  if (!COUNTRY_CODE.test(text)) return digitsOf(text).slice(0, 10);
  const national = digitsOf(text.replace(COUNTRY_CODE, ''));
  return (national.startsWith('0') ? national : `0${national}`).slice(0, 10);
}
