import type { IncomingMessage } from 'node:http';
import type { BodyResult } from './body';
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

export interface Route {
  method: Method;
  /** An exact path, or a pattern whose named groups become `params`. */
  path: string | RegExp;
  /** Stable name for logs, request records and faults: the path, or the pattern written with `:param`. */
  name: string;
  kind: RouteKind;
  handler: Handler;
  /** Reads the body instead of the kind's reader (JSON for `api`/`control`, form for `page`). */
  readBody?: (req: IncomingMessage) => Promise<BodyResult>;
}

export type Match =
  | { found: true; route: Route; params: Record<string, string> }
  | { found: false; allowed: Method[] };

export class Router {
  private readonly routes: Route[] = [];

  add(route: Route): this {
    this.routes.push(route);
    return this;
  }

  list(): readonly Route[] {
    return this.routes;
  }

  /** The name of the first route at this path, whatever its method (for logging preflights). */
  nameOf(path: string): string | null {
    return this.routes.find((route) => matchPath(route.path, path) !== null)?.name ?? null;
  }

  match(method: string, path: string): Match {
    const allowed: Method[] = [];
    for (const route of this.routes) {
      const params = matchPath(route.path, path);
      if (!params) continue;
      if (route.method === method) return { found: true, route, params };
      allowed.push(route.method);
    }
    return { found: false, allowed };
  }
}

function matchPath(pattern: string | RegExp, path: string): Record<string, string> | null {
  if (typeof pattern === 'string') return pattern === path ? {} : null;
  const match = pattern.exec(path);
  if (!match) return null;
  return { ...(match.groups ?? {}) };
}
