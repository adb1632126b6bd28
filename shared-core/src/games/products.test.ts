import { describe, expect, it } from 'vitest';
import { featuredProducts, GCLUB_PRODUCT_CALLS, productEntries, providersOf, UFA_PRODUCT_KEYS } from './products';

const t = (key: string) => `<${key}>`;

describe('productEntries', () => {
  it("offers GCLUB's calls, then UFA's games, only for the accounts the member has", () => {
    const both = productEntries(providersOf([{ service: 'UFA' }, { service: 'GCLUB' }]), t);
    expect(both).toHaveLength(GCLUB_PRODUCT_CALLS.length + UFA_PRODUCT_KEYS.length);
    expect(both[0]).toEqual({ key: 'gclubOpenLiveCasino', label: '<products.gclubOpenLiveCasino>', provider: 'GCLUB' });
    expect(both.at(-1)).toEqual({ key: 'ufa:itpslot', label: '<products.ufa.itpslot>', provider: 'UFA' });
    expect(productEntries(providersOf([{ service: 'UFA' }]), t).every((p) => p.provider === 'UFA')).toBe(true);
    expect(productEntries(providersOf([]), t)).toEqual([]);
  });
});

describe('the featured products', () => {
  it('are sport and casino, from the provider in use where it offers one', () => {
    const both = productEntries({ GCLUB: true, UFA: true }, t);
    expect(featuredProducts(both, 'UFA').map((p) => [p.kind, p.key])).toEqual([
      ['sport', 'gclubOpenSport'],
      ['casino', 'ufa:casino'],
    ]);
    expect(featuredProducts(both, 'GCLUB').map((p) => [p.kind, p.key])).toEqual([
      ['sport', 'gclubOpenSport'],
      ['casino', 'gclubOpenLiveCasino'],
    ]);
  });
  it('leave out a kind no provider of the member offers', () => {
    expect(featuredProducts(productEntries({ GCLUB: false, UFA: true }, t), 'UFA').map((p) => p.kind)).toEqual(['casino']);
    expect(featuredProducts([], null)).toEqual([]);
  });
});
