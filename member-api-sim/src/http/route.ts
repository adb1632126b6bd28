import type { IncomingMessage } from 'node:http';
import type { BodyReader } from './body';
import type { Reply } from './reply';

/**
 * - `api`: an operator API call. JSON body (`application/json`), replies sealed in the encrypted envelope, faults
 *   from `/__sim/faults` apply, requests recorded for `/__sim/requests`.
 * - `page`: a browser page (LINE authorize, bank logos). Form bodies, plain replies, recorded.
 * - `control`: the test-control API and health. Plain JSON both ways (a body must be sent as `application/json`),
 *   errors `{ok: false, error}`, not recorded. Paths under `/__sim/` refuse a browser `Origin` other than the host's.
 */
export type RouteKind = 'api' | 'page' | 'control';
export type Method = 'GET' | 'POST' | 'DELETE';

export interface RouteContext {
  req: IncomingMessage;
  url: URL;
  query: URLSearchParams;
  params: Record<string, string>;
  body: Record<string, unknown>;
  /** The body as received (a signature may cover its exact bytes). */
  rawBody: string;
  /** The request's Origin when it is allowed (CORS), else null. */
  origin: string | null;
  /** Settles once the reply has gone out or the connection has closed, whichever comes first. */
  replied: Promise<void>;
}

export type Handler = (ctx: RouteContext) => Reply | Promise<Reply>;

/** One route of the simulator; `http/app.ts` registers it with Hono. */
export interface Route {
  method: Method;
  /** An exact path, or a Hono path pattern (`/apps/:appId/events`, `/promo/:prefix{[A-Za-z0-9]{4}}`) whose names become `params`. */
  path: string;
  /** Stable name for logs, request records and faults: the path, as written. */
  name: string;
  kind: RouteKind;
  handler: Handler;
  /** Reads the body instead of the kind's reader (JSON for `api`/`control`, form for `page`). */
  readBody?: BodyReader;
}
