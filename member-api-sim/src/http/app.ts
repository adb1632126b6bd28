import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpBindings } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { SimFault } from '../control-types';
import { BROKEN_BODIES, apiRouteName, type FaultBook } from '../faults';
import type { Logger } from '../log';
import type { RequestLog } from '../state/request-log';
import type { WireCipher } from '../wire/crypto';
import { sealEnvelope } from '../wire/envelope';
import { BODY_LIMIT, mediaTypeOf, readFormBody, readJsonBody, type BodyResult } from './body';
import { controlOriginProblem, CONTROL_PREFIX } from './control-guard';
import { allowedOrigin, applyCors, preflightAnswer } from './cors';
import { ReplyError, type Reply } from './reply';
import type { Route } from './route';

export interface AppDeps {
  routes: readonly Route[];
  cipher: WireCipher;
  logger: Logger;
  allowedOrigins: readonly string[];
  faults: FaultBook;
  requests: RequestLog;
  /** Unmatched paths under this prefix get a sealed 404 (an API client expects the envelope). */
  apiPrefix?: string;
  /** The simulator's clock: every reply's `Date` header tells it, as a real server's would. */
  now?: () => number;
}

type Env = { Bindings: HttpBindings; Variables: { route: string; origin: string | null } };
type Ctx = Context<Env>;

const UNMATCHED = '(unmatched)';
const EMPTY_BODY: BodyResult = { ok: true, fields: {}, present: false, text: '' };

/**
 * One request, start to end, on Hono: CORS and preflight, the control API's origin guard, routing (404 and 405 in the
 * shape of the part asked), body parsing, faults, the handler, the request record, the reply (sealed for API routes)
 * and one log line.
 */
