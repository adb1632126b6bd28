// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_GLOBAL, type EarlyFetches } from './early-start/hints';
import { EARLY_MANIFESTS_WAIT_MS, takeEarlyManifest } from './early-fetches';

const URL_A = 'http://remote-a.test/mf-manifest.json';

function install(fetches: EarlyFetches): void {
  (window as unknown as Record<string, EarlyFetches>)[EARLY_GLOBAL] = fetches;
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_GLOBAL];
  vi.useRealTimers();
});

describe("the early start's manifest replies", () => {
  it('a boot that asks before the script has asked waits for it and takes its reply, once', async () => {
    let asked: () => void = () => undefined;
    const fetches: EarlyFetches = { manifests: {}, manifestsAsked: new Promise<void>((resolve) => (asked = resolve)) };
    install(fetches);
    const taken = takeEarlyManifest(URL_A);
    const reply = Promise.resolve(new Response('{}'));
    fetches.manifests[URL_A] = reply;
    asked();
    expect((await taken).reply).toBe(reply);
    expect((await takeEarlyManifest(URL_A)).reply).toBeUndefined();
  });

  it('waits only briefly for a script whose own requests never came back', async () => {
    vi.useFakeTimers();
    install({ manifests: {}, manifestsAsked: new Promise<void>(() => undefined) });
    const taken = takeEarlyManifest(URL_A);
    await vi.advanceTimersByTimeAsync(EARLY_MANIFESTS_WAIT_MS);
    expect((await taken).reply).toBeUndefined();
  });

  it('has nothing when the script did not run', async () => {
    expect(await takeEarlyManifest(URL_A)).toEqual({});
  });
});
