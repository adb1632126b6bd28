import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SimFault } from '../control-types';
import { BROKEN_BODIES, apiRouteName, type FaultBook } from '../faults';
import type { Logger } from '../log';
import type { RequestLog } from '../state/request-log';
import type { WireCipher } from '../wire/crypto';
import { sealEnvelope } from '../wire/envelope';
import { readFormBody, readJsonBody } from './body';
import { controlOriginProblem, isControlPath } from './control-guard';
import { allowedOrigin, answerPreflight, applyCors } from './cors';
import { ReplyError, type Reply } from './reply';
import type { Route, Router } from './router';

export interface PipelineDeps {
  router: Router;
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

const firstHeader = (value: string | string[] | undefined): string | null =>
  Array.isArray(value) ? (value[0] ?? null) : (value ?? null);

/**
 * One request, start to end: CORS and preflight, routing, body parsing, the request record, faults, the handler,
 * the reply (sealed for API routes) and one log line.
 */
export function createPipeline(deps: PipelineDeps): RequestListener {
  const { router, cipher, logger, faults, requests } = deps;

  const write = (res: ServerResponse, reply: Reply): void => {
    if (reply.kind === 'raw') {
      res.writeHead(reply.status, reply.headers).end(reply.body);
      return;
    }
    const body = reply.kind === 'api' ? sealEnvelope(cipher, reply.body) : JSON.stringify(reply.body);
    const extra = reply.kind === 'api' ? (reply.headers ?? {}) : {};
    res.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...extra }).end(body);
  };

  /** API routes answer the sealed `{status:false, message}`, the control API `{ok:false, error}`, the rest plain JSON. */
  const errorReply = (route: Route | null, status: number, message: string, control = route?.kind === 'control'): Reply => {
    if (route?.kind === 'api') return { kind: 'api', status, body: { status: false, message } };
    return { kind: 'json', status, body: control ? { ok: false, error: message } : { status: false, message } };
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

  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const method = req.method ?? 'GET';
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://sim.invalid');
    } catch {
      res.writeHead(400, { 'Content-Length': '0' }).end();
      logger.request({ method, route: '(unmatched)', status: 400, ms: 0 });
      return;
    }
    const origin = allowedOrigin(req, deps.allowedOrigins);
    const replied = new Promise<void>((done) => {
      res.once('finish', () => done());
      res.once('close', () => done());
    });
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Date', new Date((deps.now ?? Date.now)()).toUTCString());
    let routeName = '(unmatched)';

    const finish = (status: number) => {
      logger.request({ method, route: routeName, status, ms: Math.round((performance.now() - started) * 10) / 10 });
    };

    void (async () => {
      if (method === 'OPTIONS') {
        routeName = router.nameOf(url.pathname) ?? routeName;
        finish(answerPreflight(res, origin));
        return;
      }
      applyCors(res, origin);

      const control = isControlPath(url.pathname);
      const refusal = control ? controlOriginProblem(req, deps.allowedOrigins) : null;
      if (refusal !== null) {
        // Refused before the body is read or any handler runs: nothing changes.
        req.resume();
        routeName = router.nameOf(url.pathname) ?? routeName;
        write(res, errorReply(null, 403, refusal, true));
        finish(403);
        return;
      }

      const match = router.match(method, url.pathname);
      if (!match.found) {
        // Drain the body so the connection can be reused.
        req.resume();
        const underApi = deps.apiPrefix !== undefined && url.pathname.startsWith(deps.apiPrefix);
        const status = match.allowed.length > 0 ? 405 : 404;
        if (status === 405) res.setHeader('Allow', [...new Set(match.allowed)].join(', '));
        const message = status === 405 ? 'Method not allowed' : 'Not found';
        write(res, underApi ? { kind: 'api', status, body: { status: false, message } } : errorReply(null, status, message, control));
        finish(status);
        return;
      }

      const { route, params } = match;
      routeName = route.name;
      const parsed =
        method === 'GET'
          ? ({ ok: true, fields: {}, present: false, text: '' } as const)
          : route.readBody
            ? await route.readBody(req)
            : route.kind === 'page'
              ? await readFormBody(req)
              : await readJsonBody(req);

      let reply: Reply;
      if (!parsed.ok) {
        reply = errorReply(route, parsed.status, parsed.message);
      } else {
        const fault = route.kind === 'api' ? faults.take(apiRouteName(route.name)) : undefined;
        const ctx = { req, url, query: url.searchParams, params, body: parsed.fields, rawBody: parsed.text, origin, replied };
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
          method,
          route: route.name,
          status: reply.status,
          origin: firstHeader(req.headers.origin),
          referer: firstHeader(req.headers.referer),
          contentType: firstHeader(req.headers['content-type']),
          hasAuthorization: req.headers.authorization !== undefined,
          queryFields: [...new Set(url.searchParams.keys())],
          bodyFields: parsed.ok ? Object.keys(parsed.fields) : [],
        });
      }
      write(res, reply);
      finish(reply.status);
    })().catch((error: unknown) => {
      logger.event('error', 'request failed', { method, route: routeName, error: error instanceof Error ? error.name : 'unknown' });
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' }).end('{"status":false,"message":"Internal error"}');
      } else {
        res.destroy();
      }
      finish(500);
    });
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
}
