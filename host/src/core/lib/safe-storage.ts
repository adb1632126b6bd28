/** The browser's storage itself, or null where reading it throws; for code that takes a `Storage`. */
export function storageOf(kind: 'localStorage' | 'sessionStorage', win: Window = window): Storage | null {
  try {
    return win[kind] ?? null;
  } catch {
    return null;
  }
}

/** Storage that never throws: private modes and locked-down browsers refuse it, and the app must carry on. */
function make(kind: 'localStorage' | 'sessionStorage') {
  return {
    get(key: string): string | null {
      try {
        return storageOf(kind)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): boolean {
      try {
        const storage = storageOf(kind);
        if (!storage) return false;
        storage.setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove(key: string): void {
      try {
        storageOf(kind)?.removeItem(key);
      } catch {
        // Nothing to clean when storage is unavailable.
      }
    },
  };
}

export const local = make('localStorage');
export const session = make('sessionStorage');
