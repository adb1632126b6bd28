/**
 * For the host's tests only: fake provider adapters (every method a vi.fn, answering as a provider that is up and
 * knows the member) and the store's adapters set to them.
 */
import { vi, type Mock } from 'vitest';
import type { TestStore } from '../../core/base/test-member';
import { providerAdaptersAtom } from './game-actions';
import type { ProviderAdapter } from './providers';

export type FakeProvider = { [K in keyof ProviderAdapter]: Mock<ProviderAdapter[K]> };

/** A provider that is up: logs in with a balance of 100, finds the session alive at 90, reads a credit of 120. */
export function fakeProvider(overrides: Partial<FakeProvider> = {}): FakeProvider {
  return {
    maintain: vi.fn(async () => false),
    login: vi.fn(async () => ({ balance: 100 })),
    check: vi.fn(async () => ({ balance: 90 })),
    credit: vi.fn(async () => 120),
    changePassword: vi.fn(async () => true),
    keepAlive: vi.fn(async () => 'alive' as const),
    ...overrides,
  };
}

/** Sets the store's adapters: by default a fake of each provider. */
export function withProviders<G extends ProviderAdapter = FakeProvider, U extends ProviderAdapter = FakeProvider>(
  store: TestStore,
  gclub: G = fakeProvider() as unknown as G,
  ufa: U = fakeProvider() as unknown as U,
): { gclub: G; ufa: U } {
  store.set(providerAdaptersAtom, { GCLUB: gclub, UFA: ufa });
  return { gclub, ufa };
}

/** One adapter for both providers that only reads a credit (777 unless told); the store's adapters set to it. */
export function withCreditOnly(
  store: TestStore,
  credit: Mock<ProviderAdapter['credit']> = vi.fn<ProviderAdapter['credit']>(async () => 777),
): { credit: Mock<ProviderAdapter['credit']> } {
  const adapter: ProviderAdapter = {
    maintain: async () => false,
    login: async () => null,
    check: async () => null,
    credit,
    changePassword: async () => null,
    keepAlive: async () => 'alive',
  };
  store.set(providerAdaptersAtom, { GCLUB: adapter, UFA: adapter });
  return { credit };
}
