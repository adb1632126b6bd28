import { describe, expect, it } from 'vitest';
import { canSwitchScheme, resolveScheme } from './scheme';
import { localeFromStorage, localeToStorage } from './locale';

const both = ['light', 'dark'] as const;

describe('resolveScheme', () => {
  it('uses the first scheme when there is only one, whatever is stored', () => {
    expect(resolveScheme(['dark'], 'false')).toBe('dark');
  });
  it('lets the stored isDark decide with two schemes', () => {
    expect(resolveScheme(both, 'true')).toBe('dark');
    expect(resolveScheme(both, 'false')).toBe('light');
  });
  it('starts with the first scheme when nothing is stored', () => {
    expect(resolveScheme([...both].reverse(), null)).toBe('dark');
  });
  it('offers the switch only with both schemes', () => {
    expect(canSwitchScheme(both)).toBe(true);
    expect(canSwitchScheme([both[0]])).toBe(false);
  });
});

describe('locale storage', () => {
  it('reads EN as English and anything else as Thai', () => {
    expect(localeFromStorage('EN')).toBe('en');
    expect(localeFromStorage('en')).toBe('th');
    expect(localeFromStorage('TH')).toBe('th');
    expect(localeFromStorage(null)).toBe('th');
  });
  it('writes EN for English', () => expect(localeToStorage('en')).toBe('EN'));
});
