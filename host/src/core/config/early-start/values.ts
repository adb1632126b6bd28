// Readers of what the run-time files and the device hold, which may be anything: a wrong shape reads as empty.

export const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A reply's JSON, or null when it failed or is not JSON. */
export const json = (reply: Promise<Response> | undefined): Promise<unknown> =>
  reply ? reply.then((r) => (r.ok ? r.clone().json() : null)) : Promise.resolve(null);

/** The page's local storage, or null where the browser refuses it. */
export const storage = (win: Window): Storage | null => {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
};

/** One local key's value, or null where storage is refused. */
export const stored = (win: Window, key: string): string | null => {
  try {
    return storage(win)?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

/** Whether `object` has `key` of its own: not a name every object answers to (`constructor`). */
export const owns = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);
