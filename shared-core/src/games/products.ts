import type { ProductEntry } from '../bridge/types';
import type { UfaGameKey } from '../api/provider-calls';
import type { Service } from '../types/entities';

/**
 * The GCLUB products opened by their own call with `{token}` (GCLUB session token), in the order menus list them.
 * The one list: the call type, the host's menu and the preview's menu all come from it.
 */
export const GCLUB_PRODUCT_CALLS = [
  'gclubOpenLiveCasino',
  'gclubOpenLiveWMCasino',
  'gclubOpenIDNlive',
  'gclubOpenLiveWorldCasino',
  'gclubOpenSport',
  'gclubOpenCMD',
  'gclubOpenCock',
  'gclubOpenLottery',
  'gclubOpenEsportPME',
  'gclubOpenEsportKS',
  'gclubOpenCR',
] as const;

export type GclubProductCall = (typeof GCLUB_PRODUCT_CALLS)[number];

export const isGclubProductCall = (key: string): key is GclubProductCall => (GCLUB_PRODUCT_CALLS as readonly string[]).includes(key);

/** UFA's products, in the order menus list them: each opens a link from the games map UFA's login hands out. */
export const UFA_PRODUCT_KEYS: readonly UfaGameKey[] = [
  'casino',
  'games',
  'lottery',
  'gamecock',
  'muaystep',
  'esport',
  'card',
  'fish',
  'slot',
  'itpslot',
];

/** Which providers the member has an account at: the menus offer only their products. */
export function providersOf(accounts: readonly { service: Service }[]): Record<Service, boolean> {
  return { GCLUB: accounts.some((a) => a.service === 'GCLUB'), UFA: accounts.some((a) => a.service === 'UFA') };
}

/** The products the menus offer: GCLUB's open calls, then UFA's games, each named, for the providers the member has. */
export function productEntries(has: Readonly<Record<Service, boolean>>, t: (key: string) => string): ProductEntry[] {
  return [
    ...(has.GCLUB ? GCLUB_PRODUCT_CALLS.map((call) => ({ key: call, label: t(`products.${call}`), provider: 'GCLUB' as const })) : []),
    ...(has.UFA ? UFA_PRODUCT_KEYS.map((key) => ({ key: `ufa:${key}`, label: t(`products.ufa.${key}`), provider: 'UFA' as const })) : []),
  ];
}

/** The products every menu and the profile offer in one tap: a sportsbook and a casino. */
export type FeaturedKind = 'sport' | 'casino';

/** Each featured kind's products, by provider (UFA has no sportsbook of its own in its games map). */
const FEATURED_KEYS: Readonly<Record<FeaturedKind, Readonly<Partial<Record<Service, string>>>>> = {
  sport: { GCLUB: 'gclubOpenSport' },
  casino: { UFA: 'ufa:casino', GCLUB: 'gclubOpenLiveCasino' },
};

export interface FeaturedProduct extends ProductEntry {
  kind: FeaturedKind;
}

/**
 * Sport, then casino, from the products the member has: each from the provider of the account in use when it offers
 * one, else from the other provider; a kind neither offers is left out.
 */
export function featuredProducts(products: readonly ProductEntry[], inUse: Service | null): FeaturedProduct[] {
  const order: Service[] = inUse === 'GCLUB' ? ['GCLUB', 'UFA'] : ['UFA', 'GCLUB'];
  return (Object.keys(FEATURED_KEYS) as FeaturedKind[]).flatMap((kind) => {
    for (const service of order) {
      const product = products.find((p) => p.key === FEATURED_KEYS[kind][service]);
      if (product) return [{ ...product, kind }];
    }
    return [];
  });
}
