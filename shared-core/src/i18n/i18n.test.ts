import { describe, expect, it } from 'vitest';
import { en } from './en';
import { th } from './th';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translations', () => {
  it('have the same keys in Thai and English', () => expect(keys(th).sort()).toEqual(keys(en).sort()));
  it('keep the product literal texts exact in both languages', () => {
    expect(en.notFound.message).toBe('Page Not Found: {{path}}');
    expect(th.notFound.message).toBe('Page Not Found: {{path}}');
  });
  it('leave no Thai string empty', () => {
    expect(keys(th).filter((k) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], th) === '')).toEqual([]);
  });
});
