import type { AppStart } from './app-start';
import type { EarlyCall } from './hints';
import type { EarlyPage } from './page';
import type { EarlySite } from './raw-site';
import type { Visit } from './visit';
import { record, stored, text } from './values';

/** An API base as the calls are sent to it: absolute, without a trailing slash. */
const baseOf = (win: Window, api: string) => new URL(api, win.location.href).href.replace(/\/$/, '');

export interface FirstCalls {
  /** On a member's lobby drawn with its code held: its list, sent now to the API the frame was drawn with. */
  sendHeldList: (member: boolean, prefix: string | null) => void;
  /** The brand check, the profile and a lobby's list, once config.json names the API. */
  send: (config: Record<string, unknown>, site: EarlySite, api: string, prefix: string) => void;
}

/**
 * A member's first calls, sent the moment the API is known rather than once the app's code has arrived and run: the
 * brand check and the profile on every page, and on a lobby the shown brand's game list. Reads only; the app's API
 * client takes each reply when it makes the same call (same method, path and body, by the key of
 * core/api/early-calls.ts) and handles it like one of its own; any call it does not find here, it sends itself.
 */
export function firstCalls(page: EarlyPage, app: AppStart, visit: Visit): FirstCalls {
  const { win, doc, hints } = page;
  const calls: Record<string, EarlyCall> = {};
  page.early.calls = calls;
  /** Sends one call to the API at `api` and keeps it by the key the API client looks it up by. */
  const send = (api: string, call: { method: string; path: string }, body: Record<string, string>) => {
    const base = baseOf(win, api);
    const get = call.method === 'get';
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (!get) headers['Content-Type'] = 'application/json';
    const fields = Object.keys(body)
      .sort()
      .map((name) => [name, String(body[name])]);
    const key = call.method + ' ' + call.path + ' ' + JSON.stringify(fields);
    const stop = new AbortController();
    const entry: EarlyCall = {
      sentAt: Date.now(),
      reply: win.fetch(base + call.path + (get ? '?' + new URLSearchParams(body).toString() : ''), {
        method: get ? 'GET' : 'POST',
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        headers,
        body: get ? undefined : JSON.stringify(body),
        signal: stop.signal,
      }),
    };
    // A reply nobody took while it was fresh is dropped, so it holds no connection open.
    win.setTimeout(() => {
      if (calls[key] === entry) {
        delete calls[key];
        stop.abort();
      }
    }, hints.earlyCallMaxAgeMs);
    entry.reply.then(
      () => {
        entry.answeredAt = Date.now();
      },
      () => undefined,
    );
    calls[key] = entry;
    return { key, reply: entry.reply };
  };

  /**
   * The address of the lobby list a member's first calls ask for on this page, or null: no lobby, no such brand, or its
   * list kept from the last visit and fresh. The lobby's brand as the host picks it: the address's, else the member's
   * last choice of an open brand, else the default.
   */
  const listToAsk = (brandKey: string | null): string | null => {
    const lobby = record(hints.lobbies[visit.page]);
    const urls = record(lobby.urls);
    if (!lobby.storageKey || brandKey === null) return null;
    let brand = visit.params.get('brand');
    if (!brand || !urls[brand]) {
      brand = stored(win, text(lobby.storageKey));
      const open: unknown[] = Array.isArray(lobby.open) ? lobby.open : [];
      if (open.indexOf(brand) < 0) brand = null;
    }
    if (!brand || !urls[brand]) brand = text(lobby.fallback);
    let keptAt: unknown;
    try {
      keptAt = record(JSON.parse(stored(win, hints.keptListTagsKey + brandKey) || '{}'))[text(record(lobby.tags)[brand])];
    } catch {
      keptAt = undefined;
    }
    const kept = typeof keptAt === 'number' && Date.now() - keptAt <= hints.keptListMaxAgeMs;
    return urls[brand] && !kept ? text(urls[brand]) : null;
  };
  /** Releases the held code once a list call has been read to its end (its headers come a whole list before its last byte). */
  const releaseWhenRead = (reply: Promise<Response>) => reply.then((answer) => answer.clone().arrayBuffer()).then(app.release, app.release);

  let listSent: { api: string; key: string } | null = null;
  return {
    // A member's lobby drawn with its code held (the list first, app-start.ts): held while the list is on its way, else
    // asked for when the app starts (the frame's own script starts it once the frame is parsed). Asked for in the
    // head, the code's requests held a repeat visit's kept lobby back from its first paint (0.94 s against 0.63 s on
    // the phone profile). The list goes now, to the API the frame was drawn with, rather than once config.json has
    // been read, a round trip and the frame's first layout later on a phone; config.json's own API decides once it
    // is read (send, below).
    sendHeldList(member, prefix) {
      if (!doc.querySelector('template[' + hints.heldCodeAttribute + ']')) return;
      const list = member ? listToAsk(prefix) : null;
      if (list === null) return;
      app.hold();
      const drawnApi = doc.documentElement.getAttribute(hints.drawnApiAttribute);
      if (drawnApi) {
        const sent = send(drawnApi, hints.apiCalls.gclubGame, { url: list });
        releaseWhenRead(sent.reply);
        listSent = { api: baseOf(win, drawnApi), key: sent.key };
      }
      win.setTimeout(app.release, hints.listFirstBoundMs);
    },
    send(config, site, api, prefix) {
      send(api, hints.apiCalls.checkPrefix, { prefix, divisions: site.divided ? 'true' : 'false' });
      const list = listToAsk(prefix);
      // A list already sent to the API config.json names stands; one sent to another (the frame was drawn before the
      // API moved) is no reply the app may take, and the list goes again, to this one.
      const stands = listSent !== null && listSent.api === baseOf(win, api) && list !== null;
      if (listSent && !stands) delete calls[listSent.key];
      if (list && !stands) releaseWhenRead(send(api, hints.apiCalls.gclubGame, { url: list }).reply);
      if (!list) app.release();
      // The token travels encrypted (AES-256-CBC, the configured key and IV as UTF-8, Base64), as the API client sends it.
      const crypt = record(config.crypto);
      const subtle = win.crypto && win.crypto.subtle;
      let token = '';
      try {
        token = decodeURIComponent(visit.cookies[hints.sessionCookies[0] + prefix] || '');
      } catch {
        // An unreadable cookie: the app's own check decides.
      }
      const type = visit.cookies[hints.sessionCookies[1] + prefix];
      if (!subtle || !token || (type !== 'phone' && type !== 'line')) return;
      const utf8 = (value: string) => new TextEncoder().encode(value);
      subtle
        .importKey('raw', utf8(text(crypt.key)), { name: 'AES-CBC' }, false, ['encrypt'])
        .then((key) => subtle.encrypt({ name: 'AES-CBC', iv: utf8(text(crypt.iv)) }, key, utf8(token)))
        .then((sealed) =>
          send(api, hints.apiCalls.getProfile, {
            prefix,
            type,
            token: win.btoa(String.fromCharCode.apply(null, Array.from(new Uint8Array(sealed)))),
          }),
        )
        .catch(() => undefined);
    },
  };
}
