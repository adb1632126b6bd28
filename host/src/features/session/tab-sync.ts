import { LOGOUT_REASON_KEYS, type LogoutReason } from './logout-reason';

/**
 * Messages between the tabs of one brand: a logout in one tab logs out the others without them
 * sending the stale token. BroadcastChannel where there is one, storage events otherwise.
 */
export type TabMessage = { type: 'logout'; reason?: LogoutReason } | { type: 'login' };

type Listener = (message: TabMessage) => void;

// Not in the store: the tab's one BroadcastChannel (or storage listener) for its site, a browser resource the session's effects open and close.
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;
let channelName = '';
const STORAGE_KEY = 'member-tab-message';

function deliver(data: unknown) {
  if (typeof data !== 'object' || data === null) return;
  const { type, reason } = data as { type?: unknown; reason?: unknown };
  const ended = typeof reason === 'string' && Object.hasOwn(LOGOUT_REASON_KEYS, reason) ? (reason as LogoutReason) : undefined;
  const message: TabMessage | null = type === 'login' ? { type } : type === 'logout' ? { type, ...(ended ? { reason: ended } : {}) } : null;
  if (message) listeners.forEach((listener) => listener(message));
}

function onStorage(event: StorageEvent) {
  if (event.key !== `${STORAGE_KEY}-${channelName}` || !event.newValue) return;
  try {
    deliver(JSON.parse(event.newValue));
  } catch {
    // Another app's value under our key is not a message.
  }
}

export function openTabSync(prefix: string): void {
  if (channelName === prefix) return;
  closeTabSync();
  channelName = prefix;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(`member-session-${prefix}`);
    channel.onmessage = (event) => deliver(event.data);
  } else {
    window.addEventListener('storage', onStorage);
  }
}

export function closeTabSync(): void {
  channel?.close();
  channel = null;
  window.removeEventListener('storage', onStorage);
  channelName = '';
}

export function postToOtherTabs(message: TabMessage): void {
  if (channel) {
    channel.postMessage(message);
    return;
  }
  try {
    localStorage.setItem(`${STORAGE_KEY}-${channelName}`, JSON.stringify({ ...message, at: Date.now() }));
  } catch {
    // No storage: other tabs learn of it at their next verify.
  }
}

export function onTabMessage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
