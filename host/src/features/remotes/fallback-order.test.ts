import { describe, expect, it } from 'vitest';
import { fallbackOrder } from './fallback-order';

const configured = ['default', 'PRE8', 'OSAKA39'];

describe('fallbackOrder', () => {
  it('tries the wanted theme, then default, then every other configured theme in config order', () => {
    expect(fallbackOrder('OSAKA39', configured)).toEqual(['OSAKA39', 'default', 'PRE8']);
    expect(fallbackOrder('PRE8', ['default', 'PRE8', 'OSAKA39', 'Acme'])).toEqual(['PRE8', 'default', 'OSAKA39', 'Acme']);
  });
  it('from the default theme, goes on to the others (a default-theme brand still gets a page)', () => {
    expect(fallbackOrder('default', configured)).toEqual(['default', 'PRE8', 'OSAKA39']);
  });
  it('names no theme twice and none that config.json lacks', () => {
    expect(fallbackOrder('Acme', ['default'])).toEqual(['Acme', 'default']);
    expect(fallbackOrder('default', ['default'])).toEqual(['default']);
  });
});
