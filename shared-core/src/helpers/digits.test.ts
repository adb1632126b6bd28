import { describe, expect, it } from 'vitest';
import { asciiDigits, digitsOf, phoneInput } from './digits';

describe('numbers as members type them', () => {
  it('reads Thai and full-width digits and full-width punctuation as ASCII', () => {
    expect(asciiDigits('๐๘๑-๒๓๔-๕๖๗๘')).toBe('081-234-5678');
    expect(asciiDigits('０８１２３４５６７８')).toBe('0812345678');
    expect(asciiDigits('１，５００．５０')).toBe('1,500.50');
    expect(asciiDigits('−50')).toBe('-50');
    expect(digitsOf('๑๒๓-๔ ๕')).toBe('12345');
  });

  it('keeps a phone number to its ten national digits, whatever keyboard or paste it came from', () => {
    expect(phoneInput('๐๘๑๒๓๔๕๖๗๘')).toBe('0812345678');
    expect(phoneInput('081-234-5678')).toBe('0812345678');
    expect(phoneInput('+66 81 234 5678')).toBe('0812345678');
    expect(phoneInput('0066812345678')).toBe('0812345678');
    expect(phoneInput('+66 081 234 5678')).toBe('0812345678');
    expect(phoneInput('08123456789999')).toBe('0812345678');
    expect(phoneInput('abc')).toBe('');
  });
});
