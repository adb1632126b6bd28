import { WebSocket } from 'ws';
import { DEFAULT_PUSHER } from '../config';
import { signRestQuery } from '../pusher/signatures';

/** A frame as it arrives: `data` is left as sent (a JSON string for events, an object for errors and pongs). */
export interface ReceivedFrame {
  event: string;
  channel?: string;
  data?: unknown;
}

export const PUSHER_QUERY = 'protocol=7&client=js&version=8.4.0&flash=false';

/**
 * A real `ws` client speaking the Pusher protocol, for tests: it keeps every frame, and `next` waits for the first one
 * not yet taken that matches.
 */
export class TestSocket {
  readonly frames: ReceivedFrame[] = [];
  private taken = new Set<ReceivedFrame>();
  private waiters: Array<() => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      this.frames.push(JSON.parse(raw.toString()) as ReceivedFrame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((done) => ws.on('close', (code, reason) => done({ code, reason: reason.toString() })));
  }

  /** The first frame not yet taken that matches (an event name, or a predicate), waiting up to `timeoutMs`. */
  next(match: string | ((frame: ReceivedFrame) => boolean), timeoutMs = 3000): Promise<ReceivedFrame> {
    const test = typeof match === 'string' ? (frame: ReceivedFrame) => frame.event === match : match;
    return new Promise((resolve, reject) => {
      const look = () => {
        const frame = this.frames.find((f) => !this.taken.has(f) && test(f));
        if (!frame) return false;
        this.taken.add(frame);
        clearTimeout(timer);
        resolve(frame);
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wait);
        reject(
          new Error(
            `no frame ${typeof match === 'string' ? match : 'matching'} within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`,
          ),
        );
      }, timeoutMs);
      const wait = () => {
        if (!look()) this.waiters.push(wait);
      };
      wait();
    });
  }

  /** Resolves false if no frame matching arrives within `ms`. */
  async nothing(match: string | ((frame: ReceivedFrame) => boolean), ms = 300): Promise<boolean> {
    try {
      await this.next(match, ms);
      return false;
    } catch {
      return true;
    }
  }

  send(frame: { event: string; data?: unknown; channel?: string }): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** The socket id of the connection_established frame. */
  async socketId(): Promise<string> {
    const frame =
      this.frames.find((f) => f.event === 'pusher:connection_established') ?? (await this.next('pusher:connection_established'));
    return (JSON.parse(String(frame.data)) as { socket_id: string }).socket_id;
  }

  close(): void {
    this.ws.terminate();
  }
}

/** Opens `/app/{key}` on the simulator's API port (http base → ws). */
export async function openSocket(base: string, key: string = DEFAULT_PUSHER.key, query = PUSHER_QUERY): Promise<TestSocket> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/app/${encodeURIComponent(key)}?${query}`);
  const socket = new TestSocket(ws);
  await new Promise<void>((done, fail) => {
    ws.once('open', () => done());
    ws.once('error', fail);
  });
  return socket;
}

/** A signed Pusher REST trigger, as a Pusher server library sends it. */
export function restTrigger(
  base: string,
  body: unknown,
  options: { secret?: string; timestampS?: number; appId?: string; tamper?: (q: URLSearchParams) => void } = {},
) {
  const appId = options.appId ?? DEFAULT_PUSHER.appId;
  const path = `/apps/${appId}/events`;
  const text = JSON.stringify(body);
  const query = signRestQuery(
    { appId, key: DEFAULT_PUSHER.key, secret: options.secret ?? DEFAULT_PUSHER.secret },
    'POST',
    path,
    text,
    options.timestampS ?? Math.floor(Date.now() / 1000),
  );
  options.tamper?.(query);
  return fetch(`${base}${path}?${query.toString()}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text });
}
