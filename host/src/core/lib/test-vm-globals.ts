// A VM context (the host's vitest pool) has the language's globals but not all of Node's: these are the ones the code
// under test reaches for.

/**
 * BroadcastChannel as a browser gives it to the tabs of one origin, confined to this test file: Node's own reaches every
 * thread of the process, so two files running at once would hear each other's logins and logouts.
 */
class FileBroadcastChannel {
  static readonly #open = new Map<string, Set<FileBroadcastChannel>>();
  readonly name: string;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onmessageerror: ((event: MessageEvent) => void) | null = null;
  #closed = false;
  readonly #listeners = new Set<(event: MessageEvent) => void>();

  constructor(name: string) {
    this.name = String(name);
    const open = FileBroadcastChannel.#open.get(this.name) ?? new Set();
    open.add(this);
    FileBroadcastChannel.#open.set(this.name, open);
  }

  postMessage(message: unknown): void {
    if (this.#closed) throw new DOMException('BroadcastChannel is closed', 'InvalidStateError');
    const data = structuredClone(message);
    for (const other of FileBroadcastChannel.#open.get(this.name) ?? []) {
      if (other === this) continue;
      // After the poster's own code, as a browser delivers it, and not by a timer: a test's fake timers leave it be.
      queueMicrotask(() => other.#deliver(data));
    }
  }

  // Listeners of its own rather than an EventTarget's: a DOM environment's EventTarget calls `onmessage` itself too.
  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    if (type === 'message') this.#listeners.add(listener);
  }

  removeEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.#listeners.delete(listener);
  }

  close(): void {
    this.#closed = true;
    FileBroadcastChannel.#open.get(this.name)?.delete(this);
  }

  #deliver(data: unknown): void {
    if (this.#closed) return;
    const event = new MessageEvent('message', { data });
    this.onmessage?.(event);
    for (const listener of this.#listeners) listener(event);
  }
}

globalThis.BroadcastChannel = FileBroadcastChannel as unknown as typeof globalThis.BroadcastChannel;
