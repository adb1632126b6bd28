// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeTabSync, onTabMessage, openTabSync, postToOtherTabs, type TabMessage } from './tab-sync';

const PREFIX = 'pre8';

let stops: Array<() => void> = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  closeTabSync();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function listen(): TabMessage[] {
  const heard: TabMessage[] = [];
  stops.push(onTabMessage((message) => heard.push(message)));
  return heard;
}

describe('messages between the tabs of a brand', () => {
  it("hears another tab's logout and login on the brand's channel, and nothing else", async () => {
    openTabSync(PREFIX);
    const heard = listen();
    const otherTab = new BroadcastChannel(`member-session-${PREFIX}`);
    const otherBrand = new BroadcastChannel('member-session-bkmc');
    otherTab.postMessage({ type: 'logout' });
    otherTab.postMessage({ type: 'login' });
    otherTab.postMessage({ type: 'steal-token' });
    otherTab.postMessage('logout');
    otherBrand.postMessage({ type: 'logout' });
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'logout' }, { type: 'login' }]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual([{ type: 'logout' }, { type: 'login' }]);
    otherTab.close();
    otherBrand.close();
  });

  it('hears nothing once closed', async () => {
    openTabSync(PREFIX);
    const heard = listen();
    closeTabSync();
    const otherTab = new BroadcastChannel(`member-session-${PREFIX}`);
    otherTab.postMessage({ type: 'logout' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual([]);
    otherTab.close();
  });

  it('a listener that lets go hears nothing more', async () => {
    openTabSync(PREFIX);
    const heard: TabMessage[] = [];
    const stop = onTabMessage((message) => heard.push(message));
    stop();
    const otherTab = new BroadcastChannel(`member-session-${PREFIX}`);
    otherTab.postMessage({ type: 'logout' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual([]);
    otherTab.close();
  });

  describe('without BroadcastChannel', () => {
    it("speaks through storage events under the brand's key", () => {
      vi.stubGlobal('BroadcastChannel', undefined);
      openTabSync(PREFIX);
      const heard = listen();
      postToOtherTabs({ type: 'logout' });
      const written = localStorage.getItem(`member-tab-message-${PREFIX}`);
      expect(JSON.parse(written!)).toMatchObject({ type: 'logout' });

      window.dispatchEvent(
        new StorageEvent('storage', { key: `member-tab-message-${PREFIX}`, newValue: JSON.stringify({ type: 'login', at: 1 }) }),
      );
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'member-tab-message-bkmc', newValue: JSON.stringify({ type: 'logout', at: 1 }) }),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: `member-tab-message-${PREFIX}`, newValue: 'not json' }));
      expect(heard).toEqual([{ type: 'login' }]);

      closeTabSync();
      window.dispatchEvent(
        new StorageEvent('storage', { key: `member-tab-message-${PREFIX}`, newValue: JSON.stringify({ type: 'logout', at: 2 }) }),
      );
      expect(heard).toEqual([{ type: 'login' }]);
    });
  });
});
