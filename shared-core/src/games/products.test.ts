import { describe, expect, it } from 'vitest';
import { GCLUB_PRODUCT_CALLS, productEntries, providersOf, UFA_PRODUCT_KEYS } from './products';

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
