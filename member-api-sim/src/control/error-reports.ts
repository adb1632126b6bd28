import type { BodyReader } from '../http/body';
import { json } from '../http/reply';
import type { Route } from '../http/route';
import type { Sim } from '../sim';

const REPORT_LIMIT = 16 * 1024;

/**
 * A report arrives as a CORS-simple request: `text/plain` carrying JSON (no preflight), or `application/json`. It must
 * be a JSON object.
 */
export const readReportBody: BodyReader = ({ text, mediaType }) => {
  if (Buffer.byteLength(text, 'utf8') > REPORT_LIMIT) return { ok: false, status: 413, message: 'Report too large' };
  if (mediaType !== 'text/plain' && mediaType !== 'application/json')
    return { ok: false, status: 415, message: 'Send the report as text/plain or application/json' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, message: 'The report is not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, status: 400, message: 'The report must be a JSON object' };
  return { ok: true, fields: parsed as Record<string, unknown>, present: true, text };
};

const stringOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * `POST /reports`: where the host's page sends its error reports (`errorReportUrl`). Outside `/__sim/` so a page on
 * any of the host's origins may post it; answered with CORS for those origins like the API.
 */
export const reportBeaconRoute = (sim: Sim): Route => ({
  method: 'POST',
  path: '/reports',
  name: '/reports',
  kind: 'page',
  readBody: readReportBody,
  handler: ({ body, req }) => {
    if (typeof body.kind !== 'string' || typeof body.message !== 'string')
      return json({ status: false, message: 'A report needs a kind and a message' }, 400);
    sim.errorReports.add({
      kind: body.kind,
      message: body.message,
      site: stringOrNull(body.site),
      theme: stringOrNull(body.theme),
      page: stringOrNull(body.page),
      path: stringOrNull(body.path),
      version: stringOrNull(body.version),
      time: stringOrNull(body.time),
      receivedAt: sim.now(),
      origin: stringOrNull(req.headers.origin),
      withCookie: req.headers.cookie !== undefined,
    });
    return json({ status: true }, 202);
  },
});

/** `GET /__sim/reports`: the error reports received, oldest first. `DELETE /__sim/reports` forgets them. */
export const errorReportRoutes = (sim: Sim): Route[] => [
  {
    method: 'GET',
    path: '/__sim/reports',
    name: '/__sim/reports',
    kind: 'control',
    handler: () => json({ reports: sim.errorReports.list() }),
  },
  {
    method: 'DELETE',
    path: '/__sim/reports',
    name: '/__sim/reports',
    kind: 'control',
    handler: () => {
      sim.errorReports.clear();
      return json({ ok: true });
    },
  },
];