export function createApp(deps: AppDeps): Hono<Env> {
  const { cipher, logger, faults, requests } = deps;
  const app = new Hono<Env>();

  const toResponse = (reply: Reply): Response => {
    if (reply.kind === 'raw') return new Response(reply.body === '' ? null : reply.body, { status: reply.status, headers: reply.headers });
    const body = reply.kind === 'api' ? sealEnvelope(cipher, reply.body) : JSON.stringify(reply.body);
    const extra = reply.kind === 'api' ? (reply.headers ?? {}) : {};
    return new Response(body, {
      status: reply.status,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...extra },
    });
  };

  /** API routes answer the sealed `{status:false, message}`, the control API `{ok:false, error}`, the rest plain JSON. */
  const errorReply = (route: Route | null, status: number, message: string, control = route?.kind === 'control'): Reply => {
    if (route?.kind === 'api') return { kind: 'api', status, body: { status: false, message } };
    return { kind: 'json', status, body: control ? { ok: false, error: message } : { status: false, message } };
  };

  /** A 404 or 405 in the shape of the part asked: sealed under the API's prefix, the control API's, or plain JSON. */
  const notFoundReply = (c: Ctx, status: number, message: string): Reply => {
    const { pathname } = new URL(c.req.url);
    if (deps.apiPrefix !== undefined && pathname.startsWith(deps.apiPrefix))
      return { kind: 'api', status, body: { status: false, message } };
    return errorReply(null, status, message, pathname.startsWith(CONTROL_PREFIX));
  };

  /** What a fault answers: a broken body, or the error envelope of its status; undefined for a delay alone. */
  const faultReply = (route: Route, fault: SimFault | undefined): Reply | undefined => {
    // Properly sealed, so a client gets past decryption and meets a reply of the wrong shape.
    if (fault?.body === 'shape') return { kind: 'api', status: fault.status ?? 200, body: fault.reply };
    if (fault?.body !== undefined) {
      return {
        kind: 'raw',
        status: fault.status ?? 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
        body: BROKEN_BODIES[fault.body],
      };
    }
    if (fault?.status !== undefined) {
      const reply = errorReply(route, fault.status, `Simulated fault (HTTP ${fault.status})`);
      if (fault.retryAfter !== undefined && reply.kind === 'api') return { ...reply, headers: { 'Retry-After': String(fault.retryAfter) } };
      return reply;
    }
    return undefined;
  };

  async function runHandler(route: Route, ctx: Parameters<Route['handler']>[0]): Promise<Reply> {
    try {
      return await route.handler(ctx);
    } catch (error) {
      if (error instanceof ReplyError) {
        return route.kind === 'api'
          ? { kind: 'api', status: error.status, body: error.body }
          : { kind: 'json', status: error.status, body: error.body };
      }
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
      logger.event('error', 'handler failed', { route: route.name, error: detail });
      return errorReply(route, 500, 'Internal error');
    }
  }

  /** The reply once the body is read (or refused): faults, the handler, then the request's record. */
  async function answer(c: Ctx, route: Route, parsed: BodyResult): Promise<Response> {
    const { incoming, outgoing } = c.env;
    const url = new URL(c.req.url);
    let reply: Reply;
    if (!parsed.ok) {
      reply = errorReply(route, parsed.status, parsed.message);
    } else {
      const fault = route.kind === 'api' ? faults.take(apiRouteName(route.name)) : undefined;
      const replied = new Promise<void>((done) => {
        outgoing.once('finish', () => done());
        outgoing.once('close', () => done());
      });
      const ctx = {
        req: incoming,
        url,
        query: url.searchParams,
        params: c.req.param(),
        body: parsed.fields,
        rawBody: parsed.text,
        origin: c.get('origin'),
        replied,
      };
      if (fault?.afterCommit) {
        // The handler runs (and commits) first; then the delay, then the fault's answer instead of the real one.
        const committed = await runHandler(route, ctx);
        if (fault.delayMs) await sleep(fault.delayMs);
        reply = faultReply(route, fault) ?? committed;
      } else {
        if (fault?.delayMs) await sleep(fault.delayMs);
        reply = faultReply(route, fault) ?? (await runHandler(route, ctx));
      }
    }
    if (route.kind !== 'control') {
      requests.record({
        time: new Date().toISOString(),
        method: c.req.method,
        route: route.name,
        status: reply.status,
        origin: c.req.header('origin') ?? null,
        referer: c.req.header('referer') ?? null,
        contentType: c.req.header('content-type') ?? null,
        hasAuthorization: c.req.header('authorization') !== undefined,
        queryFields: [...new Set(url.searchParams.keys())],
        bodyFields: parsed.ok ? Object.keys(parsed.fields) : [],
      });
    }
    return toResponse(reply);
  }

  // Every answer: the simulator's clock and no sniffing, CORS for the host's origins, and one log line.
  app.use(async (c, next) => {
    const started = performance.now();
    const origin = allowedOrigin(c.req.header('origin'), deps.allowedOrigins);
    c.set('route', UNMATCHED);
    c.set('origin', origin);
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Date', new Date((deps.now ?? Date.now)()).toUTCString());
    applyCors(c.res.headers, origin);
    logger.request({
      method: c.req.method,
      route: c.get('route'),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  // A page elsewhere is refused before the body is read or any handler runs: nothing changes. A preflight has its own rule.
  app.use(`${CONTROL_PREFIX}*`, async (c, next) => {
    const refusal = c.req.method === 'OPTIONS' ? null : controlOriginProblem(c.req.header('origin'), deps.allowedOrigins);
    if (refusal === null) return next();
    return toResponse(errorReply(null, 403, refusal, true));
  });

  const methodsAt = new Map<string, { name: string; methods: string[] }>();
  for (const route of deps.routes) {
    const at = methodsAt.get(route.path) ?? { name: route.name, methods: [] };
    at.methods.push(route.method);
    methodsAt.set(route.path, at);
    const run = async (c: Ctx) => {
      c.set('route', route.name);
      if (c.req.method === 'GET') return answer(c, route, EMPTY_BODY);
      const read = route.readBody ?? (route.kind === 'page' ? readFormBody : readJsonBody);
      return answer(c, route, read({ text: await c.req.text(), mediaType: mediaTypeOf(c.req.header('content-type')) }));
    };
    const tooLarge = (c: Ctx) => {
      c.set('route', route.name);
      return answer(c, route, { ok: false, status: 413, message: 'Body is too large' });
    };
    app.on(route.method, route.path, bodyLimit({ maxSize: BODY_LIMIT, onError: tooLarge }), run);
  }
  for (const [path, { name, methods }] of methodsAt) {
    app.options(path, (c) => {
      c.set('route', name);
      return preflightAnswer(c.get('origin'));
    });
    // Another method at a known path.
    app.all(path, (c) => {
      c.set('route', name);
      const response = toResponse(notFoundReply(c, 405, 'Method not allowed'));
      response.headers.set('Allow', [...new Set(methods)].join(', '));
      return response;
    });
  }
  app.options('*', (c) => preflightAnswer(c.get('origin')));

  app.notFound((c) => toResponse(notFoundReply(c, 404, 'Not found')));

  app.onError((error, c) => {
    logger.event('error', 'request failed', {
      method: c.req.method,
      route: c.get('route'),
      error: error instanceof Error ? error.name : 'unknown',
    });
    return new Response('{"status":false,"message":"Internal error"}', {
      status: 500,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
  });
  return app;
}
