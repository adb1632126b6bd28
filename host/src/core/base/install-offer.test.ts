import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import {
  installAtom,
  installStateAtom,
  isIosSafari,
  runsInstalled,
  watchInstallOfferAtom,
  type BeforeInstallPromptEvent,
} from './install-offer';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const IPHONE_LINE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.9.0';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

function fakeWindow({ userAgent = ANDROID_CHROME, maxTouchPoints = 5, standalone = false, displayMode = 'browser' } = {}) {
  const target = new EventTarget();
  return Object.assign(target, {
    navigator: { userAgent, maxTouchPoints, standalone } as unknown as Navigator & { standalone?: boolean },
    matchMedia: (query: string) => ({ matches: query === `(display-mode: ${displayMode})` }) as MediaQueryList,
  });
}

function offer() {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
  }) as BeforeInstallPromptEvent;
  return { event, prompt };
}

describe('the install offer', () => {
  it("takes the browser's offer, holding back its own banner, and asks it once on the member's click", async () => {
    const store = createStore();
    const win = fakeWindow();
    store.set(watchInstallOfferAtom, win);
    expect(store.get(installStateAtom)).toEqual({ kind: 'none' });
    const { event, prompt } = offer();
    win.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(store.get(installStateAtom)).toEqual({ kind: 'prompt', event });
    await store.set(installAtom);
    expect(prompt).toHaveBeenCalledTimes(1);
    // An offer serves once: the entry goes until the browser makes another.
    expect(store.get(installStateAtom)).toEqual({ kind: 'none' });
    await store.set(installAtom);
    expect(prompt).toHaveBeenCalledTimes(1);
    win.dispatchEvent(offer().event);
    expect(store.get(installStateAtom).kind).toBe('prompt');
  });

  it('drops the offer once the site is installed', () => {
    const store = createStore();
    const win = fakeWindow();
    store.set(watchInstallOfferAtom, win);
    win.dispatchEvent(offer().event);
    win.dispatchEvent(new Event('appinstalled'));
    expect(store.get(installStateAtom)).toEqual({ kind: 'none' });
  });

  it('offers nothing inside the installed app, whatever the browser says', () => {
    for (const win of [fakeWindow({ displayMode: 'standalone' }), fakeWindow({ userAgent: IPHONE_SAFARI, standalone: true })]) {
      const store = createStore();
      store.set(watchInstallOfferAtom, win);
      win.dispatchEvent(offer().event);
      expect(store.get(installStateAtom)).toEqual({ kind: 'none' });
      expect(runsInstalled(win)).toBe(true);
    }
  });

  it("gives Safari on iOS the Share menu's steps; other iOS browsers and in-app browsers nothing", () => {
    const store = createStore();
    store.set(watchInstallOfferAtom, fakeWindow({ userAgent: IPHONE_SAFARI }));
    expect(store.get(installStateAtom)).toEqual({ kind: 'ios' });
    expect(isIosSafari({ userAgent: IPAD_DESKTOP, maxTouchPoints: 5 })).toBe(true);
    expect(isIosSafari({ userAgent: IPAD_DESKTOP, maxTouchPoints: 0 })).toBe(false);
    expect(isIosSafari({ userAgent: IPHONE_CHROME, maxTouchPoints: 5 })).toBe(false);
    expect(isIosSafari({ userAgent: IPHONE_LINE, maxTouchPoints: 5 })).toBe(false);
    expect(isIosSafari({ userAgent: ANDROID_CHROME, maxTouchPoints: 5 })).toBe(false);
  });
});
