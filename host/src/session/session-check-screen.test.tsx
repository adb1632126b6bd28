// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createStore, Provider } from 'jotai';
import type { RuntimeConfig, SitesFile } from '@member/shared-core';
import { bootReadyAtom } from '../core/boot-state';
import { setSessionCheckAtom } from '../core/session-state';
import { SessionCheckScreen } from './session-check-screen';

const retries = vi.hoisted(() => [] as string[]);
vi.mock('./start-session-check', async () => {
  const { atom } = await import('jotai');
  return { startSessionCheckAtom: atom(null, async (_get, _set, prefix: string) => void retries.push(prefix)) };
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;

async function show(phase: 'unreachable' | 'retrying') {
  const store = createStore();
  store.set(bootReadyAtom, { config: {} as RuntimeConfig, sites: { sites: [{ key: 'pre8', web: 'PRE8', logo: '' }] } as unknown as SitesFile, prefix: 'pre8' });
  store.set(setSessionCheckAtom, { phase, errorKey: 'api.errors.offline' });
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<Provider store={store}><SessionCheckScreen /></Provider>));
  return store;
}

const backOnline = () => act(async () => void window.dispatchEvent(new Event('online')));

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
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
    await act(async () => root!.unmount());
    root = null;
    await backOnline();
    expect(retries).toEqual([]);
  });
});
