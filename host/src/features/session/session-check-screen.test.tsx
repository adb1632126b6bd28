// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { setSessionCheckAtom } from '../../core/base/session-state';
import { SessionCheckScreen } from './session-check-screen';
import { mountInStore, unmountAll, type TestMount } from '../../core/base/test-render';
import { testSiteStore } from '../../core/base/test-member';

const retries = vi.hoisted(() => [] as string[]);
vi.mock('./start-session-check', async () => {
  const { atom } = await import('jotai');
  return { startSessionCheckAtom: atom(null, async (_get, _set, prefix: string) => void retries.push(prefix)) };
});

let mounted: TestMount | null = null;

async function show(phase: 'unreachable' | 'retrying') {
  const store = testSiteStore({ site: { brand: { name: 'PRE8', logo: '/logos/pre8.svg', lineId: '', lineLink: '', promoLink: '' } } });
  store.set(setSessionCheckAtom, { phase, errorKey: 'api.errors.offline' });
  mounted = await mountInStore(store, <SessionCheckScreen />);
  return store;
}

const backOnline = () => act(async () => void window.dispatchEvent(new Event('online')));

afterEach(async () => {
  await unmountAll();
  retries.length = 0;
});

describe('the session check notice', () => {
  it("retries the brand's check by itself when the browser comes back online, while the server is unreachable", async () => {
    await show('unreachable');
    await backOnline();
    expect(retries).toEqual(['pre8']);
  });

  it('does not retry on its own while the check is still retrying', async () => {
    await show('retrying');
    await backOnline();
    expect(retries).toEqual([]);
  });

  it('stops listening once the check is no longer unreachable, and when it goes away', async () => {
    const store = await show('unreachable');
    await act(async () => store.set(setSessionCheckAtom, { phase: 'retrying', errorKey: 'api.errors.offline' }));
    await backOnline();
    expect(retries).toEqual([]);
    await act(async () => store.set(setSessionCheckAtom, { phase: 'unreachable', errorKey: 'api.errors.offline' }));
    await mounted!.unmount();
    await backOnline();
    expect(retries).toEqual([]);
  });
});
